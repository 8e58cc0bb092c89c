'use strict'
// Ids and clearing: `+timeout` / String(timeout) give an id clearTimeout
// accepts; the id is released when the timer fires or is cleared;
// clearTimeout clears intervals and vice versa; clearing anything foreign
// never throws; clearImmediate(timeout) does not clear the timeout; native
// handles passed to heaptimers' clear functions are cleared.

const t = require('tap')
const { sameResult, capture, native, loadHeaptimers, nodeMajor, sleep, onlyHeaptimers } = require('./helpers/impls.js')
const { foreignHandles } = require('./helpers/values.js')
const { runFixture, runFixtureEach, parseResult } = require('./helpers/child.js')

t.test('Symbol.toPrimitive gives a stable integer id', async t => {
  await sameResult(t, 'ids', async T => {
    const a = T.setTimeout(() => {}, 1000)
    const b = T.setInterval(() => {}, 1000)
    const ids = [+a, +a, Number(a), +b]
    const r = {
      integer: ids.every(Number.isSafeInteger),
      stable: ids[0] === ids[1] && ids[1] === ids[2],
      distinct: ids[0] !== ids[3],
      string: String(a) === String(ids[0]) && `${a}` === String(ids[0]),
      hints: [a[Symbol.toPrimitive]('number') === ids[0], a[Symbol.toPrimitive]('string') === ids[0], a[Symbol.toPrimitive]('default') === ids[0]],
      plusAddsNumber: typeof (a + 0) === 'number',
      immediateHasNoToPrimitive: typeof T.setImmediate(() => {})[Symbol.toPrimitive],
    }
    T.clearTimeout(a)
    T.clearInterval(b)
    return r
  }, {
    expect: {
      integer: true, stable: true, distinct: true, string: true, hints: [true, true, true], plusAddsNumber: true, immediateHasNoToPrimitive: 'undefined',
    },
  })

  await sameResult(t, '1000 live timers have distinct ids', async T => {
    const hs = []
    for (let i = 0; i < 1000; i++) hs.push(T.setTimeout(() => {}, 1000))
    const ids = new Set(hs.map(h => +h))
    hs.forEach(h => T.clearTimeout(h))
    return ids.size
  }, { expect: 1000 })
})

t.test('clearTimeout / clearInterval accept the numeric and string ids', async t => {
  await sameResult(t, 'clear by id', async T => {
    const log = []
    const a = T.setTimeout(() => log.push('a: cleared by number'), 5)
    const b = T.setTimeout(() => log.push('b: cleared by string'), 5)
    const c = T.setInterval(() => log.push('c: interval cleared by number via clearTimeout'), 5)
    const d = T.setTimeout(() => log.push('d: timeout cleared by string via clearInterval'), 5)
    const e = T.setTimeout(() => log.push('e: runs'), 5)
    T.clearTimeout(+a)
    T.clearTimeout(String(b))
    T.clearTimeout(+c)
    T.clearInterval(`${d}`)
    void e
    await new Promise(resolve => T.setTimeout(resolve, 40))
    return log
  }, { expect: ['e: runs'] })
})

t.test('an id is released when its timer fires or is cleared', async t => {
  await sameResult(t, 'stale ids clear nothing', async T => {
    const log = []
    const a = T.setTimeout(() => log.push('a fired'), 1)
    const idA = +a
    await new Promise(resolve => T.setTimeout(resolve, 10))
    // a has fired; its id must not clear a timer created afterwards
    const b = T.setTimeout(() => log.push('b fired'), 5)
    T.clearTimeout(idA)
    T.clearTimeout(idA)
    const c = T.setTimeout(() => log.push('never: c'), 5)
    const idC = +c
    T.clearTimeout(idC)
    const d = T.setTimeout(() => log.push('d fired'), 5)
    T.clearTimeout(idC) // already released
    await new Promise(resolve => T.setTimeout(resolve, 30))
    void b; void d
    return { log, distinct: new Set([idA, +b, idC, +d]).size }
  }, { expect: { log: ['a fired', 'b fired', 'd fired'], distinct: 4 } })

  await sameResult(t, 'an interval\'s id stays valid while it repeats', async T => {
    let n = 0
    const iv = T.setInterval(() => { n++ }, 5)
    const id = String(iv)
    // Until it ran twice, 2 s at most: a fixed wait could end first on a stalled machine.
    for (let waited = 0; n < 2 && waited < 2000; waited += 10) await new Promise(resolve => T.setTimeout(resolve, 10))
    T.clearInterval(id)
    const at = n
    await new Promise(resolve => T.setTimeout(resolve, 30))
    return { ranBefore: at >= 2, stoppedAfter: n === at }
  }, { expect: { ranBefore: true, stoppedAfter: true } })
})

t.test('clearTimeout clears intervals and clearInterval clears timeouts', async t => {
  await sameResult(t, 'cross clearing with handles', async T => {
    const log = []
    const iv = T.setInterval(() => log.push('never: interval'), 5)
    const tm = T.setTimeout(() => log.push('never: timeout'), 5)
    T.clearTimeout(iv)
    T.clearInterval(tm)
    T.setTimeout(() => log.push('control'), 5)
    await new Promise(resolve => T.setTimeout(resolve, 30))
    return { log, destroyed: [iv._destroyed, tm._destroyed] }
  }, { expect: { log: ['control'], destroyed: [true, true] } })
})

t.test('clearTimeout/clearInterval on immediates do not clear them', async t => {
  await sameResult(t, 'immediate survives', async T => {
    const log = []
    const a = T.setImmediate(() => log.push('a ran'))
    const b = T.setImmediate(() => log.push('b ran'))
    T.clearTimeout(a)
    T.clearInterval(b)
    await new Promise(resolve => T.setImmediate(resolve)) // queued after a and b: runs after them
    return log
  }, { expect: ['a ran', 'b ran'] })
})

// Foreign values go to a child process: native clearImmediate() corrupts the
// process's immediate count for some of them (see fixtures/clear-foreign.js),
// which would hang every later test in this process.
t.test('clearing foreign values breaks nothing, and throws only where native does', async t => {
  for (const fn of ['clearTimeout', 'clearInterval']) {
    await t.test(fn, async t => {
      const r = await runFixtureEach('clear-foreign.js', [fn, 'all'], { parallel: true })
      const nat = parseResult(r.native.stdout)
      for (const [k, v] of Object.entries(nat.calls)) {
        // Node writes `_onTimeout = null` into whatever has one, in strict mode.
        if (k === 'frozen object with _onTimeout') t.match(v, { threw: 'TypeError', message: /read only property '_onTimeout'/ }, `native ${fn}(${k}) throws`)
        else t.equal(v, 'returned undefined', `native ${fn}(${k})`)
      }
      t.equal(nat.healthy, true, 'native timers still work afterwards')
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, 0, 'heaptimers child exits 0', { stderr: r.heaptimers.stderr })
      const h = parseResult(r.heaptimers.stdout)
      t.same(h.calls, nat.calls, 'every call returns undefined, like native')
      t.same({ healthy: h.healthy, failedRound: h.failedRound }, { healthy: true, failedRound: null }, 'native and heaptimers timers still work afterwards')
    })
  }

  await t.test('clearImmediate [heaptimers]: never throws, never corrupts native immediates', async t => {
    const r = await runFixtureEach('clear-foreign.js', ['clearImmediate', 'all'], { parallel: true })
    if (!('heaptimers' in r)) return t.pass('heaptimers not selected')
    t.equal(r.heaptimers.code, 0, 'child exits 0', { stderr: r.heaptimers.stderr })
    const h = parseResult(r.heaptimers.stdout)
    for (const [k, v] of Object.entries(h.calls)) t.equal(v, 'returned undefined', `clearImmediate(${k})`)
    t.same({ healthy: h.healthy, failedRound: h.failedRound }, { healthy: true, failedRound: null }, 'native and heaptimers immediates still run afterwards')
  })

  await t.test('clearImmediate [native, documented per version]', async t => {
    const labels = foreignHandles().map(([l]) => l)
    const res = await Promise.all(labels.map(l => runFixture('clear-foreign.js', 'native', ['clearImmediate', l], { timeout: 10000 })))
    const threw = []
    const corrupts = []
    res.forEach((r, i) => {
      const out = parseResult(r.stdout)
      if (typeof out.calls[labels[i]] === 'object') threw.push(labels[i])
      if (!out.healthy) corrupts.push(labels[i])
    })
    t.comment(`Node ${process.versions.node}: native clearImmediate throws on: ${threw.join(', ') || 'nothing'}`)
    t.comment(`Node ${process.versions.node}: native clearImmediate corrupts the immediate count for: ${corrupts.join(', ') || 'nothing'}`)
    if (nodeMajor() >= 24) {
      t.same(threw, [], 'Node >= 24: never throws')
      t.ok(corrupts.includes('object with _onImmediate'), 'Node >= 24: a duck-typed { _onImmediate } object corrupts the count')
    } else {
      t.ok(threw.includes('number never issued') && threw.includes('frozen object'), 'Node <= 22 throws on primitives and frozen objects')
      t.ok(corrupts.includes('plain object') && corrupts.includes('number never issued'), 'Node <= 22: objects and primitives corrupt the count')
    }
  })
})

t.test('clearImmediate(timeout) does not clear the timeout (child process)', async t => {
  const r = await runFixtureEach('clear-immediate-timeout.js', [], { parallel: true })
  const nat = parseResult(r.native.stdout)
  const correct = { log: ['interval ran', 'timeout 2 ran', 'timeout ran'], threw: null, immediatesHealthy: true }
  if (nodeMajor() >= 24) {
    t.same(nat, correct, 'native Node >= 24 does not clear')
  } else {
    t.same(nat.log, ['timeout 2 ran'], `native Node ${nodeMajor()} wrongly clears timeouts and intervals passed to clearImmediate`)
    t.match(nat.threw, /^TypeError: Cannot create property '_destroyed' on number/, `native Node ${nodeMajor()} throws for clearImmediate(number)`)
    t.equal(nat.immediatesHealthy, false, `native Node ${nodeMajor()} corrupts its immediate count doing so`)
  }
  if ('heaptimers' in r) {
    t.equal(r.heaptimers.code, 0, 'heaptimers child exits 0', { stderr: r.heaptimers.stderr })
    t.same(parseResult(r.heaptimers.stdout), correct, 'heaptimers: nothing cleared, no throw, immediates healthy')
  }
})

t.test('native handles passed to heaptimers\' clear functions are cleared', onlyHeaptimers, async t => {
  const H = loadHeaptimers()
  const log = []
  const nt = native.setTimeout(() => log.push('never: native timeout'), 5)
  const ni = native.setInterval(() => log.push('never: native interval'), 5)
  const nt2 = native.setTimeout(() => log.push('never: native timeout via clearInterval'), 5)
  const ni2 = native.setInterval(() => log.push('never: native interval via clearTimeout'), 5)
  const nim = native.setImmediate(() => log.push('never: native immediate'))
  H.clearTimeout(nt)
  H.clearInterval(ni)
  H.clearInterval(nt2)
  H.clearTimeout(ni2)
  H.clearImmediate(nim)
  native.setTimeout(() => log.push('control'), 5)
  await sleep(40)
  t.same(log, ['control'])
  t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 }, 'heaptimers counters untouched')
})

t.test('other objects passed to clearTimeout are treated as native treats them', async t => {
  await sameResult(t, 'an object with an _onTimeout gets Node\'s fields; a frozen one throws', async T => {
    const duck = { _onTimeout () {}, _idleTimeout: 5, _timerArgs: ['a'] }
    T.clearTimeout(duck)
    const empty = { _onTimeout: null, _idleTimeout: 5 }
    T.clearInterval(empty)
    const frozen = Object.freeze({ _onTimeout () {} })
    const show = o => Object.entries(o).map(([k, v]) => `${k}=${typeof v === 'function' ? 'fn' : JSON.stringify(v) ?? 'undefined'}`)
    return { duck: show(duck), empty: show(empty), frozen: capture(() => T.clearTimeout(frozen)) }
  })

  const timers = require('node:timers')
  if (typeof timers.enroll !== 'function') return // gone from Node 24 on (DEP0095)
  await sameResult(t, 'an object enrolled with the deprecated timers.enroll() is cancelled', async T => {
    const fired = []
    const legacy = { _onTimeout () { fired.push('never: the enrolled object') } }
    const quiet = process.noDeprecation
    process.noDeprecation = true
    try {
      timers.enroll(legacy, 5)
      timers.active(legacy)
    } finally {
      process.noDeprecation = quiet
    }
    T.clearTimeout(legacy)
    await sleep(40)
    return { fired, destroyed: legacy._destroyed, idleTimeout: legacy._idleTimeout }
  }, { expect: { fired: [], destroyed: true, idleTimeout: -1 } })
})

t.test('numeric ids of native timers passed to heaptimers\' clearTimeout are cleared', onlyHeaptimers, async t => {
  // A program may take `+timer` before install() and clear it after.
  const H = loadHeaptimers()
  const log = []
  const nt = native.setTimeout(() => log.push('never: native timeout by number'), 5)
  const ni = native.setInterval(() => log.push('never: native interval by string'), 5)
  H.clearTimeout(+nt)
  H.clearInterval(String(ni))
  await sleep(40)
  native.clearTimeout(nt)
  native.clearInterval(ni)
  t.same(log, [])
})

t.test('heaptimers handles passed to heaptimers clear functions after they ran', async t => {
  await sameResult(t, 'clearing spent handles is a no-op', async T => {
    const tm = await new Promise(resolve => { const h = T.setTimeout(() => T.setImmediate(() => resolve(h)), 1) })
    const im = await new Promise(resolve => { const h = T.setImmediate(() => T.setImmediate(() => resolve(h))) })
    return [capture(() => T.clearTimeout(tm)), capture(() => T.clearInterval(tm)), capture(() => T.clearImmediate(im)), capture(() => T.clearTimeout(im)), tm._destroyed, im._destroyed]
  }, { expect: [{ ok: undefined }, { ok: undefined }, { ok: undefined }, { ok: undefined }, true, true] })
})
