// Shared by every page: the API call, safe DOM building, tables (Tabulator), charts (uPlot), navigation, read-only mode.
// Everything that comes from the cluster (topic names, message bodies, properties) reaches the page as text:
// el() sets textContent, Tabulator escapes cell values, links are built with encodeURIComponent. No innerHTML here.
'use strict';

const Petrel = (() => {
  const PAGES = [
    ['/', 'Overview'], ['/topics.html', 'Topics'], ['/groups.html', 'Consumer groups'],
    ['/producers.html', 'Producers'], ['/messages.html', 'Messages'], ['/dlq.html', 'Dead letters'],
    ['/send.html', 'Send message'], ['/canary.html', 'Canary'],
  ];
  const POLL_MS = 5000;
  let settings = { readOnly: false, namesrvAddr: '' };

  /** GET (params in the query) or POST (params as a JSON body); resolves to the envelope's data, rejects with errMsg. */
  async function api(path, params, method) {
    const m = method || 'GET';
    let url = '/api/' + path;
    const init = { method: m, headers: {} };
    if (m === 'GET' && params) {
      const q = new URLSearchParams();
      Object.entries(params).forEach(([k, v]) => { if (v !== undefined && v !== null && v !== '') q.set(k, v); });
      const s = q.toString();
      if (s) url += '?' + s;
    } else if (m === 'POST') {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(params || {});
    }
    let res;
    try {
      res = await fetch(url, init);
    } catch (e) {
      throw new Error('the dashboard server does not answer (' + e.message + ')');
    }
    let body;
    try {
      body = await res.json();
    } catch (e) {
      throw new Error('HTTP ' + res.status + ' without a JSON answer');
    }
    if (body.status !== 0) throw new Error(body.errMsg || ('HTTP ' + res.status));
    return body.data;
  }

  const post = (path, params) => api(path, params, 'POST');

  /** el('a', {href: x, class: 'y'}, 'text', child, ...): children are strings (as text) or nodes. */
  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    if (attrs) {
      for (const [k, v] of Object.entries(attrs)) {
        if (v === undefined || v === null || v === false) continue;
        if (k.startsWith('on') && typeof v === 'function') e.addEventListener(k.substring(2), v);
        else if (k === 'class') e.className = v;
        else e.setAttribute(k, v === true ? '' : String(v));
      }
    }
    for (const c of children.flat()) {
      if (c === undefined || c === null) continue;
      e.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return e;
  }

  const $ = (id) => document.getElementById(id);
  const clear = (node) => { while (node.firstChild) node.removeChild(node.firstChild); return node; };

  function time(ms) {
    if (ms === null || ms === undefined || ms <= 0) return '-';
    const d = new Date(ms);
    const p = (n, w) => String(n).padStart(w || 2, '0');
    return d.getFullYear() + '-' + p(d.getMonth() + 1) + '-' + p(d.getDate()) + ' ' + p(d.getHours()) + ':'
      + p(d.getMinutes()) + ':' + p(d.getSeconds()) + '.' + p(d.getMilliseconds(), 3);
  }

  const num = (v, digits) => (v === null || v === undefined) ? 'n/a'
    : (digits === undefined ? String(v) : Number(v).toFixed(digits));

  /** A value for <input type="datetime-local"> (local time, seconds). */
  function localInput(ms) {
    const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60000);
    return d.toISOString().substring(0, 19);
  }

  function fromLocalInput(value) {
    if (!value) return null;
    const ms = new Date(value).getTime();
    return Number.isNaN(ms) ? null : ms;
  }

  const href = (page, params) => page + '?' + new URLSearchParams(params).toString();

  /**
   * A sortable, paged table in `container` (Tabulator), with a labelled filter box above it when it has more than
   * ten rows. columns: names, or {name, link: (value, row) => [page, params]} for a column of links (built as
   * elements, so the text stays text; every other cell goes through Tabulator's escaping plaintext formatter).
   * rows: arrays. Resolves once the table is built; table(…) again on the same container replaces it.
   */
  function table(container, columns, rows, options) {
    const o = options || {};
    if (container.petrelTable) container.petrelTable.destroy();
    container.petrelTable = null;
    clear(container);
    if (!rows.length) {
      container.append(el('p', { class: 'empty' }, o.empty || 'Nothing to show.'));
      return Promise.resolve(null);
    }
    const defs = columns.map((c, i) => {
      const d = typeof c === 'string' ? { name: c } : c;
      const col = { title: d.name, field: 'c' + i, headerSort: true, minWidth: 60 };
      if (d.link) {
        col.formatter = (cell) => {
          const [page, params] = d.link(cell.getValue(), cell.getRow().getData().row);
          return el('a', { href: href(page, params) }, cell.getValue());
        };
      }
      return col;
    });
    const data = rows.map((r) => {
      const d = { row: r };
      r.forEach((v, i) => { d['c' + i] = v; });
      return d;
    });
    // 20 rows a page: the build's cost is in the rows rendered, not in the rows held (1,000 topics cost what 20 do)
    const size = o.pageSize || 20;
    let box = null;
    if (rows.length > 10) {
      const id = container.id + '-filter';
      box = el('input', { type: 'search', id, class: 'filter', autocomplete: 'off' });
      container.append(el('div', { class: 'field filter-field' }, el('label', { for: id }, 'Filter'), box));
    }
    const holder = el('div');
    container.append(holder);
    const mark = 'petrel-table-' + container.id;
    performance.mark(mark); // the browser test reads the build time (performance.measure below)
    const t = new Tabulator(holder, {
      data, columns: defs, layout: 'fitDataStretch', pagination: rows.length > size, paginationSize: size,
      placeholder: o.empty || 'Nothing to show.',
    });
    container.petrelTable = t;
    if (box) {
      box.addEventListener('input', () => {
        const q = box.value.trim().toLowerCase();
        if (!q) t.clearFilter();
        else t.setFilter((row) => row.row.some((v) => String(v).toLowerCase().includes(q)));
      });
    }
    return new Promise((resolve) => t.on('tableBuilt', () => {
      performance.measure(mark, mark);
      keyboardSort(holder, t);
      resolve(t);
    }));
  }

  /** Tabulator sorts on a header click only: make each header focusable and sort with Enter or Space too. */
  function keyboardSort(holder, t) {
    holder.querySelectorAll('.tabulator-col[tabulator-field]').forEach((h) => {
      h.tabIndex = 0;
      h.addEventListener('keydown', (e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        const field = h.getAttribute('tabulator-field');
        const current = t.getSorters().find((s) => s.field === field);
        t.setSort(field, current && current.dir === 'asc' ? 'desc' : 'asc');
      });
    });
  }

  /** Fills a <select> with the clusters the NameServer knows (from the overview). */
  async function clusterChoices(select) {
    const o = await api('overview');
    clear(select);
    [...new Set(o.brokers.map((b) => b.cluster))].sort().forEach((c) => select.append(el('option', { value: c }, c)));
  }

  /** Key–value facts as a definition list. */
  function facts(container, pairs) {
    clear(container);
    const dl = el('dl', { class: 'facts' });
    for (const [k, v] of pairs) dl.append(el('dt', null, k), el('dd', null, v === null || v === undefined ? '-' : v));
    container.append(dl);
  }

  /** Shows an outcome in the page's live region: kind 'ok' or 'error'. */
  function say(text, kind, target) {
    const box = target || $('status');
    clear(box);
    box.className = 'status ' + (kind || 'ok');
    box.append(el('span', null, text));
  }

  /** Runs an async action from a form: disables it meanwhile, reports errors in the live region. */
  async function guard(form, action, target) {
    const buttons = form ? Array.from(form.querySelectorAll('button')) : [];
    buttons.forEach((b) => { b.disabled = true; });
    try {
      return await action();
    } catch (e) {
      say(e.message, 'error', target);
      return undefined;
    } finally {
      buttons.forEach((b) => { b.disabled = settings.readOnly && b.closest('.mutating') !== null; });
    }
  }

  /**
   * A live line chart (uPlot) in `container`: series names; push(values) appends a point stamped now and keeps the
   * last 60 (5 minutes at the poll rate).
   */
  function liveChart(container, title, names) {
    clear(container);
    const data = [[], ...names.map(() => [])];
    const colors = ['#0b57d0', '#b3261e', '#146c2e', '#7d5260', '#6750a4', '#8c5000'];
    const width = Math.max(320, Math.min(900, container.clientWidth || 640));
    const chart = new uPlot({
      title, width, height: 220,
      series: [{}, ...names.map((n, i) => ({ label: n, stroke: colors[i % colors.length], width: 2 }))],
      axes: [{}, { size: 60 }],
      // the time axis is always the last 5 minutes, whatever the points so far
      scales: { x: { time: true, range: () => { const now = Date.now() / 1000; return [now - 300, now + 5]; } } },
    }, data, container);
    return {
      push(values) {
        data[0].push(Date.now() / 1000);
        values.forEach((v, i) => data[i + 1].push(v === null || v === undefined ? null : v));
        if (data[0].length > 60) data.forEach((s) => s.shift());
        chart.setData(data);
      },
      points: () => data[0].length,
    };
  }

  /** Calls fn every POLL_MS (5 s) while the page is visible (the live charts' sampling). */
  function poll(fn) {
    return setInterval(() => { if (!document.hidden) fn(); }, POLL_MS);
  }

  const param = (name) => new URLSearchParams(location.search).get(name);

  /** Marks the page as showing its first data (tests wait for body[data-ready]; the mark times the page). */
  function ready() {
    if (document.body.dataset.ready) return;
    performance.mark('petrel-ready');
    document.body.dataset.ready = 'true';
  }

  function nav() {
    const header = $('top');
    const here = location.pathname;
    const list = el('ul');
    for (const [path, name] of PAGES) {
      list.append(el('li', null, el('a', { href: path, 'aria-current': path === here ? 'page' : null }, name)));
    }
    header.append(el('a', { class: 'skip', href: '#main' }, 'Skip to content'),
      el('span', { class: 'brand' }, 'Petrel'), el('nav', { 'aria-label': 'Pages' }, list),
      el('span', { id: 'ns', class: 'ns' }));
  }

  /** Marks read-only mode: the banner, and every control of a .mutating form or bar disabled. */
  function applySettings(s) {
    settings = s;
    $('ns').textContent = 'NameServer ' + s.namesrvAddr + (s.readOnly ? ' · read-only' : '');
    if (s.readOnly) {
      document.body.classList.add('read-only');
      $('main').prepend(el('p', { class: 'banner', role: 'note' },
        'This dashboard is read-only (dashboardReadOnly=true): creating, deleting, resetting and sending are off.'));
      document.querySelectorAll('.mutating button, .mutating input, .mutating select, .mutating textarea')
        .forEach((e) => { e.disabled = true; });
    }
  }

  /**
   * Runs the page's own start while the settings are fetched (not after them: one round trip less before the
   * page shows its data); the page is ready once both are done.
   */
  async function start(page) {
    nav();
    const settled = api('settings').then(applySettings).catch((e) => say(e.message, 'error'));
    try {
      await page();
    } finally {
      await settled;
      ready();
    }
  }

  return { api, post, el, $, clear, time, num, localInput, fromLocalInput, href, table, facts, clusterChoices, say, guard,
    liveChart, poll, param, ready, start, settings: () => settings };
})();
