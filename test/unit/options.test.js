'use strict'
// configure(): validation, and the behaviour each opt-in option buys (heaptimers only: native has
// no such options; each test also pins the default to Node's behaviour).
const t = require('tap')
const { AsyncLocalStorage } = require('async_hooks')
const ht = require('../../lib/index.js')

const DEFAULTS = { maxTickDepth: 0, drainBetweenCallbacks: true, asyncContext: true }

t.afterEach(async () => { ht.configure(DEFAULTS) })

t.test('configure() returns the options in force, a copy', async t => {
  t.same(ht.configure(), DEFAULTS)
  const got = ht.configure({ maxTickDepth: 3 })
  t.same(got, { ...DEFAULTS, maxTickDepth: 3 })
  got.maxTickDepth = 99
  t.equal(ht.configure().maxTickDepth, 3, 'mutating the result changes nothing')
  t.same(ht.configure({}), { ...DEFAULTS, maxTickDepth: 3 })
  t.same(ht.configure({ maxTickDepth: undefined }), { ...DEFAULTS, maxTickDepth: 3 }, 'undefined keeps the value')
})

t.test('invalid options throw Node-style errors and change nothing', async t => {
  const cases = [
    [null, TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options" argument must be of type object. Received null'],
    [5, TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options" argument must be of type object. Received type number (5)'],
    [[], TypeError, 'ERR_INVALID_ARG_TYPE', /^The "options" argument must be of type object\. Received /],
    [{ maxTickDepth: '3' }, TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options.maxTickDepth" property must be of type number. Received type string (\'3\')'],
    [{ maxTickDepth: 1.5 }, RangeError, 'ERR_OUT_OF_RANGE', 'The value of "options.maxTickDepth" is out of range. It must be an integer. Received 1.5'],
    [{ maxTickDepth: -1 }, RangeError, 'ERR_OUT_OF_RANGE', 'The value of "options.maxTickDepth" is out of range. It must be >= 0 && <= 9007199254740991. Received -1'],
    [{ maxTickDepth: NaN }, RangeError, 'ERR_OUT_OF_RANGE', /It must be an integer\. Received NaN$/],
    [{ maxTickDepth: Infinity }, RangeError, 'ERR_OUT_OF_RANGE', /It must be an integer\. Received Infinity$/],
    [{ drainBetweenCallbacks: 1 }, TypeError, 'ERR_INVALID_ARG_TYPE', 'The "options.drainBetweenCallbacks" property must be of type boolean. Received type number (1)'],
    [{ asyncContext: 'yes' }, TypeError, 'ERR_INVALID_ARG_TYPE', /^The "options\.asyncContext" property must be of type boolean\./],
    [{ maxTickDepth: 2, drainBetweenCallbacks: null }, TypeError, 'ERR_INVALID_ARG_TYPE', /options\.drainBetweenCallbacks.*Received null$/],
    [{ maxTickDepht: 2 }, TypeError, 'ERR_INVALID_ARG_VALUE', /^The property 'options\.maxTickDepht' is not an option/],
  ]
  for (const [input, Class, code, message] of cases) {
    t.throws(() => ht.configure(input), { constructor: Class, code, message }, `configure(${JSON.stringify(input)})`)
    t.same(ht.configure(), DEFAULTS, 'nothing changed')
  }
  const err = t.throws(() => ht.configure({ maxTickDepth: -1 }))
  t.match(err.stack, /^RangeError \[ERR_OUT_OF_RANGE\]: /, 'stack header carries the code, like Node')
  t.equal(err.name, 'RangeError')
})

// A tail-recursive setImmediate loop, counting callbacks per loop turn (a native immediate marks turns).
function callbacksPerTurn (depth, total) {
  return new Promise(resolve => {
    ht.configure({ maxTickDepth: depth })
    const perTurn = [0]
    let n = 0
    let turnOpen = true
    const markTurn = () => {
      if (!turnOpen) return
      perTurn.push(0)
      setImmediate(markTurn) // native: once per loop turn
    }
    setImmediate(markTurn)
    const loop = () => {
      perTurn[perTurn.length - 1]++
      if (++n < total) ht.setImmediate(loop)
      else { turnOpen = false; resolve(perTurn.filter(c => c > 0)) }
    }
    ht.setImmediate(loop)
  })
}

t.test('maxTickDepth: 0 runs one generation per loop turn, n runs n + 1', async t => {
  const node = await callbacksPerTurn(0, 30)
  t.ok(node.every(c => c === 1), `depth 0: one callback per turn (${node.join(',')})`)
  const ten = await callbacksPerTurn(10, 55)
  t.same(ten.slice(0, 5), [11, 11, 11, 11, 11], 'depth 10: eleven per turn (the original + 10 generations)')
  const three = await callbacksPerTurn(3, 8)
  t.same(three, [4, 4], 'depth 3: four per turn')
})

t.test('maxTickDepth: what a generation\'s ticks queue, its last callback\'s included, is the next generation', async t => {
  ht.configure({ maxTickDepth: 1 })
  await new Promise(resolve => setTimeout(resolve, 5)) // out of any pass the tests before ended in
  const log = []
  await new Promise(resolve => {
    ht.setImmediate(() => {
      log.push('A')
      process.nextTick(() => ht.setImmediate(() => log.push('B, from a tick')))
      Promise.resolve().then(() => ht.setImmediate(() => log.push('C, from a promise job')))
    })
    // Native, queued after heaptimers' native immediate: it runs once heaptimers' pass is over.
    setImmediate(() => log.push('native immediate'))
    ht.setTimeout(resolve, 20)
  })
  t.same(log, ['A', 'B, from a tick', 'C, from a promise job', 'native immediate'])
})

t.test('maxTickDepth is bounded: I/O still gets in during an endless immediate chain', async t => {
  ht.configure({ maxTickDepth: 5 })
  const CAP = 100000
  let spins = 0
  let ioAt = -1
  await new Promise(resolve => {
    const spin = () => {
      spins++
      if (ioAt === -1 && spins < CAP) ht.setImmediate(spin)
      else resolve()
    }
    ht.setImmediate(spin)
    require('fs').stat(__filename, () => { ioAt = spins })
  })
  t.ok(ioAt >= 0 && ioAt < CAP, `the I/O callback ran while the chain was still going (after ${ioAt} spins)`)
})

t.test('drainBetweenCallbacks: true interleaves ticks (Node), false batches them after the pass', async t => {
  // T1 and T2 share a pass only when their deadlines fall in the same whole millisecond, that
  // is one bucket (each reads the clock afresh, in fractions of a millisecond): when
  // a millisecond turns between the two creations, the pass may end between them. Such a
  // round is run again; T2 then comes right after T1 in its bucket's list (`_idleNext`).
  const order = async () => {
    for (let round = 0; ; round++) {
      const log = []
      let oneBucket = false
      // From a native timer's callback, so that the immediates come first however late the loop
      // runs: a test starts outside the timers phase, where a stall lets the 5 ms timeouts in first.
      await new Promise(resolve => setTimeout(resolve, 1))
      await new Promise(resolve => {
        const t1 = ht.setTimeout(() => { log.push('T1'); process.nextTick(() => log.push('tick1')); Promise.resolve().then(() => log.push('p1')) }, 5)
        const t2 = ht.setTimeout(() => { log.push('T2') }, 5)
        oneBucket = t2._idleNext === t1
        ht.setImmediate(() => { log.push('I1'); process.nextTick(() => log.push('itick')) })
        ht.setImmediate(() => { log.push('I2') })
        ht.setTimeout(resolve, 30)
      })
      if (oneBucket || round === 19) return log
    }
  }
  t.same(await order(), ['I1', 'itick', 'I2', 'T1', 'tick1', 'p1', 'T2'], 'default: drained between callbacks')
  ht.configure({ drainBetweenCallbacks: false })
  t.same(await order(), ['I1', 'I2', 'itick', 'T1', 'T2', 'tick1', 'p1'], 'false: drained after the pass')
})

t.test('asyncContext: true restores each creation context; false runs callbacks in the native handle\'s', async t => {
  const als = new AsyncLocalStorage()
  const seen = async () => {
    await new Promise(resolve => setTimeout(resolve, 1)) // as in order() above
    return new Promise(resolve => {
      const got = []
      // same delay, same pass: the native timer is armed by the first one, inside store "a"
      als.run('a', () => ht.setTimeout(() => got.push(als.getStore()), 5))
      als.run('b', () => ht.setTimeout(() => got.push(als.getStore()), 5))
      als.run('c', () => ht.setImmediate(() => got.push(als.getStore())))
      ht.setTimeout(() => resolve(got), 30)
    })
  }
  t.same(await seen(), ['c', 'a', 'b'], 'default: every callback sees its own store')
  ht.configure({ asyncContext: false })
  t.same(await seen(), ['c', 'a', 'a'], 'false: no capture, the second timeout sees the first one\'s')
})
