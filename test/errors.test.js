'use strict'
// Callback validation: every non-function callback makes setTimeout,
// setInterval and setImmediate throw synchronously, with the same class,
// code and message as native, and nothing gets scheduled.

const t = require('tap')
const { sameResult, capture } = require('./helpers/impls.js')
const { nonFunctions } = require('./helpers/values.js')

const fns = {
  setTimeout: (T, cb) => T.setTimeout(cb, 1),
  'setTimeout (no delay)': (T, cb) => T.setTimeout(cb),
  'setTimeout (extra args)': (T, cb) => T.setTimeout(cb, 1, 'a', 'b'),
  setInterval: (T, cb) => T.setInterval(cb, 1),
  'setInterval (no delay)': (T, cb) => T.setInterval(cb),
  setImmediate: (T, cb) => T.setImmediate(cb),
  'setImmediate (extra args)': (T, cb) => T.setImmediate(cb, 'a', 'b', 'c', 'd'),
}

for (const [fname, call] of Object.entries(fns)) {
  t.test(`${fname}: non-function callback`, async t => {
    await sameResult(t, `${fname} throws for every non-function`, async T => {
      const out = {}
      for (const [label, value] of nonFunctions()) {
        const r = capture(() => call(T, value))
        if (r.ok !== undefined) {
          // Should not happen; clean up so nothing fires later.
          T.clearTimeout(r.ok)
          T.clearImmediate(r.ok)
          out[label] = 'NO THROW'
        } else {
          out[label] = r.error
        }
      }
      return out
    }, {
      expect: (r, t) => {
        for (const [label, shape] of Object.entries(r)) {
          t.match(shape, {
            class: 'TypeError',
            code: 'ERR_INVALID_ARG_TYPE',
            message: /^The "callback" argument must be of type function\. Received /,
          }, `native: ${label}`)
        }
      },
    })
  })
}

t.test('exact messages for representative values', async t => {
  // Pinned texts, identical on Node 20, 22, 24 and 26.
  const expected = {
    null: 'The "callback" argument must be of type function. Received null',
    undefined: 'The "callback" argument must be of type function. Received undefined',
    1: 'The "callback" argument must be of type function. Received type number (1)',
    string: "The \"callback\" argument must be of type function. Received type string ('str')",
    'plain object': 'The "callback" argument must be of type function. Received an instance of Object',
    'class instance': 'The "callback" argument must be of type function. Received an instance of Foo',
    array: 'The "callback" argument must be of type function. Received an instance of Array',
    symbol: 'The "callback" argument must be of type function. Received type symbol (Symbol(desc))',
    bigint: 'The "callback" argument must be of type function. Received type bigint (10n)',
    true: 'The "callback" argument must be of type function. Received type boolean (true)',
  }
  await sameResult(t, 'setTimeout/setInterval/setImmediate messages', async T => {
    const out = {}
    for (const [label, value] of nonFunctions()) {
      if (!(label in expected)) continue
      out[label] = [
        capture(() => T.setTimeout(value, 1)).error?.message,
        capture(() => T.setInterval(value, 1)).error?.message,
        capture(() => T.setImmediate(value)).error?.message,
      ]
    }
    return out
  }, {
    expect: Object.fromEntries(Object.entries(expected).map(([k, m]) => [k, [m, m, m]])),
  })
})

// The function named by the first frame of an error's stack, its receiver aside (`Object.`),
// and so are the frames of Node 18's own error machinery (`new NodeError` and
// `__node_internal_captureLargerStackTrace`), which Node hides from Node 20 on.
function firstFrame (error) {
  const names = error.stack.split('\n').slice(1).map(line => /^\s+at (?:new )?(\S+)/.exec(line)[1])
  return names.find(name => name !== 'NodeError' && !name.startsWith('__node_internal_')).split('.').pop()
}

t.test('an argument error\'s stack starts at the function called, as Node\'s', async t => {
  await sameResult(t, 'first stack frames', async T => {
    const P = T.promises
    const thrown = fn => { try { fn() } catch (error) { return error } }
    const rejection = async promise => { try { await promise } catch (error) { return error } }
    return {
      setTimeout: firstFrame(thrown(() => T.setTimeout(1, 1))),
      setInterval: firstFrame(thrown(() => T.setInterval(1, 1))),
      setImmediate: firstFrame(thrown(() => T.setImmediate(1))),
      'promises.setTimeout': firstFrame(await rejection(P.setTimeout(1, 'v', null))),
      'promises.setImmediate': firstFrame(await rejection(P.setImmediate('v', { ref: 1 }))),
      'scheduler.wait': firstFrame(thrown(() => P.scheduler.wait.call({}, 1))),
    }
  }, {
    expect: {
      setTimeout: 'setTimeout',
      setInterval: 'setInterval',
      setImmediate: 'setImmediate',
      'promises.setTimeout': 'setTimeout',
      'promises.setImmediate': 'setImmediate',
      'scheduler.wait': 'wait',
    },
  })
})

t.test('a throwing call schedules nothing and leaves the delay untouched', async t => {
  await sameResult(t, 'no side effects', async T => {
    let valueOfCalls = 0
    const delay = { valueOf () { valueOfCalls++; return 1 } }
    const r1 = capture(() => T.setTimeout(null, delay))
    const r2 = capture(() => T.setInterval('x', delay))
    const pending = T.stats ? T.stats() : { timeouts: 0, immediates: 0, refed: 0 }
    return { threw: [!!r1.error, !!r2.error], valueOfCalls, pending }
  }, { expect: { threw: [true, true], valueOfCalls: 0, pending: { timeouts: 0, immediates: 0, refed: 0 } } })
})

t.test('functions of every kind are accepted', async t => {
  await sameResult(t, 'function kinds', async T => {
    const seen = []
    const kinds = {
      arrow: () => seen.push('arrow'),
      plain: function () { seen.push('plain') },
      async: async () => { seen.push('async') },
      bound: function () { seen.push('bound:' + this.x) }.bind({ x: 1 }),
      generator: function * () { seen.push('never: generator bodies do not run on call') },
      method: { m () { seen.push('method') } }.m,
    }
    const done = []
    for (const [k, fn] of Object.entries(kinds)) {
      done.push(new Promise(resolve => T.setTimeout(() => { fn(); resolve(k) }, 1)))
      T.setTimeout(fn, 1)
      T.setImmediate(fn)
    }
    await Promise.all(done)
    await new Promise(resolve => T.setTimeout(resolve, 5))
    return seen.sort()
  })
})
