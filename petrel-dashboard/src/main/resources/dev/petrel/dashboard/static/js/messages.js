'use strict';
// Messages: search by topic + time, by key, by id; one message's detail (?topic=&msgId=) and resend.
(() => {
  const { api, post, $, clear, time, table, facts, say, guard, param, localInput, fromLocalInput,
    start } = Petrel;
  let current = null;

  function results(search) {
    table($('results'), [
      { name: 'Message id', link: (v, row) => ['/messages.html', { topic: row[1], msgId: v }] },
      'Topic', 'Tags', 'Keys', 'Broker', 'Queue', 'Offset', 'Stored', 'Body bytes'],
    search.messages.map((m) => [m.msgId, m.topic, m.tags || '', (m.keys || []).join(' '), m.brokerName, m.queueId,
      m.queueOffset, time(m.storeTimestamp), m.bodyLength]), { empty: 'No message found.' });
    $('results').dataset.count = String(search.messages.length);
    say(search.messages.length + ' message' + (search.messages.length === 1 ? '' : 's') + ' found.'
      + (search.note ? ' ' + search.note : ''), 'ok');
  }

  function showBody() {
    if (!current) return;
    const hex = $('body-hex').checked;
    $('message-body').textContent = (hex ? current.bodyHex : current.bodyText)
      + (current.bodyTruncated ? '\n… (' + current.bodyLength + ' bytes; the first 65536 are shown)' : '');
  }

  async function detail(topic, msgId) {
    const m = await api('message', { topic, msgId });
    current = m;
    $('message-detail').hidden = false;
    $('message-title').textContent = 'Message ' + m.msgId;
    facts($('message-facts'), [['Topic', m.topic], ['Message id', m.msgId], ['Offset id', m.offsetMsgId],
      ['Tags', m.tags || '-'], ['Keys', (m.keys || []).join(' ') || '-'], ['Broker', m.brokerName],
      ['Queue', m.queueId], ['Queue offset', m.queueOffset], ['CommitLog offset', m.commitLogOffset],
      ['Born', time(m.bornTimestamp) + ' at ' + m.bornHost], ['Stored', time(m.storeTimestamp) + ' at ' + m.storeHost],
      ['Reconsume times', m.reconsumeTimes], ['Body', m.bodyLength + ' bytes']]);
    table($('message-tracks'), ['Group', 'State'], m.tracks.map((t) => [t.group, t.state]),
      { empty: m.tracksError || 'No group consumes this topic.' });
    table($('message-props'), ['Name', 'Value'], Object.entries(m.properties), { empty: 'No property.' });
    showBody();
    $('message-detail').dataset.loaded = m.msgId;
    $('resend').onclick = () => guard(null, async () => {
      const r = await post('message/resend', { topic: m.topic, msgId: m.msgId });
      say('Resent to ' + r.topic + ': ' + r.status + ', new message id ' + r.msgId + ' (queue ' + r.queueId
        + ', offset ' + r.queueOffset + ').', 'ok', $('resend-result'));
      $('resend-result').dataset.msgId = r.msgId;
    }, $('resend-result'));
  }

  function onSubmit(id, action) {
    $(id).addEventListener('submit', (event) => {
      event.preventDefault();
      guard($(id), action);
    });
  }

  start(async () => {
    const now = Date.now();
    $('t-begin').value = localInput(now - 3600000);
    $('t-end').value = localInput(now + 60000);
    $('body-text').addEventListener('change', showBody);
    $('body-hex').addEventListener('change', showBody);
    onSubmit('time-form', async () => results(await api('messages/byTime', { topic: $('t-topic').value.trim(),
      begin: fromLocalInput($('t-begin').value), end: fromLocalInput($('t-end').value) })));
    onSubmit('key-form', async () => results(await api('messages/byKey', { topic: $('k-topic').value.trim(),
      key: $('k-key').value.trim() })));
    onSubmit('id-form', async () => {
      clear($('results'));
      await detail($('i-topic').value.trim(), $('i-id').value.trim());
      say('Message found.', 'ok');
    });
    const topic = param('topic');
    const msgId = param('msgId');
    if (topic) ['t-topic', 'k-topic', 'i-topic'].forEach((i) => { $(i).value = topic; });
    if (topic && msgId) {
      $('i-id').value = msgId;
      try {
        await detail(topic, msgId);
      } catch (e) {
        say(e.message, 'error');
      }
    }
  });
})();
