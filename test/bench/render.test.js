// Table and Markdown rendering on a fixed two-Node report: the wide layout (columns per (Node,
// implementation) oldest first) and the versions layout (a column per Node, implementations as
// rows), `**`/`++` marks, the ratio column (inverted for % cpu), error and n/a footnotes, colour.
'use strict'

const t = require('tap')
const { validate } = require('../../bench/cli/schema')
const { render, wantColor } = require('../../bench/report')
const model = require('../../bench/report/model')
const fixture = require('./fixtures/report')

// The row of the grid for a scenario, as { columnHeader: text }.
function rowOf (grid, scenario) {
  const row = grid.rows.find((r) => r[0].startsWith(`${scenario} (`))
  const out = {}
  grid.header.forEach((h, i) => { out[h.join(' ')] = row[i] })
  return out
}

const WIDE = { layout: 'wide' }

t.test('wide grid: columns, marks, ratios, footnotes', async (t) => {
  const grid = model.build(fixture.report(), WIDE)
  t.same(grid.header.map((h) => h.join(' ')), [
    'scenario (unit)',
    'v16.20.2 native', 'v16.20.2 heaptimers', 'v16.20.2 heaptimers maxTickDepth=10', 'v16.20.2 ht/native', 'v16.20.2 ht/native maxTickDepth=10',
    'v20.20.2 native', 'v20.20.2 heaptimers', 'v20.20.2 heaptimers maxTickDepth=10', 'v20.20.2 ht/native', 'v20.20.2 ht/native maxTickDepth=10'
  ], 'versions oldest first, native first, a ratio column per Node and implementation, named as its column')
  t.same(grid.rows.map((r) => r[0]), [
    'fn-call (M/s)', 'timeout-set-clear (M/s)', 'immediate-recursion (M/s)', 'cpu-1ms-loops-100 (% cpu)'
  ], 'registry order, unit in the label')

  const fn = rowOf(grid, 'fn-call')
  t.equal(fn['v20.20.2 native'], '1000 ±3% ++', 'no-timers row: best overall')
  t.equal(fn['v16.20.2 native'], '300 ±2%')
  t.equal(fn['v20.20.2 heaptimers'], '', 'no-timers row uses the first column only')
  t.equal(fn['v20.20.2 ht/native'], '')
  t.equal(fn['v20.20.2 ht/native maxTickDepth=10'], '')

  const sc = rowOf(grid, 'timeout-set-clear')
  t.equal(sc['v16.20.2 native'], '5.00 ±4% **', 'best native across versions')
  t.equal(sc['v20.20.2 native'], '4.00 ±5%')
  t.equal(sc['v20.20.2 heaptimers'], '28.0 ±6%', 'the best value, but within 5 % of the next: no ++')
  t.match(sc['v20.20.2 ht/native'], /^7\.00x \[[\d.]+-[\d.]+\] ▲$/, 'heaptimers over native')
  t.match(sc['v20.20.2 ht/native maxTickDepth=10'], /^6\.75x \[[\d.]+-[\d.]+\] ▲$/, 'heaptimers:maxTickDepth=10 over native')
  t.match(sc['v16.20.2 heaptimers'], /^n\/a \[1\]$/)
  t.equal(sc['v16.20.2 ht/native'], '-')

  const rec = rowOf(grid, 'immediate-recursion')
  t.equal(rec['v20.20.2 native'], '0.800 ±3% **')
  t.equal(rec['v20.20.2 heaptimers'], '0.900 ±3% ++')
  t.match(rec['v20.20.2 heaptimers maxTickDepth=10'], /^error \[2\]$/)
  t.match(rec['v20.20.2 ht/native'], /^1\.12x \[[\d.]+-[\d.]+\] ▲$/)
  t.equal(rec['v20.20.2 ht/native maxTickDepth=10'], '-', 'no ratio for an error cell')

  const cpu = rowOf(grid, 'cpu-1ms-loops-100')
  t.equal(cpu['v20.20.2 native'], '47.3% ±2% **', 'lower is better: best native is the lowest')
  t.equal(cpu['v20.20.2 heaptimers'], '16.0% ±2%', 'within 5 % of the next: no ++')
  t.match(cpu['v20.20.2 ht/native'], /^2\.95x \[[\d.]+-[\d.]+\] ▲$/, 'native/heaptimers for % cpu')
  t.match(cpu['v20.20.2 ht/native maxTickDepth=10'], /^2\.86x \[[\d.]+-[\d.]+\] ▲$/)

  t.match(grid.notes.join('\n'), /\[1\] n\/a: heaptimers needs Node >=18.*heaptimers on v16\.20\.2; heaptimers:maxTickDepth=10 on v16\.20\.2; 6 cells/)
  t.match(grid.notes.join('\n'), /\[2\] crash: child killed by SIGSEGV \(heaptimers:maxTickDepth=10 on v20\.20\.2; 1 cell\)/)
  t.match(grid.notes.join('\n'), /above 1 always means heaptimers is better/)
  t.match(grid.title.join('\n'), /2 x Test CPU \| linux 6\.0 x64/)
})

t.test('table: plain text without colour', async (t) => {
  const plain = render(fixture.report(), 'table', { color: false, layout: 'wide' })
  t.notMatch(plain, /\x1b\[/, 'no escape codes')
  t.match(plain, /│ timeout-set-clear \(M\/s\)\s+│\s+5\.00 ±4% \*\* │/)
  t.match(plain, /0\.900 ±3% \+\+/)
  t.match(plain, /ht\/native/)
  t.equal(render(fixture.report(), 'table', { color: true, layout: 'wide' }).replace(/\x1b\[[0-9;]*m/g, ''), plain,
    'colour changes nothing but escape codes')
})

t.test('colour follows Node: a colour TTY, NO_COLOR, TERM=dumb, FORCE_COLOR', async (t) => {
  const term = { TERM: 'xterm-256color' }
  t.equal(wantColor({ isTTY: true }, term), true)
  t.equal(wantColor({ isTTY: true }, { ...term, NO_COLOR: '1' }), false, 'NO_COLOR')
  t.equal(wantColor({ isTTY: true }, { TERM: 'dumb' }), false, 'TERM=dumb')
  t.equal(wantColor({ isTTY: false }, term), false, 'a pipe')
  t.equal(wantColor({}, term), false)
  t.equal(wantColor({ isTTY: false }, { ...term, FORCE_COLOR: '1' }), true, 'FORCE_COLOR=1 colours a pipe')
  t.equal(wantColor({ isTTY: true }, { ...term, FORCE_COLOR: '0' }), false, 'FORCE_COLOR=0 turns colour off')
  // and the same answers as Node's own rule for a stream it would colour
  const nodeRule = (env) => require('tty').WriteStream.prototype.hasColors.call(null, env)
  // (an empty NO_COLOR turns colour off up to Node 22, not from Node 24: whatever this Node says)
  for (const env of [term, { TERM: 'dumb' }, { ...term, NO_COLOR: '1' }, { ...term, NO_COLOR: '' }]) {
    t.equal(wantColor({ isTTY: true }, env), nodeRule(env), JSON.stringify(env))
  }
})

t.test('markdown: a GitHub table with escaped marks', async (t) => {
  const md = render(fixture.report(), 'md', WIDE)
  const lines = md.split('\n')
  const header = lines.findIndex((l) => l.startsWith('| scenario (unit) |'))
  t.ok(header > 0, 'title, then the table')
  t.match(lines[header + 1], /^\|:---\|---:\|/, 'alignment row')
  t.ok(md.includes('| timeout-set-clear (M/s) | 5.00 ±4% \\*\\* |'), 'escaped ** in a cell')
  t.ok(md.includes('| 0.900 ±3% ++ |'), '++ needs no escaping')
  t.ok(md.includes('| 7.00x [6.98-7.02] ▲ | 6.75x [6.75-6.75] ▲ |'), 'a ratio column per implementation, with interval and verdict')
  const rows = lines.filter((l) => l.startsWith('| '))
  const widths = new Set(rows.map((l) => l.split(/(?<!\\)\|/).length))
  t.equal(widths.size, 1, 'every row has the same number of cells')
  t.match(md, /^- \[2\] crash: child killed by SIGSEGV/m, 'footnotes as a list')
})

t.test('json: the report itself, with every ratio\'s interval and verdict', async (t) => {
  const json = JSON.parse(render(fixture.report(), 'json'))
  const { confidence, comparisons, ...rest } = json
  t.same(rest, fixture.report())
  t.same(validate(json), [], 'valid timerbench/1')
  t.equal(confidence.level, 0.95)
  t.equal(comparisons.length, 5, 'one per implementation cell with a native beside it')
  const sc = comparisons.find((c) => c.impl === 'heaptimers' && c.scenario === 'timeout-set-clear')
  t.same([sc.ratio, sc.low, sc.high, sc.verdict, sc.runs], [7.00201, 6.98478, 7.01929, 'better', [3, 3]])
  t.ok(sc.pAdjusted >= sc.p, 'the adjusted p is never below the raw one')
})

t.test('a report with only no-timer rows still renders', async (t) => {
  const r = fixture.report()
  r.results = r.results.filter((x) => x.impl === '-')
  const grid = model.build(r, WIDE)
  t.same(grid.header.map((h) => h.join(' ')), ['scenario (unit)', 'v16.20.2 no timers', 'v20.20.2 no timers'])
  t.equal(grid.rows[0][2], '1000 ±3% ++')
  t.same(model.build(r).rows, [['fn-call (M/s)', 'no timers', '300 ±2%', '1000 ±3% ++']])
})

t.test('versions grid (the default for several Nodes): a column per version, implementations as rows', async (t) => {
  const grid = model.build(fixture.report())
  t.same(grid.header.map((h) => h.join(' ')), ['scenario (unit)', 'implementation', 'v16.20.2', 'v20.20.2'])
  t.equal(grid.labelColumns, 2)
  t.same(grid.rows, [
    ['fn-call (M/s)', 'no timers', '300 ±2%', '1000 ±3% ++'],
    ['timeout-set-clear (M/s)', 'native', '5.00 ±4% **', '4.00 ±5%'],
    ['', 'heaptimers', 'n/a [1]', '28.0 ±6%'],
    ['', 'heaptimers:maxTickDepth=10', 'n/a [1]', '27.0 ±7%'],
    ['', 'ht/native', '-', '7.00x [6.98-7.02] ▲'],
    ['', 'ht:maxTickDepth=10/native', '-', '6.75x [6.75-6.75] ▲'],
    ['immediate-recursion (M/s)', 'native', '0.500 ±3%', '0.800 ±3% **'],
    ['', 'heaptimers', 'n/a [1]', '0.900 ±3% ++'],
    ['', 'heaptimers:maxTickDepth=10', 'n/a [1]', 'error [2]'],
    ['', 'ht/native', '-', '1.12x [1.12-1.13] ▲'],
    ['', 'ht:maxTickDepth=10/native', '-', '-'],
    ['cpu-1ms-loops-100 (% cpu)', 'native', '50.0% ±2%', '47.3% ±2% **'],
    ['', 'heaptimers', 'n/a [1]', '16.0% ±2%'],
    ['', 'heaptimers:maxTickDepth=10', 'n/a [1]', '16.5% ±2%'],
    ['', 'ht/native', '-', '2.95x [2.92-2.98] ▲'],
    ['', 'ht:maxTickDepth=10/native', '-', '2.86x [2.84-2.89] ▲']
  ], 'the same cells and marks as the wide grid, arranged like the classic table')
  t.match(grid.notes.join('\n'), /<implementation>\/native: each implementation over native on the same runtime \(ht: heaptimers\), one row each/)
  t.same(model.build(fixture.report(), { layout: 'versions' }), grid, 'auto picks versions for two Nodes')
  const one = fixture.report()
  one.results = one.results.filter((r) => r.node === fixture.NODE_NEW)
  t.equal(model.build(one).labelColumns, 1, 'and wide for one')
  const md = render(fixture.report(), 'md')
  t.ok(md.includes('|:---|:---|---:|---:|'), 'both label columns left-aligned')
  t.ok(md.includes('|  | heaptimers | n/a [1] | 28.0 ±6% |'))
  t.match(render(fixture.report(), 'table'), /│ timeout-set-clear \(M\/s\)\s+│ native\s+│ 5\.00 ±4% \*\* │\s+4\.00 ±5% │/)
})

t.test('a mark stands only where the runs support it; a ratio\'s verdict follows its interval', async (t) => {
  const r = fixture.report()
  const ht = r.results.find((x) => x.node === fixture.NODE_NEW && x.impl === 'heaptimers' && x.scenario === 'timeout-set-clear')
  ht.runs = [20, 28, 36].map((value) => ({ ...ht.runs[0], value }))
  const sc = rowOf(model.build(r, WIDE), 'timeout-set-clear')
  t.equal(sc['v20.20.2 heaptimers'], '28.0 ±6%', '28 ± a lot is not surely above 27 ± 1 %: no ++')
  t.equal(sc['v20.20.2 heaptimers maxTickDepth=10'], '27.0 ±7%', 'nor is 27 surely above it')
  t.match(sc['v20.20.2 ht/native'], /^6\.\d\dx \[[\d.]+-[\d.]+\] ▲$/, 'still surely better than native')
  const same = fixture.report()
  const ht10 = same.results.find((x) => x.node === fixture.NODE_NEW && x.impl === 'heaptimers:maxTickDepth=10' && x.scenario === 'timeout-set-clear')
  const native = same.results.find((x) => x.node === fixture.NODE_NEW && x.impl === 'native' && x.scenario === 'timeout-set-clear')
  ht10.runs = native.runs.map((run) => ({ ...run, value: run.value * 1.01 }))
  t.match(rowOf(model.build(same, WIDE), 'timeout-set-clear')['v20.20.2 ht/native maxTickDepth=10'], /^1\.01x \[[\d.]+-[\d.]+\] =$/,
    '1 % apart within 1 % noise: the same')
})
