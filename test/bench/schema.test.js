// The JSON report: a real CLI run validates against timerbench/1, -o writes the same document,
// and the hand-written validator rejects what the schema forbids.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { validate } = require('../../bench/cli/schema')
const { cli, FAST, fixture: fixturePath } = require('./fixtures/helpers')
const fixture = require('./fixtures/report')

t.test('a --format json run validates and has one result per cell', async (t) => {
  const dir = t.testdir({})
  const out = path.join(dir, 'run.json')
  const res = await cli([...FAST, '-s', 'fn-call,immediate-set,cpu-1ms-loops-1', '-i', 'native,heaptimers', '-f', 'json', '-o', out],
    { TIMERBENCH_LIB: fixturePath('lib-native.js') })
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(res.stdout)
  t.same(validate(report), [], 'no schema problems')
  t.equal(report.schema, 'timerbench/1')
  t.same(report.results.map((r) => `${r.scenario}/${r.impl}`), [
    'fn-call/-', 'immediate-set/native', 'immediate-set/heaptimers',
    'cpu-1ms-loops-1/native', 'cpu-1ms-loops-1/heaptimers'
  ])
  for (const r of report.results) {
    t.equal(r.node, process.version, 'node field on every result')
    t.equal(r.error, null, `${r.scenario}/${r.impl} has no error`)
    t.equal(r.runs.length, 1, '--quick means one run')
  }
  t.same(report.options.nodes.map((n) => n.version), [process.version])
  t.same(JSON.parse(fs.readFileSync(out, 'utf8')), report, '-o wrote the same report')
})

t.test('the fixture report is valid', async (t) => {
  t.same(validate(fixture.report()), [])
})

t.test('the validator rejects broken reports', async (t) => {
  const broken = (mutate) => {
    const r = fixture.report()
    mutate(r)
    return validate(r)
  }
  t.match(validate(null), [/report: expected an object/])
  t.match(broken((r) => { r.schema = 'timerbench/2' }), [/schema/])
  t.match(broken((r) => { delete r.tool.version }), [/tool\.version/])
  t.match(broken((r) => { r.machine.cpus = 0 }), [/machine\.cpus/])
  t.match(broken((r) => { r.started = 'yesterday' }), [/started/])
  t.match(broken((r) => { r.results[2].unit = 'ops/s' }), [/results\[2\]\.unit/])
  t.match(broken((r) => { r.results[2].higherIsBetter = false }), [/higherIsBetter/])
  t.match(broken((r) => { r.results[2].node = '20' }), [/results\[2\]\.node/])
  t.match(broken((r) => { r.results[2].min = 1e9 }), [/min <= median <= max/])
  t.match(broken((r) => { r.results[2].runs[0].value = -1 }), [/runs\[0\]\.value/])
  t.match(broken((r) => { r.results[2].runs = [] }), [/at least one run/])
  t.match(broken((r) => { r.results[3].median = 3 }), [/results\[3\]\.median: expected null/])
  t.match(broken((r) => { r.results[3].error.kind = 'oops' }), [/error\.kind/])
})
