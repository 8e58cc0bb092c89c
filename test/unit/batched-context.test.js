'use strict'
// With drainBetweenCallbacks off, heaptimers runs consecutive callbacks that share a context
// inside one entry into its async scope. Each callback must still see exactly its own stores:
// a run of callbacks is cut where the context changes or a callback switches it (enterWith,
// run). Native timers (with Node's draining) are the oracle: stores do not depend on draining.
const t = require('tap')
const { AsyncLocalStorage } = require('async_hooks')
const ht = require('../../lib/index.js')
const { logger } = require('../helpers/scenario')

ht.configure({ drainBetweenCallbacks: false })

function scenario (T) {
  const als = new AsyncLocalStorage()
  const other = new AsyncLocalStorage()
  return new Promise(resolve => {
    // Resolves once all 18 have recorded, or after 10 s with what came: a fixed wait would end
    // early on a loaded machine that stalls past it.
    const L = logger(18, 10000)
    L.done.then((seen) => resolve(seen.sort((x, y) => x[0] < y[0] ? -1 : 1)))
    const record = (label) => function () {
      L.push([label, als.getStore(), other.getStore()])
    }
    for (const [set, kind] of [[(f) => T.setTimeout(f, 2), 'timeout'], [(f) => T.setImmediate(f), 'immediate']]) {
      als.run('a', () => {
        set(record(kind + ' a1'))
        set(function () {
          record(kind + ' a2')()
          other.enterWith('leaked?')
          als.enterWith('switched')
          record(kind + ' a2 after enterWith')()
        })
        set(record(kind + ' a3'))
      })
      als.run('b', () => { set(record(kind + ' b1')); set(record(kind + ' b2')) })
      set(record(kind + ' none'))
      als.run('a', () => {
        set(() => als.run('nested', record(kind + ' a4 nested')))
        set(record(kind + ' a5'))
      })
    }
  })
}

t.test('each batched callback sees its own stores', async t => {
  const native = await scenario(globalThis)
  const heaptimers = await scenario(ht)
  t.equal(native.length, 18, 'native ran every callback')
  t.same(native.find(r => r[0] === 'timeout a3'), ['timeout a3', 'a', undefined], 'native: enterWith in a2 did not reach a3')
  t.same(heaptimers, native, 'heaptimers gives every callback the stores native does')
})
