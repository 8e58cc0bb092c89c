// Adaptive precision: without --runs, every cell gets 3 runs, then interleaved rounds go to the
// least precise scenario until each ratio's interval is within --precision, one round past the
// minimum at least, or --max-time is spent; the report says how precise it got. The library is a stand-in that IS native timers.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { cli, fixture } = require('./fixtures/helpers')

// The file runs alone (package.json's serial list), its runs one after another: the budget's
// rounds are paced by how long the first ones took, so a loaded machine affords fewer (12 s
// leaves room for rounds after three slow ones).

const ENV = { TIMERBENCH_LIB: fixture('lib-native.js') }
const BASE = ['-s', 'immediate-set-clear', '-i', 'native,heaptimers', '--sample-time', '5', '--no-progress', '-f', 'json']

t.test('an unreachable target adds rounds until the budget is spent, and says so', async (t) => {
  const res = await cli([...BASE, '--precision', '0.001', '--max-time', '12'], ENV)
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(res.stdout)
  const runs = report.results.map((r) => r.runs.length)
  t.ok(runs.every((n) => n > 3), `rounds added: ${runs}`)
  t.equal(runs[0], runs[1], 'whole rounds, interleaved: as many runs of native as of heaptimers')
  t.equal(report.options.runs, null, 'no fixed count')
  t.match(report.options.precision, { target: 0.001, maxTime: 12, minRuns: 3, maxRuns: 15, reached: 0, scenarios: 1, widest: { scenario: 'immediate-set-clear' } })
})

t.test('a loose target is met with one round past the first three, never stopped on those alone', async (t) => {
  const file = path.join(t.testdir({}), 'run.json')
  const res = await cli([...BASE, '--precision', '200', '-o', file], ENV)
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(fs.readFileSync(file, 'utf8'))
  const runs = report.results.map((r) => r.runs.length)
  t.ok(runs[0] >= 4 && runs[0] === runs[1], `at least one round past the first three, whole rounds: ${runs}`)
  t.match(report.options.precision, { target: 200, reached: 1, scenarios: 1 })
  // The table says the same, rendered from the run's JSON.
  const table = await cli(['report', file])
  t.match(table.stdout, /^median of \d+ runs per cell, each in its own process.*\nruns added until every ratio is within ±200% or 120 s: 1 of 1 scenarios reached it, the widest ±[\d.]+% \(immediate-set-clear\)$/m)
})

t.test('bad input: exit 2 and one line', async (t) => {
  for (const [args, message] of [
    [['--precision', '0'], "timerbench: bad value '0' for --precision (valid: a number > 0)\n"],
    [['--precision', 'tight'], "timerbench: bad value 'tight' for --precision (valid: a number > 0)\n"],
    [['--max-time', '-5'], "timerbench: bad value '-5' for --max-time (valid: a number > 0)\n"],
    [['--runs', '3', '--precision', '5'], 'timerbench: --precision and --max-time adapt the number of runs; they cannot go with --runs or --quick (valid: one or the other)\n'],
    [['--quick', '--max-time', '10'], 'timerbench: --precision and --max-time adapt the number of runs; they cannot go with --runs or --quick (valid: one or the other)\n']
  ]) {
    const res = await cli([...BASE, ...args], ENV)
    t.equal(res.code, 2, args.join(' '))
    t.equal(res.stderr, message)
  }
})
