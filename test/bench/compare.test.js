// `timerbench compare a.json b.json`: every cell of two saved runs, the second over the first with
// its interval and verdict, corrected across the rows; bad input exits 2 with one line.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { compareRuns, toJson } = require('../../bench/report/compare')
const { cli } = require('./fixtures/helpers')
const reportFixture = require('./fixtures/report')

// The fixture with every run of (impl, scenario) on the newer Node scaled by `factor`.
function scaled (impl, scenario, factor) {
  const r = reportFixture.report()
  for (const x of r.results) {
    if (x.node === reportFixture.NODE_NEW && x.impl === impl && x.scenario === scenario) {
      x.median *= factor
      x.min *= factor
      x.max *= factor
      x.runs = x.runs.map((run) => ({ ...run, value: run.value * factor }))
    }
  }
  return r
}

t.test('a run against itself: every cell the same', async (t) => {
  const rows = compareRuns(reportFixture.report(), reportFixture.report())
  t.ok(rows.length >= 10, 'every measured cell of both runtimes')
  t.same([...new Set(rows.map((r) => r.verdict))], ['same'])
  t.ok(rows.every((r) => r.low < 1 && r.high > 1 && r.ratio === 1))
})

t.test('a cell twice as fast is found, and only that cell', async (t) => {
  const rows = compareRuns(reportFixture.report(), scaled('heaptimers', 'timeout-set-clear', 2))
  const better = rows.filter((r) => r.verdict === 'better')
  t.same(better.map((r) => `${r.node} ${r.impl} ${r.scenario}`), ['v20.20.2 heaptimers timeout-set-clear'])
  t.ok(better[0].low > 1.9 && better[0].high < 2.1, 'its interval holds 2')
  t.notOk(rows.some((r) => r.verdict === 'worse'))
})

t.test('lower-is-better units: less cpu is better', async (t) => {
  const rows = compareRuns(reportFixture.report(), scaled('heaptimers', 'cpu-1ms-loops-100', 0.5))
  const row = rows.find((r) => r.impl === 'heaptimers' && r.scenario === 'cpu-1ms-loops-100' && r.node === 'v20.20.2')
  t.equal(row.verdict, 'better')
  t.ok(Math.abs(row.ratio - 2) < 1e-9, 'first over second for % cpu')
})

t.test('two runs of one runtime each, on different builds: matched by implementation and scenario', async (t) => {
  const only = (report, node, label) => {
    report.results = report.results.filter((r) => r.node === node).map((r) => ({ ...r, node: label }))
    return report
  }
  const rows = compareRuns(only(reportFixture.report(), 'v20.20.2', 'v20.20.2'), only(reportFixture.report(), 'v20.20.2', 'v22.3.0'))
  t.ok(rows.length > 0)
  t.ok(rows.every((r) => r.node === 'v20.20.2 -> v22.3.0'))
  const json = toJson(rows, 'a.json', 'b.json')
  t.equal(json.schema, 'timerbench-compare/1')
  t.same(Object.keys(json.rows[0]), ['scenario', 'impl', 'node', 'unit', 'first', 'second', 'ratio', 'low', 'high', 'p', 'pAdjusted', 'verdict', 'runs'])
})

t.test('the command: table, md and json; bad input exits 2 with one line', async (t) => {
  const dir = t.testdir({})
  const a = path.join(dir, 'a.json')
  const b = path.join(dir, 'b.json')
  fs.writeFileSync(a, JSON.stringify(reportFixture.report()))
  fs.writeFileSync(b, JSON.stringify(scaled('heaptimers', 'timeout-set-clear', 2)))
  const table = await cli(['compare', a, b])
  t.equal(table.code, 0, table.stderr)
  t.match(table.stdout, /timeout-set-clear \(M\/s\)\s+│ heaptimers\s+│ v20\.20\.2\s+│\s+28\.0 │\s+56\.0 │ 2\.00x \[[\d.]+-[\d.]+\] │\s+better │/)
  t.match(table.stdout, /1 better, 0 worse, \d+ the same, 0 inconclusive/)
  const md = await cli(['compare', a, b, '-f', 'md'])
  t.match(md.stdout, /^\| scenario \(unit\) \| impl \| runtime \| first \| second \| second\/first \| verdict \|$/m)
  const json = await cli(['compare', a, b, '-f', 'json'])
  t.equal(JSON.parse(json.stdout).rows.filter((r) => r.verdict === 'better').length, 1)

  const notReport = path.join(dir, 'x.json')
  fs.writeFileSync(notReport, '{"hello": 1}')
  for (const [args, message] of [
    [['compare', a], /^timerbench: compare needs two files \(valid: two JSON files/],
    [['compare', a, notReport], /^timerbench: compare '.*x\.json' is not a timerbench\/1 report: .*\(valid: a file written by timerbench/],
    [['compare', a, path.join(dir, 'missing.json')], /^timerbench: cannot read compare '.*missing\.json'/],
    [['compare', a, b, '-f', 'svg'], /^timerbench: bad value 'svg' for --format \(valid: table, md, json\)/]
  ]) {
    const res = await cli(args)
    t.equal(res.code, 2, args.join(' '))
    t.match(res.stderr, message)
    t.equal(res.stderr.trim().split('\n').length, 1, 'one line')
  }
  const empty = reportFixture.report()
  empty.results = empty.results.filter((r) => r.impl === '-').map((r) => ({ ...r, scenario: 'fn-apply' }))
  const c = path.join(dir, 'c.json')
  fs.writeFileSync(c, JSON.stringify(empty))
  const none = await cli(['compare', a, c])
  t.equal(none.code, 2)
  t.match(none.stderr, /share no measured cell \(valid: two runs with a scenario and implementation in common\)/)
})
