'use strict';
// Topics: the list (filtered by type), one topic's detail (?topic=), create/update and delete.
(() => {
  const { api, post, el, $, clear, time, num, table, facts, say, guard, param, start } = Petrel;
  let all = [];

  function render() {
    const system = $('show-system').checked;
    const retry = $('show-retry').checked;
    const rows = all.filter((t) => (system || t.type !== 'SYSTEM') && (retry || (t.type !== 'RETRY' && t.type !== 'DLQ')));
    const built = table($('topics'), [
      { name: 'Topic', link: (v) => ['/topics.html', { topic: v }] },
      'Type', 'Brokers', 'Read queues', 'Write queues', 'Permission'],
    rows.map((t) => [t.topic, t.type, t.brokers.join(', ') || '-', t.readQueues, t.writeQueues, t.perm || '-']),
    { empty: 'No topic matches.' });
    $('topics').dataset.count = String(rows.length);
    return built;
  }

  async function load() {
    const list = await api('topics');
    all = list.topics;
    await render();
    const errors = Object.entries(list.errors || {});
    if (errors.length) say('Some brokers did not answer: ' + errors.map(([b, e]) => b + ': ' + e).join('; '), 'error');
  }

  async function detail(topic) {
    const d = await api('topic', { topic });
    $('topic-detail').hidden = false;
    $('detail-title').textContent = 'Topic ' + d.topic;
    facts($('detail-facts'), [['Type', d.type], ['Messages stored', d.totalMessages],
      ['Put TPS (last minute)', num(d.putTps, 2)], ['Queues', d.queues.length]]);
    $('send-link').href = Petrel.href('/send.html', { topic: d.topic });
    table($('detail-queues'), ['Broker', 'Queue', 'Min offset', 'Max offset', 'Messages', 'Last updated'],
      d.queues.map((q) => [q.brokerName, q.queueId, q.minOffset, q.maxOffset, q.messages, time(q.lastUpdated)]),
      { empty: 'No queue.' });
    table($('detail-route'), ['Broker', 'Cluster', 'Addresses', 'Read queues', 'Write queues', 'Permission'],
      d.route.map((r) => [r.brokerName, r.cluster || '-',
        Object.entries(r.addresses).map(([id, a]) => id + ': ' + a).join(', '), r.readQueues, r.writeQueues, r.perm]));
    await table($('detail-groups'), [
      { name: 'Group', link: (v) => ['/groups.html', { group: v }] },
      'Lag', 'Consume TPS', 'Error'],
    d.groups.map((g) => [g.group, g.lag, num(g.consumeTps, 2), g.error || '']),
    { empty: 'No group consumes this topic.' });
    $('topic-detail').dataset.loaded = d.topic;
    $('edit-topic').onclick = () => {
      const r = d.route[0];
      $('new-topic').value = d.topic;
      if (r) {
        $('new-read').value = r.readQueues;
        $('new-write').value = r.writeQueues;
        $('new-perm').value = { RW: '6', R: '4', W: '2' }[r.perm] || '6';
        if (r.cluster) $('new-cluster').value = r.cluster;
      }
      $('new-read').focus();
    };
    const del = $('delete-topic');
    const confirm = $('delete-confirm');
    del.onclick = () => { confirm.hidden = false; confirm.focus(); };
    confirm.onclick = () => guard(null, async () => {
      const r = await post('topic/delete', { topic: d.topic });
      say('Deleted topic ' + r.topic + ' from ' + r.clusters.join(', ') + '.', 'ok');
      confirm.hidden = true;
      $('topic-detail').hidden = true;
      await load();
    });
  }

  async function create(event) {
    event.preventDefault();
    const form = $('create-form');
    await guard(form, async () => {
      const r = await post('topic/createOrUpdate', {
        topic: $('new-topic').value.trim(), readQueueNums: $('new-read').value, writeQueueNums: $('new-write').value,
        perm: $('new-perm').value, cluster: $('new-cluster').value || undefined,
      });
      say('Topic ' + r.topic + ' created or updated on ' + r.brokers.join(', ') + ' with ' + r.readQueueNums
        + ' read and ' + r.writeQueueNums + ' write queues.', 'ok');
      await load();
    });
  }

  start(async () => {
    $('create-form').addEventListener('submit', create);
    $('show-system').addEventListener('change', render);
    $('show-retry').addEventListener('change', render);
    try {
      await load();
      // the form's cluster choice after the list, so its admin calls do not delay the list
      Petrel.clusterChoices($('new-cluster')).catch((e) => say(e.message, 'error'));
      const topic = param('topic');
      if (topic) await detail(topic);
    } catch (e) {
      say(e.message, 'error');
    }
  });
})();
