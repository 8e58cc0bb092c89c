'use strict'
// heaptimers shares one context capture between timers created in the same context. These are
// the cases where sharing would be wrong if the context change went unnoticed; each runs on
// native first (the oracle) and on heaptimers, and must give the same stores.
const t = require('tap')
const { AsyncLocalStorage, AsyncResource } = require('async_hooks')
const ht = require('../../lib/index.js')
const impls = { native: globalThis, heaptimers: ht }

function collect (T, setup) {
  return new Promise(resolve => {
    const got = {}
    const record = (label) => (value) => { got[label] = value }
    setup(record)
    T.setTimeout(() => resolve(got), 40)
  })
}

for (const [name, T] of Object.entries(impls)) {
  t.test(`${name}: stores survive every way the context changes`, async t => {
    const als = new AsyncLocalStorage()
    const other = new AsyncLocalStorage()
    const got = await collect(T, record => {
      const store = (label) => record(label)
      // await continuations of different stores, resumed in the same microtask checkpoint
      als.run('a', async () => { await null; T.setTimeout(() => store('await a')(als.getStore()), 1) })
      als.run('b', async () => { await null; T.setTimeout(() => store('await b')(als.getStore()), 1) })
      // run() nesting and its exit inside one synchronous run
      als.run('outer', () => {
        T.setTimeout(() => store('outer 1')(als.getStore()), 1)
        als.run('inner', () => T.setImmediate(() => store('inner')(als.getStore())))
        T.setTimeout(() => store('outer 2')(als.getStore()), 1)
        als.exit(() => T.setTimeout(() => store('exited')(als.getStore()), 1))
        T.setImmediate(() => store('outer 3')(als.getStore()))
      })
      // enterWith in the middle of a synchronous run (inside a callback, so it stays contained)
      T.setImmediate(() => {
        T.setTimeout(() => store('before enterWith')(other.getStore()), 1)
        other.enterWith('entered')
        T.setTimeout(() => store('after enterWith')(other.getStore()), 1)
      })
      // a scope switch through AsyncResource
      const resource = als.run('resource', () => new AsyncResource('X'))
      als.run('caller', () => {
        resource.runInAsyncScope(() => T.setTimeout(() => store('in resource scope')(als.getStore()), 1))
        T.setTimeout(() => store('after resource scope')(als.getStore()), 1)
      })
      // a callback's child timer shares the callback's context; stores the callback writes
      // afterwards (enterWith inside a nested run) must not reach the child
      als.run('parent', () => T.setImmediate(() => {
        T.setImmediate(() => store('child of parent')([als.getStore(), other.getStore()]))
        als.run('nested', () => other.enterWith('written later'))
        store('parent after writes')([als.getStore(), other.getStore()])
      }))
      // a callback creating timers runs in its own context, not the one of whoever armed the pass
      als.run('first', () => T.setTimeout(() => {
        T.setTimeout(() => store('created in first')(als.getStore()), 1)
      }, 2))
      als.run('second', () => T.setTimeout(() => {
        T.setTimeout(() => store('created in second')(als.getStore()), 1)
      }, 2))
    })
    t.same(got, {
      'await a': 'a',
      'await b': 'b',
      'outer 1': 'outer',
      inner: 'inner',
      'outer 2': 'outer',
      exited: undefined,
      'outer 3': 'outer',
      'before enterWith': undefined,
      'after enterWith': 'entered',
      'in resource scope': 'resource',
      'after resource scope': 'caller',
      'child of parent': ['parent', undefined],
      'parent after writes': ['parent', 'written later'], // run() restores only its own storage
      'created in first': 'first',
      'created in second': 'second',
    })
  })
}
