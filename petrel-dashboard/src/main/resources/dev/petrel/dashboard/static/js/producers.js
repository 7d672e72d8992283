'use strict';
// Producers: a producer group's connections (?group=&topic= fills the form and searches).
(() => {
  const { api, $, table, say, guard, param, start } = Petrel;

  async function show(event) {
    if (event) event.preventDefault();
    const form = $('producer-form');
    await guard(form, async () => {
      const rows = await api('producers', { group: $('p-group').value.trim(), topic: $('p-topic').value.trim() });
      say(rows.length + ' connection' + (rows.length === 1 ? '' : 's') + '.', 'ok');
      table($('producers'), ['Client id', 'Address', 'Language', 'Version'],
        rows.map((m) => [m.clientId, m.clientAddr, m.language, m.version]), { empty: 'No producer of this group is connected.' });
    });
  }

  start(async () => {
    $('producer-form').addEventListener('submit', show);
    if (param('group') && param('topic')) {
      $('p-group').value = param('group');
      $('p-topic').value = param('topic');
      await show(null);
    }
  });
})();
