'use strict'
// Timers of one type created in the same context share one context capture (one
// AsyncResource). The contexts below must each share: a promise job while no hook tracks
// promises (executionAsyncId is 0 there), top-level code, and a timer callback; and so must
// timers created alternately with another type (a request handler's setTimeout and
// setImmediate), which once captured afresh on every call. Run in a plain child: tap's own
// instrumentation may turn async hooks on. Internal API (lib/run.js captureContext) on purpose:
// sharing is invisible to programs, only to their speed.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

const child = `
const run = require(${JSON.stringify(path.join(__dirname, '../../lib/run.js'))})
const { executionAsyncId } = require('async_hooks')
const immediates = run.sharedCapture('Immediate')
const timeouts = run.sharedCapture('Timeout')
const pair = () => { const a = run.captureContext(immediates); return a === run.captureContext(immediates) }
const alternating = () => {
  const first = [run.captureContext(timeouts), run.captureContext(immediates)]
  const again = [run.captureContext(timeouts), run.captureContext(immediates)]
  return first[0] === again[0] && first[1] === again[1] && first[0] !== first[1]
}
const out = { topLevel: pair(), alternating: alternating() }
Promise.resolve().then(() => {
  out.promiseJobId = executionAsyncId()
  out.promiseJob = pair()
  out.alternatingInPromiseJob = alternating()
  setImmediate(() => {
    out.callback = pair()
    out.alternatingInCallback = alternating()
    console.log(JSON.stringify(out))
  })
})
`

t.test('one capture per context', t => {
  const r = spawnSync(process.execPath, ['-e', child], { encoding: 'utf8' })
  t.equal(r.status, 0, 'child exits 0', { stderr: r.stderr })
  const out = JSON.parse(r.stdout)
  t.same(out, {
    topLevel: true,
    alternating: true,
    promiseJobId: out.promiseJobId,
    promiseJob: true,
    alternatingInPromiseJob: true,
    callback: true,
    alternatingInCallback: true,
  })
  t.end()
})
