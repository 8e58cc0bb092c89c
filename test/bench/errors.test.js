// Broken children give error cells, never a broken run: a library that exits, throws, never
// calls back or blocks forever; a Node below the library's engines gives n/a with the reason.
'use strict'

const t = require('tap')
const registry = require('../../bench/scenarios')
const { runBench } = require('../../bench/cli/run-cells')
const { verdict } = require('../../bench/cli/verdict')
const { validate } = require('../../bench/cli/schema')
const { render } = require('../../bench/report')
const { cli, FAST, fixture } = require('./fixtures/helpers')

const NODE = { path: process.execPath, version: process.version }

// Three at a time: most of these wait on a watchdog or the parent's kill, and an error's kind does
// not depend on the load.
t.jobs = 3

function options (extra) {
  return {
    nodes: [NODE],
    impls: ['native', 'heaptimers'],
    scenarios: [registry.get('immediate-set')],
    runs: 2,
    duration: 0.2,
    quick: true,
    sampleTime: 5,
    ...extra
  }
}

async function heaptimersResult (t, extra) {
  const report = await runBench(options(extra))
  t.same(validate(report), [], 'the report is still valid')
  const native = report.results.find((r) => r.impl === 'native')
  t.equal(native.error, null, 'native is unaffected')
  t.equal(native.runs.length, 2)
  const ht = report.results.find((r) => r.impl === 'heaptimers')
  t.equal(ht.median, null)
  t.equal(ht.runs.length, 0, 'a failed cell is not retried')
  return { report, ht }
}

t.test('a library that exits while loading: crash', async (t) => {
  const { ht } = await heaptimersResult(t, { libPath: fixture('lib-exit.js') })
  t.equal(ht.error.kind, 'crash')
  t.match(ht.error.message, /exited with code 7: lib-exit: going down/)
})

t.test('a library that throws while loading: load error', async (t) => {
  const { ht, report } = await heaptimersResult(t, { libPath: fixture('lib-throws.js') })
  t.equal(ht.error.kind, 'load')
  t.match(ht.error.message, /boom while loading/)
  t.match(render(report, 'table'), /error \[1\][\s\S]*\[1\] load: cannot load .*lib-throws\.js: boom while loading/)
})

t.test('a missing library: load error', async (t) => {
  const { ht } = await heaptimersResult(t, { libPath: fixture('no-such-lib.js') })
  t.equal(ht.error.kind, 'load')
  t.match(ht.error.message, /Cannot find module/)
})

t.test('timers that never fire: the child\'s watchdog reports a timeout', async (t) => {
  const { ht } = await heaptimersResult(t, { libPath: fixture('lib-never.js'), childTimeoutMs: 1500 })
  t.equal(ht.error.kind, 'timeout')
  t.match(ht.error.message, /no result after 1500 ms/)
})

t.test('a child that blocks forever is killed by the parent', async (t) => {
  const { ht } = await heaptimersResult(t, { libPath: fixture('lib-spin.js'), childTimeoutMs: 1000, killSlackMs: 500 })
  t.equal(ht.error.kind, 'timeout')
  t.match(ht.error.message, /child killed/)
})

t.test('a Node below the engines range: n/a with the reason', async (t) => {
  const { ht, report } = await heaptimersResult(t, { engines: '>=999' })
  t.equal(ht.error.kind, 'n/a')
  t.match(ht.error.message, /heaptimers needs Node >=999, this is v\d+/)
  t.match(render(report, 'table'), /n\/a \[1\][\s\S]*\[1\] n\/a: heaptimers needs Node >=999/)
})

t.test('the CLI prints an error cell, says so on stderr and exits 3', async (t) => {
  const res = await cli([...FAST, '-s', 'immediate-set', '-i', 'native,heaptimers'], { TIMERBENCH_LIB: fixture('lib-exit.js') })
  t.equal(res.code, 3, 'exit code 3: a cell did not measure')
  t.match(res.stdout, /immediate-set \(M\/s\)\s+│\s+[\d.]+ .*│\s+error \[1\] │/)
  t.match(res.stdout, /\[1\] crash: child exited with code 7/)
  t.equal(res.stderr, 'timerbench: 1 of 2 cells did not measure (crash); their footnotes say why\n')
})

t.test('a hung cell: exit 3, and the JSON report is still written in full', async (t) => {
  const res = await cli([...FAST, '-s', 'immediate-set', '-i', 'native,heaptimers', '-f', 'json'],
    { TIMERBENCH_LIB: fixture('lib-never.js') })
  t.equal(res.code, 3, res.stderr)
  const report = JSON.parse(res.stdout)
  t.same(report.results.map((r) => r.error && r.error.kind), [null, 'timeout'])
})

t.test('verdict: how a child\'s end becomes a result or an error', async (t) => {
  const run = { value: 1, samples: 1, rme: null, sampler: 'builtin' }
  t.same(verdict([{ type: 'result', run, node: 'v1.0.0' }], 0, null, '', false, 1), { run, node: 'v1.0.0' })
  t.same(verdict([{ type: 'error', kind: 'load', message: 'm' }], 0, null, '', false, 1), { error: { kind: 'load', message: 'm' } })
  t.same(verdict([], null, 'SIGKILL', '', true, 1234).error, { kind: 'timeout', message: 'no result after 1234 ms, child killed' })
  t.same(verdict([], null, 'SIGSEGV', 'x\nsegfault\n', false, 1).error, { kind: 'crash', message: 'child killed by SIGSEGV: segfault' })
  t.same(verdict([], null, 'SIGILL', '', false, 1).error, {
    kind: 'crash',
    message: 'child killed by SIGILL (an illegal instruction: the runtime trapped, on an instruction this CPU lacks or on a fatal check of its own)'
  }, 'SIGILL says what it means')
  t.same(verdict([], 3, null, '', false, 1).error, { kind: 'crash', message: 'child exited with code 3' })
  t.same(verdict([], 0, null, '', false, 1).error, { kind: 'failed', message: 'child exited without a result' })
})
