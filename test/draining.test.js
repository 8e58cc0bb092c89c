'use strict'
// Between any two callbacks the nextTick queue and then the promise jobs
// drain (Node >= 11): `T1 tick1 p1 T2`, for timeouts, intervals and
// immediates, including nested ticks/promises and async callbacks.

const t = require('tap')
const { busy, logger } = require('./helpers/scenario.js')
const { sameResult } = require('./helpers/impls.js')

// The body every callback runs: a tick, a promise job, and nested ones.
function noisy (L, name) {
  L.push(name)
  process.nextTick(() => {
    L.push(name + ':tick1')
    process.nextTick(() => L.push(name + ':tick2 (queued by tick1)'))
    Promise.resolve().then(() => L.push(name + ':p2 (queued by tick1)'))
  })
  Promise.resolve().then(() => {
    L.push(name + ':p1')
    process.nextTick(() => L.push(name + ':tick3 (queued by p1)'))
  })
  queueMicrotask(() => L.push(name + ':microtask'))
}
const NOISY_EVENTS = 7
const noisyOrder = name => [
  name, name + ':tick1', name + ':tick2 (queued by tick1)', name + ':p1', name + ':microtask',
  name + ':p2 (queued by tick1)', name + ':tick3 (queued by p1)',
]

t.test('timeouts: T1 tick1 p1 T2', async t => {
  await sameResult(t, 'simple', async T => {
    const L = logger(4)
    T.setTimeout(() => {
      L.push('T1')
      process.nextTick(() => L.push('tick1'))
      Promise.resolve().then(() => L.push('p1'))
    }, 1)
    T.setTimeout(() => L.push('T2'), 1)
    return L.done
  }, { expect: ['T1', 'tick1', 'p1', 'T2'] })

  await sameResult(t, 'nested ticks and promises, three due timers', async T => {
    const L = logger(3 * NOISY_EVENTS)
    for (const n of ['T1', 'T2', 'T3']) T.setTimeout(() => noisy(L, n), 1)
    return L.done
  }, { expect: [...noisyOrder('T1'), ...noisyOrder('T2'), ...noisyOrder('T3')] })

  await sameResult(t, 'timeouts of different delays due in the same pass', async T => {
    const L = logger(2 * NOISY_EVENTS)
    // 29 ms apart: a stall between the two creations longer than the difference would make the
    // later-created T1 due after T30, natively too
    T.setTimeout(() => noisy(L, 'T30'), 30)
    T.setTimeout(() => noisy(L, 'T1'), 1)
    busy(40) // make both overdue before the loop gets to timers
    return L.done
  }, { expect: [...noisyOrder('T1'), ...noisyOrder('T30')] })
})

t.test('intervals: iv1 tick p iv2', async t => {
  await sameResult(t, 'two intervals and a timeout', async T => {
    const L = logger(3 * NOISY_EVENTS)
    const a = T.setInterval(() => { T.clearInterval(a); noisy(L, 'iv1') }, 1)
    const b = T.setInterval(() => { T.clearInterval(b); noisy(L, 'iv2') }, 1)
    T.setTimeout(() => noisy(L, 'T'), 1)
    return L.done
  }, { expect: [...noisyOrder('iv1'), ...noisyOrder('iv2'), ...noisyOrder('T')] })
})

t.test('immediates: I1 tick p I2', async t => {
  await sameResult(t, 'three immediates', async T => {
    const L = logger(3 * NOISY_EVENTS)
    for (const n of ['I1', 'I2', 'I3']) T.setImmediate(() => noisy(L, n))
    return L.done
  }, { expect: [...noisyOrder('I1'), ...noisyOrder('I2'), ...noisyOrder('I3')] })

  await sameResult(t, 'a tick queuing an immediate does not let it run in this pass', async T => {
    const L = logger(4)
    T.setImmediate(() => {
      L.push('I1')
      process.nextTick(() => T.setImmediate(() => L.push('I3 (queued in a tick of I1)')))
    })
    T.setImmediate(() => L.push('I2'))
    Promise.resolve().then(() => L.push('main promise'))
    return L.done
  }, { expect: ['main promise', 'I1', 'I2', 'I3 (queued in a tick of I1)'] })
})

t.test('async callbacks: the awaited continuation runs before the next callback', async t => {
  await sameResult(t, 'async timeouts and immediates', async T => {
    const L = logger(8)
    const body = name => async () => {
      L.push(name)
      await null
      L.push(name + ' after await')
      await Promise.resolve()
      L.push(name + ' after 2nd await')
    }
    // The timeouts are set by the last immediate: set beside them, a loaded machine's first loop
    // turn may reach a 1 ms timeout before the immediates, natively too.
    T.setImmediate(body('I1'))
    T.setImmediate(() => {
      L.push('I2')
      T.setTimeout(body('T1'), 1)
      T.setTimeout(() => L.push('T2'), 1)
    })
    return L.done
  }, {
    expect: ['I1', 'I1 after await', 'I1 after 2nd await', 'I2', 'T1', 'T1 after await', 'T1 after 2nd await', 'T2'],
  })
})

t.test('a nextTick chain cleared-timer interplay: a tick may clear the next due timer', async t => {
  await sameResult(t, 'clear from tick and from promise job', async T => {
    const L = logger(3)
    let b = null
    let c = null
    T.setTimeout(() => {
      L.push('A')
      process.nextTick(() => T.clearTimeout(b))
      Promise.resolve().then(() => T.clearTimeout(c))
    }, 1)
    b = T.setTimeout(() => L.push('B (cleared in a tick)'), 1)
    c = T.setTimeout(() => L.push('C (cleared in a promise job)'), 1)
    T.setTimeout(() => L.push('D'), 1)
    T.setImmediate(() => {
      L.push('I')
    })
    return L.done
  }, {
    // The immediate may run before or after the 1 ms timers depending on load
    // at start-up: compare the timers' order only.
    expect: (r, t) => t.same(r.filter(x => x !== 'I'), ['A', 'D']),
    compare: (t, h, n) => t.same(h.filter(x => x !== 'I'), n.filter(x => x !== 'I'), 'heaptimers timers order equals native'),
  })
})
