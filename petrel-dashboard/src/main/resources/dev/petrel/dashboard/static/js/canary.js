'use strict';
// Canary: the report of the correctness canary running in the dashboard's process, refreshed every 5 s.
(() => {
  const { api, el, $, clear, time, table, facts, say, liveChart, poll, start } = Petrel;
  let chart = null;

  function card(label, value, id) {
    return el('div', { class: 'card' }, el('span', { class: 'label' }, label),
      el('span', { class: 'value', id }, value));
  }

  const COUNTS = ['Acked', 'Received', 'Pending', 'Lost', 'Duplicated', 'Out of order', 'Late', 'Failed sends'];
  const counts = (c) => [c.acked, c.received, c.pending, c.lost, c.duplicated, c.outOfOrder, c.late, c.failedAttempts];

  async function refresh() {
    const r = await api('canary');
    const cards = clear($('cards'));
    $('main').dataset.running = String(r.running);
    if (!r.running) {
      say(r.message, 'ok');
      return;
    }
    const t = r.total;
    cards.append(card('Lost', t.lost, 'card-lost'), card('Duplicated', t.duplicated, 'card-duplicated'),
      card('Out of order', t.outOfOrder, 'card-out-of-order'), card('Pending', t.pending, 'card-pending'),
      card('End-to-end p99', r.latency.p99 + ' ms', 'card-p99'));
    facts($('canary-facts'), [['Topic', r.topic], ['Run', r.runId], ['Snapshot', time(r.atMillis)],
      ['Sent', t.sent], ['Acknowledged (SEND_OK)', t.acked], ['Stored, not confirmed', t.unconfirmed],
      ['Received', t.received], ['Failed sends (retried)', t.failedAttempts], ['Foreign messages', r.foreign],
      ['Latency p50 / p99 / max', r.latency.p50 + ' / ' + r.latency.p99 + ' / ' + r.latency.max + ' ms']]);
    if (!chart) chart = liveChart($('canary-chart'), 'Canary', ['pending', 'lost', 'p99 ms']);
    chart.push([t.pending, t.lost, r.latency.p99]);
    await table($('canary-brokers'), ['Broker'].concat(COUNTS, ['p50 ms', 'p99 ms', 'Max ms']),
      r.brokers.map((b) => [b.broker].concat(counts(b.counts), [b.latency.p50, b.latency.p99, b.latency.max])),
      { empty: 'No broker found yet (the canary looks for masters every canaryDiscoveryIntervalMs).' });
    const queues = [];
    r.brokers.forEach((b) => b.queues.forEach((q) => queues.push([b.broker, q.queueId].concat(counts(q.counts),
      [q.nextSequence, q.startOffset, q.nextOffset, q.offsetResets]))));
    await table($('canary-queues'), ['Broker', 'Queue'].concat(COUNTS, ['Next sequence', 'Start offset',
      'Next offset', 'Offset resets']), queues, { empty: 'No queue watched yet.' });
    $('canary-brokers').dataset.lost = String(t.lost);
    $('canary-brokers').dataset.received = String(t.received);
  }

  start(async () => {
    try {
      await refresh();
    } catch (e) {
      say(e.message, 'error');
    }
    poll(() => refresh().catch((e) => say(e.message, 'error')));
  });
})();
