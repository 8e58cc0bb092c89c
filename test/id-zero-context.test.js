'use strict'
// Stores of timers created where the execution async id reads 0 (promise jobs before any store
// is enabled, FinalizationRegistry cleanups), including after an enterWith made at id 0: see
// test/fixtures/id-zero-context.js. Native first (the oracle), then heaptimers.
const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const expected = {
  log: {
    'first job: immediate': null,
    'first job: timeout': null,
    'second job: immediate': null,
    'second job: timeout': null,
    'entering job: immediate': 'job',
    'entering job: timeout': 'job',
    'cleanup: timeout': null,
    'cleanup: immediate': null,
  },
}

t.test('stores of timers created at execution async id 0', async t => {
  const runs = await runFixtureEach('id-zero-context.js', [], { parallel: true, nodeArgs: ['--expose-gc'] })
  for (const [impl, r] of Object.entries(runs)) {
    t.equal(r.code, 0, `${impl} exits 0`, { stderr: r.stderr })
    const result = parseResult(r.stdout)
    t.same(result.log, expected.log, `${impl}: every callback sees its creation's stores`)
    t.equal(result.ids.cleanup, 0, `${impl}: the cleanup callback reads id 0`)
    t.equal(result.ids['entering job'], 0, `${impl}: the job entering the first store reads id 0`)
  }
})
