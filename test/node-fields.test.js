'use strict'
// Node's Timeout fields that programs write to change a timer, with Node's effect: `_repeat`
// turns a timeout into an interval (or an interval back into a timeout), `_idleTimeout = -1` or
// `_onTimeout = null` stops an interval from its own callback, and so does the deprecated
// `timers.unenroll()` on the Nodes that still export it. Node keeps an interval's period in
// `_repeat` and copies it into `_idleTimeout` after each run.

const t = require('tap')
const nodeTimers = require('node:timers')
const { sameResult } = require('./helpers/impls.js')

// Waits `ms` on a native timer: the implementation under test may have stopped its own.
const pause = (ms) => new Promise(resolve => nodeTimers.setTimeout(resolve, ms))
const snap = (h) => ({ idle: h._idleTimeout, repeat: h._repeat, destroyed: h._destroyed, hasRef: h.hasRef() })

t.test('_repeat written in a timeout\'s callback makes it repeat', async t => {
  await sameResult(t, '_repeat = 3 in run 1', async T => {
    const seen = []
    await new Promise(resolve => {
      T.setTimeout(function () {
        seen.push(snap(this))
        if (seen.length === 1) {
          this._repeat = 3
          seen.push(snap(this))
        }
        if (seen.length === 4) { T.clearTimeout(this); resolve() }
      }, 2)
    })
    await pause(20)
    return seen
  }, {
    expect: [
      { idle: 2, repeat: null, destroyed: false, hasRef: true },
      { idle: 2, repeat: 3, destroyed: false, hasRef: true }, // the period reaches _idleTimeout after the run
      { idle: 3, repeat: 3, destroyed: false, hasRef: true },
      { idle: 3, repeat: 3, destroyed: false, hasRef: true },
    ],
  })
})

t.test('_repeat written on a pending timeout makes it repeat once it fires', async t => {
  await sameResult(t, '_repeat = 2 before the first run', async T => {
    let runs = 0
    await new Promise(resolve => {
      const h = T.setTimeout(function () {
        if (++runs === 3) { T.clearTimeout(this); resolve() }
      }, 2)
      h._repeat = 2
    })
    await pause(20)
    return runs
  }, { expect: 3 })
})

t.test('_repeat = null in an interval\'s callback makes it a timeout again', async t => {
  await sameResult(t, '_repeat = null in run 2', async T => {
    const seen = []
    let handle
    await new Promise(resolve => {
      handle = T.setInterval(function () {
        seen.push(snap(this))
        // 40 ms after run 2 (a fixed window from the start could close before it on a stalled
        // machine): time for more runs, were it still an interval
        if (seen.length === 2) { this._repeat = null; nodeTimers.setTimeout(resolve, 40) }
      }, 2)
    })
    return { seen, after: snap(handle) }
  }, {
    expect: {
      seen: [
        { idle: 2, repeat: 2, destroyed: false, hasRef: true },
        { idle: 2, repeat: 2, destroyed: false, hasRef: true },
      ],
      after: { idle: 2, repeat: null, destroyed: true, hasRef: true },
    },
  })
})

for (const [title, stop] of [
  ['_idleTimeout = -1', (h) => { h._idleTimeout = -1 }],
  ['_onTimeout = null', (h) => { h._onTimeout = null }],
]) {
  t.test(`${title} in an interval's callback stops it`, async t => {
    await sameResult(t, `${title} in run 2`, async T => {
      let runs = 0
      let handle
      await new Promise(resolve => {
        handle = T.setInterval(function () {
          // 40 ms after run 2 (see above): time for more runs, were it not stopped, and for a
          // stopped one re-armed first (`_onTimeout = null`) to be skipped
          if (++runs === 2) { stop(this); nodeTimers.setTimeout(resolve, 40) }
        }, 2)
      })
      const after = snap(handle)
      T.clearInterval(handle) // a no-op if it stopped, as it should have
      return { runs, after }
    }, {
      expect: {
        runs: 2,
        after: title === '_idleTimeout = -1'
          ? { idle: -1, repeat: 2, destroyed: true, hasRef: true }
          : { idle: 2, repeat: 2, destroyed: true, hasRef: true },
      },
    })
  })
}

t.test('_idleTimeout written in an interval\'s callback: the period stays _repeat', async t => {
  await sameResult(t, '_idleTimeout = 50 in run 1', async T => {
    const seen = []
    await new Promise(resolve => {
      T.setInterval(function () {
        if (seen.length === 0) this._idleTimeout = 50
        seen.push(snap(this))
        if (seen.length === 4) { T.clearInterval(this); resolve() }
      }, 3)
    })
    return seen
  }, {
    expect: [
      { idle: 50, repeat: 3, destroyed: false, hasRef: true },
      { idle: 3, repeat: 3, destroyed: false, hasRef: true },
      { idle: 3, repeat: 3, destroyed: false, hasRef: true },
      { idle: 3, repeat: 3, destroyed: false, hasRef: true },
    ],
  })
})

// Node 18 to 22 export the deprecated unenroll(); a heaptimers interval handed to it stops as
// a native one does.
t.test('timers.unenroll() in an interval\'s callback stops it', { skip: typeof nodeTimers.unenroll !== 'function' && 'this Node has no timers.unenroll' }, async t => {
  const unenroll = nodeTimers.unenroll
  process.noDeprecation = true
  t.teardown(() => { process.noDeprecation = false })
  await sameResult(t, 'unenroll in run 2', async T => {
    let runs = 0
    let handle
    await new Promise(resolve => {
      handle = T.setInterval(function () {
        if (++runs === 2) { unenroll(this); nodeTimers.setTimeout(resolve, 40) } // see above
      }, 2)
    })
    return { runs, idle: handle._idleTimeout, destroyed: handle._destroyed }
  }, { expect: { runs: 2, idle: -1, destroyed: true } })
})

// enroll()/active()/_unrefActive() schedule a plain object's `_onTimeout` on Node's own lists;
// with heaptimers installed they still do, and heaptimers' clearTimeout cancels such an object
// as Node's does.
t.test('timers.enroll() and active() on a plain object, with heaptimers installed', { skip: typeof nodeTimers.enroll !== 'function' && 'this Node has no timers.enroll' }, async t => {
  process.noDeprecation = true
  t.teardown(() => { process.noDeprecation = false })
  await sameResult(t, 'enroll + active', async T => {
    const timers = require('node:timers')
    if (T.install) T.install() // heaptimers' own functions on node:timers, Node's enroll() beside them
    const ran = []
    const a = { _onTimeout () { ran.push('a') } }
    const b = { _onTimeout () { ran.push('b') } }
    const c = { _onTimeout () { ran.push('c') } }
    timers.enroll(a, 2)
    timers.active(a)
    timers.enroll(b, 2)
    timers._unrefActive(b)
    timers.enroll(c, 2)
    timers.active(c)
    timers.clearTimeout(c)
    await pause(30)
    if (T.uninstall) T.uninstall()
    return ran.sort()
  }, { expect: ['a', 'b'] })
})
