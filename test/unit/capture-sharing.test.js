'use strict'
// Timers of one type created in the same context share one context capture (one
// AsyncResource). The contexts below must each share: a promise job while no hook tracks
// promises (executionAsyncId is 0 there), top-level code, and a timer callback; and so must
// timers created alternately with another type (a request handler's setTimeout and
// setImmediate), which once captured afresh on every call. Run in a plain child: tap's own
// instrumentation may turn async hooks on. Internal API (lib/async-context.js captureContext) on purpose:
// sharing is invisible to programs, only to their speed.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

// Each child first ends "context-free" (lib/async-context.js), where nothing is captured at all, by
// entering and disabling a storage: that leaves no hook enabled, so promise jobs still run with
// async id 0.
const endContextFree = `
const storage = new (require('async_hooks').AsyncLocalStorage)()
storage.run(0, () => {})
storage.disable()
`

const child = `
const run = require(${JSON.stringify(path.join(__dirname, '../../lib/async-context.js'))})
const { executionAsyncId } = require('async_hooks')
${endContextFree}
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

// The library's own bookkeeping must not end sharing: a request timeout set and cleared (its
// native timer's ref is brought in line from a microtask) and then the next one, in the same
// async function's context. Both are made in promise jobs, whose context is the same here.
const comeAndGo = `
const T = require(${JSON.stringify(path.join(__dirname, '../../lib/index.js'))})
${endContextFree}
function noop() {}
;(async () => {
  await null
  const first = T.setTimeout(noop, 1000)
  T.clearTimeout(first)
  await null
  await null
  const second = T.setTimeout(noop, 1000)
  T.clearTimeout(second)
  console.log(JSON.stringify({ shared: first._context === second._context, captured: first._context !== null }))
})()
`

t.test('a timer that came and went leaves the capture shared', t => {
  const r = spawnSync(process.execPath, ['-e', comeAndGo], { encoding: 'utf8' })
  t.equal(r.status, 0, 'child exits 0', { stderr: r.stderr })
  t.same(JSON.parse(r.stdout), { shared: true, captured: true })
  t.end()
})
