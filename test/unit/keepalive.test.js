'use strict'
// KeepAlive (lib/keepalive.js): its counts of pending and ref'd timers, and its native handle
// brought in line with them once per synchronous run. A random walk of timer operations against
// a plain model: after each run, the handle is ref'd exactly when a ref'd timer is pending.
const t = require('tap')
const { KeepAlive } = require('../../lib/keepalive.js')

// A stand-in for a native Timeout or Immediate: records its ref state and the calls made.
class FakeHandle {
  constructor () { this.refed = true; this.calls = 0 }
  ref () { this.refed = true; this.calls++; return this }
  unref () { this.refed = false; this.calls++; return this }
  hasRef () { return this.refed }
}

const settle = () => new Promise(resolve => setImmediate(resolve))

t.test('counts follow adds, removes, refs and unrefs', async t => {
  const k = new KeepAlive()
  k.addRefed(); k.addRefed(); k.addUnrefed()
  t.same([k.pending, k.refed], [3, 2])
  k.unrefOne()
  t.same([k.pending, k.refed], [3, 1])
  k.refOne(); k.refOne()
  t.same([k.pending, k.refed], [3, 3])
  k.removeRefed(); k.removeRefed(); k.removeRefed()
  t.same([k.pending, k.refed], [0, 0])
  k.addUnrefed(); k.removeUnrefed()
  t.same([k.pending, k.refed, k.unrefed], [0, 0, 0])
})

t.test('a handle adopted while nothing ref\'d is pending is unref\'d at once', async t => {
  const k = new KeepAlive()
  k.addUnrefed()
  const h = new FakeHandle()
  k.adopt(h)
  t.equal(h.refed, false)
  k.refOne()
  await settle()
  t.equal(h.refed, true, 'ref\'d once a pending timer is')
})

t.test('random walks: the handle is in line after every synchronous run', async t => {
  let seed = 12345
  const random = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n }
  for (let walk = 0; walk < 40; walk++) {
    const k = new KeepAlive()
    const h = new FakeHandle()
    k.adopt(h)
    const timers = [] // true: ref'd
    for (let run = 0; run < 30; run++) {
      const ops = 1 + random(6)
      for (let i = 0; i < ops; i++) {
        const op = random(timers.length === 0 ? 2 : 6)
        if (op === 0) { timers.push(true); k.addRefed() } else if (op === 1) { timers.push(false); k.addUnrefed() } else {
          const j = random(timers.length)
          const refed = timers[j]
          if (op === 2) { timers.splice(j, 1); if (refed) k.removeRefed(); else k.removeUnrefed() } else if (op === 3 && !refed) { timers[j] = true; k.refOne() } else if (op === 4 && refed) { timers[j] = false; k.unrefOne() }
        }
      }
      const refedCount = timers.filter(Boolean).length
      t.equal(k.pending, timers.length)
      t.equal(k.refed, refedCount)
      await settle()
      if (h.refed !== (refedCount > 0)) t.fail(`walk ${walk}, run ${run}: handle ref'd ${h.refed} with ${refedCount} ref'd pending`)
    }
  }
  t.pass('every walk kept the handle in line')
})

t.test('one native call at most per synchronous run, however often the count crosses zero', async t => {
  const k = new KeepAlive()
  const h = new FakeHandle()
  k.addRefed()
  k.adopt(h)
  for (let i = 0; i < 100; i++) { k.removeRefed(); k.addRefed() }
  k.removeRefed()
  await settle()
  t.equal(h.refed, false)
  t.equal(h.calls, 1)
})
