// --baseline: ratios against native are compared with a saved run; a drop beyond
// --max-regression exits 1. The library is a stand-in that IS native timers, so the measured
// ratio is about 1 and the verdicts below do not depend on the machine's speed.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { compare, render } = require('../../bench/cli/baseline')
const { cli, FAST, fixture } = require('./fixtures/helpers')
const reportFixture = require('./fixtures/report')

const ARGS = [...FAST, '-s', 'immediate-set-clear', '-i', 'native,heaptimers']
const ENV = { TIMERBENCH_LIB: fixture('lib-native.js') }

// A saved run whose heaptimers/native ratio is `ratio`, on this Node.
function baselineFile (dir, name, ratio) {
  const report = reportFixture.report()
  const node = process.version
  const base = (impl, median) => ({ ...report.results[6], node, impl, scenario: 'immediate-set-clear', median, min: median, max: median })
  report.results = [base('native', 10), base('heaptimers', 10 * ratio)]
  const file = path.join(dir, name)
  fs.writeFileSync(file, JSON.stringify(report))
  return file
}

t.test('a ratio far below the baseline is a regression: exit 1', async (t) => {
  const dir = t.testdir({})
  const res = await cli([...ARGS, '--baseline', baselineFile(dir, 'fast.json', 1000)], ENV)
  t.equal(res.code, 1, res.stderr)
  t.match(res.stdout, /compared with baseline .*fast\.json/)
  t.match(res.stdout, /immediate-set-clear\s+│ heaptimers\s+│ v[\d.]+\s+│\s+1000\.0x │\s+[\d.]+x │\s+-\d+\.\d% │ no interval\s+│ REGRESSION/, 'one run a cell: the estimate alone decides')
  t.match(res.stdout, /1 ratio regressed significantly, by more than 10%, against/)
})

t.test('a ratio above the baseline is fine: exit 0', async (t) => {
  const dir = t.testdir({})
  const res = await cli([...ARGS, '--baseline', baselineFile(dir, 'slow.json', 0.001)], ENV)
  t.equal(res.code, 0, res.stderr)
  t.match(res.stdout, /no ratio regressed significantly by more than 10%/)
  t.notMatch(res.stdout, /REGRESSION/)
})

t.test('--max-regression sets the tolerance; json keeps stdout parseable', async (t) => {
  const dir = t.testdir({})
  const res = await cli([...ARGS, '-f', 'json', '--max-regression', '99.99999', '--baseline', baselineFile(dir, 'b.json', 1000)], ENV)
  t.equal(res.code, 0, res.stderr)
  JSON.parse(res.stdout)
  t.match(res.stderr, /no ratio regressed significantly by more than 99\.99999%/)
})

t.test('compare: exact version, then same major; errors count as regressions, n/a does not', async (t) => {
  const baseline = reportFixture.report()
  const now = reportFixture.report()
  // Same ratios, but a patch release later: matched by major.
  for (const r of now.results) if (r.node === 'v20.20.2') r.node = 'v20.21.0'
  let cmp = compare(now, baseline, 10)
  t.equal(cmp.regressions.length, 0)
  t.same(cmp.rows.map((r) => `${r.scenario}/${r.impl}`), [
    'timeout-set-clear/heaptimers', 'timeout-set-clear/heaptimers:maxTickDepth=10',
    'immediate-recursion/heaptimers', 'cpu-1ms-loops-100/heaptimers', 'cpu-1ms-loops-100/heaptimers:maxTickDepth=10'
  ], 'pairs with a baseline ratio; the old Node\'s n/a cells have none')
  // heaptimers halves on timeout-set-clear; a cpu cell crashes.
  now.results[6].median = 14
  now.results[6].runs = now.results[6].runs.map((run) => ({ ...run, value: run.value / 2 }))
  now.results[18] = { ...now.results[18], median: null, min: null, max: null, rme: null, runs: [], error: { kind: 'crash', message: 'x' } }
  cmp = compare(now, baseline, 10)
  t.same(cmp.regressions.map((r) => `${r.scenario}/${r.impl}`), ['timeout-set-clear/heaptimers', 'cpu-1ms-loops-100/heaptimers'])
  t.equal(Math.round(cmp.rows[0].change), -50)
  const text = render(cmp, 'base.json')
  t.match(text, /timeout-set-clear .*7\.00x .*3\.50x .*-50\.0% \[-5\d\.\d% -4\d\.\d%\] .*worse .*REGRESSION/)
  t.match(text, /cpu-1ms-loops-100 .*2\.96x .*- .*error .*REGRESSION/)
  t.match(text, /2 ratios regressed significantly, by more than 10%, against base\.json/)
})

t.test('compare: a fall within the runs\' spread is no regression, however large its estimate', async (t) => {
  const baseline = reportFixture.report()
  const now = reportFixture.report()
  // heaptimers' estimate falls 20 %, but its runs now spread from 0.3x to 1.7x of it.
  const ht = now.results[6]
  ht.median *= 0.8
  ht.runs = [0.3, 0.8 * 0.8, 1.7].map((f) => ({ ...ht.runs[0], value: 28 * f }))
  const cmp = compare(now, baseline, 10)
  const row = cmp.rows.find((r) => r.scenario === 'timeout-set-clear' && r.impl === 'heaptimers')
  t.ok(row.change < -10, 'the estimate fell beyond the threshold')
  t.equal(row.verdict, 'inconclusive')
  t.notOk(row.regressed, 'but not significantly: no regression')
})

t.test('compare: nothing in common', async (t) => {
  const now = reportFixture.report()
  const baseline = reportFixture.report()
  baseline.results = baseline.results.filter((r) => r.impl === '-')
  const cmp = compare(now, baseline, 10)
  t.same(cmp.rows, [])
  t.match(render(cmp, 'b.json'), /nothing in common/)
})
