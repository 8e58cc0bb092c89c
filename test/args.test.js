'use strict'
// `this` and argument passing: the Timeout is `this` in timeout and interval
// callbacks, the Immediate in immediate callbacks; extra arguments pass
// through exactly (0..n, arguments.length, holes and undefined kept).

const t = require('tap')
const { sameResult } = require('./helpers/impls.js')

const ARGS = [
  [],
  ['a'],
  ['a', 2],
  ['a', 2, null],
  ['a', 2, null, undefined],
  ['a', 2, null, undefined, { o: 1 }],
  [undefined],
  [undefined, undefined, undefined],
  [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
]

function record (handle) {
  // what a callback observes, as plain data
  return function () {
    return {
      thisIsHandle: this === handle.h,
      argc: arguments.length,
      args: Array.from(arguments, a => a === undefined ? '<undefined>' : a),
    }
  }
}

// `own`: properties the callback gets of its own (see the call/apply test below).
function collect (T, kind, args, own = {}) {
  return new Promise(resolve => {
    const handle = {}
    const rec = record(handle)
    const cb = function () {
      const r = rec.apply(this, arguments)
      if (kind === 'setInterval') T.clearInterval(this)
      resolve(r)
    }
    Object.assign(cb, own)
    if (kind === 'setImmediate') handle.h = T.setImmediate(cb, ...args)
    else handle.h = T[kind](cb, 1, ...args)
  })
}

for (const kind of ['setTimeout', 'setInterval', 'setImmediate']) {
  t.test(`${kind}: this and 0..10 arguments`, async t => {
    await sameResult(t, kind, async T => {
      const out = []
      for (const args of ARGS) out.push(await collect(T, kind, args))
      return out
    }, {
      expect: ARGS.map(args => ({
        thisIsHandle: true,
        argc: args.length,
        args: args.map(a => a === undefined ? '<undefined>' : a),
      })),
    })
  })
}

t.test('argument identity is preserved (no copies)', async t => {
  await sameResult(t, 'identity', async T => {
    const obj = {}
    const fn = () => {}
    const r = await Promise.all([
      new Promise(resolve => T.setTimeout((a, b) => resolve(a === obj && b === fn), 1, obj, fn)),
      new Promise(resolve => T.setImmediate((a, b) => resolve(a === obj && b === fn), obj, fn)),
      new Promise(resolve => {
        const iv = T.setInterval((a, b) => { T.clearInterval(iv); resolve(a === obj && b === fn) }, 1, obj, fn)
      }),
    ])
    return r
  }, { expect: [true, true, true] })
})

t.test('an interval receives the same arguments every time', async t => {
  await sameResult(t, 'interval args repeat', async T => {
    const seen = []
    await new Promise(resolve => {
      T.setInterval(function (a, b) {
        seen.push([arguments.length, a, b])
        if (seen.length === 3) { T.clearInterval(this); resolve() }
      }, 1, 'x', 'y')
    })
    return seen
  }, { expect: [[2, 'x', 'y'], [2, 'x', 'y'], [2, 'x', 'y']] })
})

t.test('a bound or arrow callback keeps its own this; strict callbacks see the handle', async t => {
  await sameResult(t, 'this binding', async T => {
    const bound = { b: 1 }
    const r = await Promise.all([
      new Promise(resolve => T.setTimeout(function () { resolve(this === bound) }.bind(bound), 1)),
      new Promise(resolve => {
        const h = T.setTimeout(function () { 'use strict'; resolve(this === h) }, 1)
      }),
      new Promise(resolve => {
        const h = T.setImmediate(function () { 'use strict'; resolve(this === h) })
      }),
      new Promise(resolve => {
        const self = this
        T.setImmediate(() => resolve(this === self))
      }),
    ])
    return r
  }, { expect: [true, true, true, true] })
})

t.test('the callback return value is ignored (even a rejected promise is not awaited)', async t => {
  await sameResult(t, 'return values', async T => {
    const order = []
    await new Promise(resolve => {
      T.setTimeout(() => { order.push('a'); return 42 }, 1)
      T.setTimeout(async () => { order.push('b'); await null; order.push('b-after-await') }, 1)
      T.setTimeout(() => { order.push('c'); resolve() }, 1)
    })
    return order
  }, { expect: ['a', 'b', 'b-after-await', 'c'] })
})

t.test('_onTimeout is the callback itself', async t => {
  // Some packages call timer._onTimeout() themselves (e.g. to fire early).
  await sameResult(t, '_onTimeout is the callback', async T => {
    const seen = []
    const cb = function () { seen.push(arguments.length) }
    const h = T.setTimeout(cb, 10000, 1, 2)
    const r = { isFunction: typeof h._onTimeout === 'function', same: h._onTimeout === cb }
    T.clearTimeout(h)
    return r
  }, { expect: { isFunction: true, same: true } })
})

// Node keeps the extra arguments in one array, `_timerArgs` (Timeout) or `_argv` (Immediate),
// and spreads it into the callback when it fires: every read returns that same array, and a
// change made to it before the timer fires reaches the callback. Some packages read it.
for (const kind of ['setTimeout', 'setInterval', 'setImmediate']) {
  const field = kind === 'setImmediate' ? '_argv' : '_timerArgs'
  t.test(`${kind}: ${field} is the argument array, the same on every read`, async t => {
    await sameResult(t, `${kind} ${field}`, async T => {
      const out = []
      for (const args of ARGS.slice(0, 6)) {
        out.push(await new Promise(resolve => {
          const cb = function () {
            if (kind === 'setInterval') T.clearInterval(this)
            resolve({ shown, same, received: Array.from(arguments, a => a === undefined ? '<undefined>' : a) })
          }
          const h = kind === 'setImmediate' ? T.setImmediate(cb, ...args) : T[kind](cb, 1, ...args)
          const first = h[field]
          const shown = first === undefined ? '<none>' : Array.from(first, a => a === undefined ? '<undefined>' : a)
          const same = h[field] === first
          if (first !== undefined) first[0] = 'changed'
        }))
      }
      return out
    }, {
      expect: ARGS.slice(0, 6).map(args => {
        const received = args.map(a => a === undefined ? '<undefined>' : a)
        if (received.length > 0) received[0] = 'changed'
        return {
          shown: args.length === 0 ? '<none>' : args.map(a => a === undefined ? '<undefined>' : a),
          same: true,
          received,
        }
      }),
    })
  })
}

// Node calls a callback without reading its `call` or `apply` property, so a function that has
// its own (a mock, or a function object with such a field) runs as any other, with `this` and
// its arguments, in every argument shape.
for (const kind of ['setTimeout', 'setInterval', 'setImmediate']) {
  t.test(`${kind}: a callback whose own call and apply are overwritten`, async t => {
    await sameResult(t, `${kind} own call/apply`, async T => {
      const out = []
      for (const args of ARGS) {
        for (const own of [{ call: 'x' }, { apply: 'x' }, { call: 'x', apply: 'x' }, { call: () => 'wrong', apply: () => 'wrong' }]) {
          out.push(await collect(T, kind, args, own))
        }
      }
      return out
    }, {
      expect: ARGS.flatMap(args => Array(4).fill({
        thisIsHandle: true,
        argc: args.length,
        args: args.map(a => a === undefined ? '<undefined>' : a),
      })),
    })
  })
}
