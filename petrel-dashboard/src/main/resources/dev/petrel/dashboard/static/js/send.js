'use strict';
// Send a test message (?topic= fills the topic).
(() => {
  const { post, $, el, clear, facts, say, guard, href, param, start } = Petrel;

  async function send(event) {
    event.preventDefault();
    const form = $('send-form');
    await guard(form, async () => {
      const r = await post('message/send', { topic: $('s-topic').value.trim(), tag: $('s-tag').value.trim(),
        key: $('s-key').value.trim(), body: $('s-body').value });
      say('Sent: ' + r.status + ', message id ' + r.msgId + '.', 'ok');
      const box = clear($('sent'));
      const div = el('div');
      box.append(div, el('p', null, el('a', { href: href('/messages.html', { topic: r.topic, msgId: r.msgId }), id: 'sent-link' },
        'Open the message')));
      facts(div, [['Status', r.status], ['Message id', r.msgId], ['Offset id', r.offsetMsgId], ['Topic', r.topic],
        ['Broker', r.brokerName], ['Queue', r.queueId], ['Queue offset', r.queueOffset]]);
      box.dataset.msgId = r.msgId;
    });
  }

  start(async () => {
    $('send-form').addEventListener('submit', send);
    if (param('topic')) $('s-topic').value = param('topic');
  });
})();
