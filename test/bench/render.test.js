// Table and Markdown rendering on a fixed report: columns per (Node, implementation) oldest
// first, `**`/`++` marks, the ratio column (inverted for % cpu), error and n/a footnotes, colour.
'use strict';

const t = require('tap');
const { render, wantColor } = require('../../bench/report');
const model = require('../../bench/report/model');
const fixture = require('./fixtures/report');

// The row of the grid for a scenario, as { columnHeader: text }.
function rowOf(grid, scenario) {
  const row = grid.rows.find((r) => r[0].startsWith(`${scenario} (`));
  const out = {};
  grid.header.forEach((h, i) => { out[h.join(' ')] = row[i]; });
  return out;
}

t.test('grid: columns, marks, ratios, footnotes', async (t) => {
  const grid = model.build(fixture.report());
  t.same(grid.header.map((h) => h.join(' ')), [
    'scenario (unit)',
    'v16.20.2 native', 'v16.20.2 heaptimers', 'v16.20.2 heaptimers maxTickDepth=10', 'v16.20.2 ht/native',
    'v20.20.2 native', 'v20.20.2 heaptimers', 'v20.20.2 heaptimers maxTickDepth=10', 'v20.20.2 ht/native'
  ], 'versions oldest first, native first, one ratio column per Node');
  t.same(grid.rows.map((r) => r[0]), [
    'fn-call (M/s)', 'timeout-set-clear (M/s)', 'immediate-recursion (M/s)', 'cpu-1ms-loops-100 (% cpu)'
  ], 'registry order, unit in the label');

  const fn = rowOf(grid, 'fn-call');
  t.equal(fn['v20.20.2 native'], '1000 ±3% ++', 'no-timers row: best overall');
  t.equal(fn['v16.20.2 native'], '300 ±2%');
  t.equal(fn['v20.20.2 heaptimers'], '', 'no-timers row uses the first column only');
  t.equal(fn['v20.20.2 ht/native'], '');

  const sc = rowOf(grid, 'timeout-set-clear');
  t.equal(sc['v16.20.2 native'], '5.00 ±4% **', 'best native across versions');
  t.equal(sc['v20.20.2 native'], '4.00 ±5%');
  t.equal(sc['v20.20.2 heaptimers'], '28.0 ±6% ++', 'best overall');
  t.equal(sc['v20.20.2 ht/native'], '7.00x 6.75x', 'each heaptimers column over native');
  t.match(sc['v16.20.2 heaptimers'], /^n\/a \[1\]$/);
  t.equal(sc['v16.20.2 ht/native'], '- -');

  const rec = rowOf(grid, 'immediate-recursion');
  t.equal(rec['v20.20.2 native'], '0.800 ±3% **');
  t.equal(rec['v20.20.2 heaptimers'], '0.900 ±3% ++');
  t.match(rec['v20.20.2 heaptimers maxTickDepth=10'], /^error \[2\]$/);
  t.equal(rec['v20.20.2 ht/native'], '1.13x -');

  const cpu = rowOf(grid, 'cpu-1ms-loops-100');
  t.equal(cpu['v20.20.2 native'], '47.3% ±2% **', 'lower is better: best native is the lowest');
  t.equal(cpu['v20.20.2 heaptimers'], '16.0% ±2% ++');
  t.equal(cpu['v20.20.2 ht/native'], '2.96x 2.87x', 'native/heaptimers for % cpu');

  t.match(grid.notes.join('\n'), /\[1\] n\/a: heaptimers needs Node >=18.*heaptimers on v16\.20\.2; heaptimers:maxTickDepth=10 on v16\.20\.2; 6 cells/);
  t.match(grid.notes.join('\n'), /\[2\] crash: child killed by SIGSEGV \(heaptimers:maxTickDepth=10 on v20\.20\.2; 1 cell\)/);
  t.match(grid.notes.join('\n'), /above 1 always means heaptimers is better/);
  t.match(grid.title.join('\n'), /2 x Test CPU \| linux 6\.0 x64/);
});

t.test('table: plain text without colour', async (t) => {
  const plain = render(fixture.report(), 'table', { color: false });
  t.notMatch(plain, /\x1b\[/, 'no escape codes');
  t.match(plain, /│ timeout-set-clear \(M\/s\)\s+│\s+5\.00 ±4% \*\* │/);
  t.match(plain, /28\.0 ±6% \+\+/);
  t.match(plain, /ht\/native/);
  t.equal(render(fixture.report(), 'table', { color: true }).replace(/\x1b\[[0-9;]*m/g, ''), plain,
    'colour changes nothing but escape codes');
});

t.test('colour only on a TTY without NO_COLOR', async (t) => {
  t.equal(wantColor({ isTTY: true }, {}), true);
  t.equal(wantColor({ isTTY: true }, { NO_COLOR: '' }), false);
  t.equal(wantColor({ isTTY: false }, {}), false);
  t.equal(wantColor({}, {}), false);
});

t.test('markdown: a GitHub table with escaped marks', async (t) => {
  const md = render(fixture.report(), 'md');
  const lines = md.split('\n');
  const header = lines.findIndex((l) => l.startsWith('| scenario (unit) |'));
  t.ok(header > 0, 'title, then the table');
  t.match(lines[header + 1], /^\|:---\|---:\|/, 'alignment row');
  t.ok(md.includes('| timeout-set-clear (M/s) | 5.00 ±4% \\*\\* |'), 'escaped ** in a cell');
  t.ok(md.includes('28.0 ±6% ++'), '++ needs no escaping');
  t.ok(md.includes('| 7.00x 6.75x |'), 'ratio column');
  const rows = lines.filter((l) => l.startsWith('| '));
  const widths = new Set(rows.map((l) => l.split(/(?<!\\)\|/).length));
  t.equal(widths.size, 1, 'every row has the same number of cells');
  t.match(md, /^- \[2\] crash: child killed by SIGSEGV/m, 'footnotes as a list');
});

t.test('json: the report itself', async (t) => {
  t.same(JSON.parse(render(fixture.report(), 'json')), fixture.report());
});

t.test('a report with only no-timer rows still renders', async (t) => {
  const r = fixture.report();
  r.results = r.results.filter((x) => x.impl === '-');
  const grid = model.build(r);
  t.same(grid.header.map((h) => h.join(' ')), ['scenario (unit)', 'v16.20.2 no timers', 'v20.20.2 no timers']);
  t.equal(grid.rows[0][2], '1000 ±3% ++');
});
