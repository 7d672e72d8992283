'use strict';
// Dead letters: a group's %DLQ% messages by time (?group= fills the form and searches); rows open the message page.
(() => {
  const { api, $, time, table, say, guard, param, localInput, fromLocalInput, start } = Petrel;

  async function search(event) {
    if (event) event.preventDefault();
    await guard($('dlq-form'), async () => {
      const s = await api('dlq', { group: $('d-group').value.trim(), begin: fromLocalInput($('d-begin').value),
        end: fromLocalInput($('d-end').value) });
      table($('dlq'), [
        { name: 'Message id', link: (v, row) => ['/messages.html', { topic: row[1], msgId: v }] },
        'Topic', 'Tags', 'Keys', 'Queue', 'Offset', 'Stored', 'Body bytes'],
      s.messages.map((m) => [m.msgId, m.topic, m.tags || '', (m.keys || []).join(' '), m.queueId, m.queueOffset,
        time(m.storeTimestamp), m.bodyLength]), { empty: s.note || 'No dead-letter message in this range.' });
      $('dlq').dataset.count = String(s.messages.length);
      say(s.messages.length + ' dead-letter message' + (s.messages.length === 1 ? '' : 's') + '.', 'ok');
    });
  }

  start(async () => {
    const now = Date.now();
    $('d-begin').value = localInput(now - 24 * 3600000);
    $('d-end').value = localInput(now + 60000);
    $('dlq-form').addEventListener('submit', search);
    if (param('group')) {
      $('d-group').value = param('group');
      await search(null);
    }
  });
})();
