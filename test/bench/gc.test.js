'use strict'
// bench/child/gc.js: the full collection a cpu window opens after. It must really collect (a garbage
// object is gone afterwards), and exposing `gc` must leave nothing behind in the child: no
// global `gc`, and contexts made later do not get one either.

const t = require('tap')
const vm = require('vm')
const { fullGc } = require('../../bench/child/gc')

// Made in a frame of its own, so that no register of the test's suspended frame still holds it.
function weakGarbage () {
  return new WeakRef({ payload: new Array(1000).fill(1) })
}

t.test('collects garbage on request, and leaves no gc exposed', async (t) => {
  t.equal(typeof global.gc, 'undefined', 'this process runs without --expose-gc')
  const ref = weakGarbage()
  // A WeakRef keeps its target alive until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(fullGc(), true, 'a collection ran')
  t.equal(ref.deref(), undefined, 'the unreachable object was collected')
  t.equal(typeof global.gc, 'undefined', 'no global gc afterwards')
  t.equal(vm.runInNewContext('typeof gc'), 'undefined', 'a context made afterwards has no gc')
  t.equal(fullGc(), true, 'and it runs again')
})

t.test('a cpu window opens after a collection', async (t) => {
  const cpu = require('../../bench/scenarios').get('cpu-1ms-loops-1')
  const natives = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
  const ctx = { natives, durationMs: 200, warmupMs: 50, warmupFires: 0, warmupMaxMs: 1000 }
  const run = await new Promise((resolve, reject) => {
    cpu.measure(natives, ctx, (err, result) => (err ? reject(err) : resolve(result)))
  })
  t.equal(run.extra.gcBeforeWindow, true)
  t.ok(run.extra.fires > 0, `${run.extra.fires} fires in the window`)
})
