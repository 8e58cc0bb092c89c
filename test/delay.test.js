'use strict'
// Delay coercion: `delay * 1` semantics (valueOf honoured, BigInt/Symbol
// throw), out-of-range -> 1, the `_idleTimeout` / `_repeat` fields, the
// effect on firing order, and the Timeout*Warning family (child processes).

const t = require('tap')
const { sameResult, capture, sleep } = require('./helpers/impls.js')
const { runFixtureEach, parseResult, normalizeOutput } = require('./helpers/child.js')
const { delays, throwingDelays } = require('./helpers/values.js')

const noop = () => {}

t.test('_idleTimeout for every delay kind', async t => {
  await sameResult(t, 'setTimeout and setInterval fields', async T => {
    const out = {}
    for (const [label, d] of delays()) {
      const a = T.setTimeout(noop, d)
      const b = T.setInterval(noop, d)
      out[label] = {
        timeout: { idle: a._idleTimeout, repeat: a._repeat },
        interval: { idle: b._idleTimeout, repeat: b._repeat },
      }
      T.clearTimeout(a)
      T.clearInterval(b)
    }
    return out
  }, {
    expect: (r, t) => {
      // Spot checks of documented native behaviour (same on 20..26).
      t.same(r.undefined.timeout, { idle: 1, repeat: null })
      t.same(r.null.timeout.idle, 1)
      t.same(r['-0'].timeout.idle, 1)
      t.same(r['0.5'].timeout.idle, 1)
      t.same(r.NaN.timeout.idle, 1)
      t.same(r.Infinity.timeout.idle, 1)
      t.same(r['2**31-1'].timeout.idle, 2 ** 31 - 1)
      t.same(r['2**31'].timeout.idle, 1)
      t.same(r['string "10"'].interval, { idle: 10, repeat: 10 })
      t.same(r['{ valueOf: 25 }'].timeout.idle, 25)
      // native keeps the fraction in _idleTimeout (it truncates when arming)
      t.same(r['1.8'].timeout.idle, 1.8)
    },
  })
})

t.test('valueOf is called exactly once per call, toString when no valueOf', async t => {
  await sameResult(t, 'coercion calls', async T => {
    const calls = []
    const d = {
      valueOf () { calls.push('valueOf'); return 12 },
      toString () { calls.push('toString'); return '99' },
    }
    const s = { toString () { calls.push('toString-only'); return '13' } }
    const prim = { [Symbol.toPrimitive] (hint) { calls.push('toPrimitive:' + hint); return 14 } }
    const a = T.setTimeout(noop, d)
    const b = T.setInterval(noop, s)
    const c = T.setTimeout(noop, prim)
    const r = { calls, idle: [a._idleTimeout, b._idleTimeout, c._idleTimeout] }
    T.clearTimeout(a)
    T.clearInterval(b)
    T.clearTimeout(c)
    return r
  }, { expect: { calls: ['valueOf', 'toString-only', 'toPrimitive:number'], idle: [12, 13, 14] } })
})

t.test('delays that make coercion throw', async t => {
  await sameResult(t, 'BigInt, Symbol and throwing valueOf', async T => {
    const out = {}
    for (const [label, d] of throwingDelays()) {
      out[label] = {
        setTimeout: capture(() => T.setTimeout(noop, d)),
        setInterval: capture(() => T.setInterval(noop, d)),
      }
      for (const k of ['setTimeout', 'setInterval']) {
        if (out[label][k].ok) {
          T.clearTimeout(out[label][k].ok)
          out[label][k] = 'NO THROW'
        }
      }
    }
    // callback validation comes before delay coercion
    out['bad callback and bad delay'] = capture(() => T.setTimeout(null, Symbol('x')))
    out.pending = T.stats ? T.stats() : { timeouts: 0, immediates: 0, refed: 0 }
    return out
  }, {
    expect: (r, t) => {
      t.match(r.bigint.setTimeout, { error: { class: 'TypeError', message: 'Cannot mix BigInt and other types, use explicit conversions' } })
      t.match(r.symbol.setInterval, { error: { class: 'TypeError', message: 'Cannot convert a Symbol value to a number' } })
      t.match(r['valueOf throws'].setTimeout, { error: { class: 'RangeError', message: 'from valueOf' } })
      t.match(r['bad callback and bad delay'], { error: { code: 'ERR_INVALID_ARG_TYPE' } })
      t.same(r.pending, { timeouts: 0, immediates: 0, refed: 0 })
    },
  })
})

t.test('coerced delays decide firing order', async t => {
  await sameResult(t, 'order by coerced delay', async T => {
    const order = []
    // Delays 29-30 ms apart: a stall between two creations longer than the difference could
    // make a timer created later with the shorter delay due after one created earlier.
    const done = new Promise(resolve => {
      T.setTimeout(() => { order.push('"90" string'); resolve() }, '90')
      T.setTimeout(() => order.push('valueOf 30'), { valueOf () { return 30 } })
      T.setTimeout(() => order.push('2**31 -> 1'), 2 ** 31)
      T.setTimeout(() => order.push('NaN -> 1'), NaN)
      T.setTimeout(() => order.push('[60]'), [60])
      T.setTimeout(() => order.push('undefined -> 1'))
      T.setTimeout(() => order.push('-0 -> 1'), -0)
    })
    await done
    return order
  }, { expect: ['2**31 -> 1', 'NaN -> 1', 'undefined -> 1', '-0 -> 1', 'valueOf 30', '[60]', '"90" string'] })
})

t.test('a coerced delay is waited for (never much earlier than asked)', async t => {
  await sameResult(t, 'elapsed lower bounds', async T => {
    const res = {}
    const cases = [['"40"', '40', 40], ['valueOf 25', { valueOf () { return 25 } }, 25], ['2**31-1 cleared', null, 0]]
    await Promise.all(cases.filter(c => c[1] !== null).map(([label, d, ms]) => new Promise(resolve => {
      const start = performance.now()
      T.setTimeout(() => {
        // native may fire up to 1 ms early against performance.now()
        res[label] = performance.now() - start >= ms - 1
        resolve()
      }, d)
    })))
    return res
  }, { expect: { '"40"': true, 'valueOf 25': true } })
  await sleep(1)
})

t.test('TimeoutOverflowWarning / TimeoutNegativeWarning / TimeoutNaNWarning (child processes)', async t => {
  const scenarios = ['overflow', 'negative', 'negative-interval-first', 'nan', 'nan-interval-first', 'silent', 'mixed', 'timing', 'promises', 'largest-delay', 'emitWarning-replaced']
  for (const s of scenarios) {
    await t.test(s, async t => {
      const r = await runFixtureEach('warnings.js', [s], { parallel: true })
      t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
      const nat = parseResult(r.native.stdout)
      if (s === 'overflow') {
        const warnings = nat.filter(e => e.warning)
        // every time, exact text
        t.same(warnings.map(w => w.message), [
          '2147483648 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          '2147483648 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          '4294967296 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          'Infinity does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          '3000000000 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          '1099511627776 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
          '2147483648 does not fit into a 32-bit signed integer.\nTimeout duration was set to 1.',
        ], 'native overflow warnings, every time')
        t.ok(warnings.every(w => w.warning === 'TimeoutOverflowWarning' && w.isError), 'native warning name')
      }
      if (s === 'silent') t.same(nat.filter(e => e.warning), [], 'native: no warnings')
      if ('heaptimers' in r) {
        t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
        if (r.heaptimers.code === 0) {
          t.same(parseResult(r.heaptimers.stdout), nat, 'heaptimers events equal native')
        }
        t.equal(normalizeOutput(r.heaptimers.stderr), normalizeOutput(r.native.stderr), 'stderr (printed warnings) equal native')
      }
    })
  }
})
