'use strict';
// Overview: cards, the brokers table, and a live chart of the summed put and get TPS (polled every 5 s).
(() => {
  const { api, el, $, clear, num, table, say, liveChart, poll, start } = Petrel;
  let chart = null;

  function card(label, value, id) {
    return el('div', { class: 'card' }, el('span', { class: 'label' }, label),
      el('span', { class: 'value', id }, value));
  }

  async function refresh() {
    let o;
    try {
      o = await api('overview');
    } catch (e) {
      say(e.message, 'error');
      return;
    }
    const cards = clear($('cards'));
    const masters = o.brokers.filter((b) => b.brokerId === 0).length;
    cards.append(card('NameServer', o.namesrvAddr, 'card-ns'), card('Clusters', o.clusters, 'card-clusters'),
      card('Brokers', masters + ' master' + (masters === 1 ? '' : 's') + ', ' + (o.brokers.length - masters)
        + ' replica' + (o.brokers.length - masters === 1 ? '' : 's'), 'card-brokers'),
      card('Topics', o.topics, 'card-topics'));
    let tin = 0;
    let tout = 0;
    for (const b of o.brokers) { tin += b.inTps || 0; tout += b.outTps || 0; }
    if (!chart) chart = liveChart($('tps-chart'), 'Messages per second', ['in (put)', 'out (get)']);
    chart.push([tin, tout]);
    table($('brokers'), ['Cluster', 'Broker', 'ID', 'Role', 'Address', 'Version', 'In TPS', 'Out TPS',
      'In today', 'Out today', 'Disk used', 'Error'],
    o.brokers.map((b) => [b.cluster, b.brokerName, b.brokerId, b.role, b.address, b.version || '-',
      num(b.inTps, 2), num(b.outTps, 2), num(b.inToday), num(b.outToday),
      b.diskRatio === null || b.diskRatio === undefined ? 'n/a' : (b.diskRatio * 100).toFixed(1) + ' %',
      b.error || '']), { empty: 'No broker is registered with this NameServer.' });
    $('brokers').dataset.loaded = 'true';
  }

  // The first refresh is awaited, so the page is ready once it shows data; the next ones come every 5 s.
  start(async () => {
    await refresh();
    poll(refresh);
  });
})();
