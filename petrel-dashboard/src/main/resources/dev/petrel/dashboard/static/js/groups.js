'use strict';
// Consumer groups: the list, create/update, one group's detail (?group=) with a live lag chart, the offset reset and
// the group's deletion.
(() => {
  const { api, post, el, $, clear, time, num, table, facts, say, guard, liveChart, poll, param,
    localInput, fromLocalInput, clusterChoices, start } = Petrel;
  let all = [];
  let chart = null;
  let polling = null;
  let deleted = false;

  function render() {
    const system = $('show-system').checked;
    const rows = all.filter((g) => system || !g.system);
    const built = table($('groups'), [
      { name: 'Group', link: (v) => ['/groups.html', { group: v }] },
      'Members', 'Type', 'Model', 'Lag', 'Consume TPS', 'Orderly', 'Max retries'],
    rows.map((g) => [g.group, g.members, g.consumeType || '-', g.messageModel || '-', num(g.lag),
      num(g.consumeTps, 2), g.orderly ? 'yes' : 'no', g.retryMaxTimes]),
    { empty: 'No consumer group matches.' });
    $('groups').dataset.count = String(rows.length);
    return built;
  }

  function showDetail(d) {
    $('group-detail').hidden = false;
    $('group-title').textContent = 'Group ' + d.group;
    facts($('group-facts'), [['Online', d.online ? 'yes (' + d.members.length + ' members)' : 'no member connected'],
      ['Total lag', d.lag], ['Consume TPS', num(d.consumeTps, 2)], ['Consume type', d.consumeType || '-'],
      ['Message model', d.messageModel || '-'], ['Consume from', d.consumeFromWhere || '-']]
      .concat(d.statsError ? [['Statistics', d.statsError]] : []));
    table($('group-queues'), ['Topic', 'Broker', 'Queue', 'Broker offset', 'Consumer offset', 'Lag', 'Last consumed'],
      d.queues.map((q) => [q.topic, q.brokerName, q.queueId, q.brokerOffset, q.consumerOffset, q.lag,
        time(q.lastTimestamp)]), { empty: 'No offsets: the group has not consumed yet.' });
    table($('group-members'), ['Client id', 'Address', 'Language', 'Version'],
      d.members.map((m) => [m.clientId, m.clientAddr, m.language, m.version]), { empty: 'No member is online.' });
    table($('group-subs'), ['Topic', 'Expression'], d.subscriptions.map((s) => [s.topic, s.expression]),
      { empty: 'No subscription (members are offline).' });
    $('group-detail').dataset.lag = String(d.lag);
    $('group-detail').dataset.loaded = d.group;
  }

  async function load() {
    all = await api('groups');
    await render();
  }

  async function create(event) {
    event.preventDefault();
    const form = $('group-form');
    await guard(form, async () => {
      const r = await post('group/createOrUpdate', {
        group: $('new-group').value.trim(), retryMaxTimes: $('new-retries').value,
        retryQueueNums: $('new-retry-queues').value, consumeMessageOrderly: $('new-orderly').checked,
        consumeBroadcastEnable: $('new-broadcast').checked, cluster: $('new-group-cluster').value || undefined,
      });
      say('Group ' + r.group + ' created or updated on ' + r.brokers.join(', ') + ' with at most '
        + r.retryMaxTimes + ' retries.', 'ok');
      await load();
    });
  }

  function actions(d) {
    $('edit-group').onclick = () => {
      const row = all.find((g) => g.group === d.group);
      $('new-group').value = d.group;
      if (row) {
        $('new-retries').value = row.retryMaxTimes;
        $('new-orderly').checked = row.orderly;
        $('new-broadcast').checked = row.broadcast;
      }
      $('new-retries').focus();
    };
    const confirm = $('delete-group-confirm');
    $('delete-group').onclick = () => { confirm.hidden = false; confirm.focus(); };
    confirm.onclick = () => guard(null, async () => {
      const r = await post('group/delete', { group: d.group });
      clearInterval(polling); // the detail of a deleted group is not shown again
      deleted = true;
      say('Deleted group ' + r.group + ' from ' + r.brokers.join(', ') + '.', 'ok');
      confirm.hidden = true;
      $('group-detail').hidden = true;
      await load();
    });
  }

  async function detail(group, first) {
    const d = await api('group', { group });
    if (deleted) return;
    showDetail(d);
    if (!chart) chart = liveChart($('lag-chart'), 'Lag of ' + group + ' (messages)', ['lag']);
    chart.push([d.lag]);
    if (first) {
      actions(d);
      const select = clear($('reset-topic'));
      d.topics.filter((t) => !t.startsWith('%RETRY%')).forEach((t) => select.append(el('option', { value: t }, t)));
    }
  }

  async function reset(event, group) {
    event.preventDefault();
    const form = $('reset-form');
    const mode = form.querySelector('input[name="mode"]:checked').value;
    await guard(form, async () => {
      const params = { group, topic: $('reset-topic').value, mode };
      if (mode === 'time') {
        const ms = fromLocalInput($('reset-time').value);
        if (ms === null) throw new Error('choose a time to reset to');
        params.timestamp = ms;
      }
      const rows = await post('group/resetOffset', params);
      say('Offsets of ' + group + ' on ' + params.topic + ' reset (' + rows.length + ' queues).', 'ok');
      table($('reset-result'), ['Broker', 'Queue', 'New offset'], rows.map((r) => [r.brokerName, r.queueId, r.offset]));
      await detail(group, false);
    });
  }

  start(async () => {
    $('show-system').addEventListener('change', render);
    $('group-form').addEventListener('submit', create);
    try {
      await load();
      clusterChoices($('new-group-cluster')).catch((e) => say(e.message, 'error'));
      const group = param('group');
      if (group) {
        $('reset-time').value = localInput(Date.now() - 3600000);
        $('reset-form').addEventListener('submit', (e) => reset(e, group));
        await detail(group, true);
        polling = poll(() => detail(group, false).catch((e) => say(e.message, 'error')));
      }
    } catch (e) {
      say(e.message, 'error');
    }
  });
})();
