'use strict'
// Timers created in the same context share one context capture (one AsyncResource). The
// contexts below must each share: a promise job while no hook tracks promises (executionAsyncId
// is 0 there), top-level code, and a timer callback. Run in a plain child: tap's own
// instrumentation may turn async hooks on. Internal API (lib/run.js captureContext) on purpose:
// sharing is invisible to programs, only to their speed.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

const child = `
const run = require(${JSON.stringify(path.join(__dirname, '../../lib/run.js'))})
const { executionAsyncId } = require('async_hooks')
const pair = () => { const a = run.captureContext('Immediate'); return a === run.captureContext('Immediate') }
const out = { topLevel: pair() }
Promise.resolve().then(() => {
  out.promiseJobId = executionAsyncId()
  out.promiseJob = pair()
  setImmediate(() => { out.callback = pair(); console.log(JSON.stringify(out)) })
})
`

t.test('one capture per context', t => {
  const r = spawnSync(process.execPath, ['-e', child], { encoding: 'utf8' })
  t.equal(r.status, 0, 'child exits 0', { stderr: r.stderr })
  const out = JSON.parse(r.stdout)
  t.same(out, { topLevel: true, promiseJobId: out.promiseJobId, promiseJob: true, callback: true })
  t.end()
})
