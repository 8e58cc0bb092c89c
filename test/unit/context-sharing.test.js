'use strict'
// heaptimers shares one context capture between timers created in the same context. These are
// the cases where sharing would be wrong if the context change went unnoticed; each runs on
// native first (the oracle) and on heaptimers, and must give the same stores.
const t = require('tap')
const { AsyncLocalStorage, AsyncResource } = require('async_hooks')
const ht = require('../../lib/index.js')
const { logger } = require('../helpers/scenario')
const impls = { native: globalThis, heaptimers: ht }

// The stores recorded, by label, once `expected` are in, or after 10 s with what came: a fixed
// wait would end early on a loaded machine that stalls past it.
async function collect (T, expected, setup) {
  const L = logger(expected, 10000)
  setup((label) => (value) => L.push([label, value]))
  return Object.fromEntries(await L.done)
}

for (const [name, T] of Object.entries(impls)) {
  t.test(`${name}: stores survive every way the context changes`, async t => {
    const als = new AsyncLocalStorage()
    const other = new AsyncLocalStorage()
    const got = await collect(T, 15, store => {
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

// Scope switches that heaptimers does not watch (AsyncResource scopes, and queueMicrotask and
// AsyncResource.bind, which Node builds on them): each restores the context it left, and a
// timer made inside must get the scope's stores, one made after it the caller's.
for (const [name, T] of Object.entries(impls)) {
  t.test(`${name}: stores across scope switches`, async t => {
    const als = new AsyncLocalStorage()
    const got = await collect(T, 13, store => {
      T.setImmediate(() => {
        T.setTimeout(() => store('before any scope')(als.getStore()), 1)
        const resource = als.run('resource', () => new AsyncResource('X'))
        const bound = als.run('bound', () => AsyncResource.bind(() => {
          T.setTimeout(() => store('in bound function')(als.getStore()), 1)
        }))
        T.setTimeout(() => store('after creating them')(als.getStore()), 1)
        resource.runInAsyncScope(() => T.setTimeout(() => store('in scope, first time')(als.getStore()), 1))
        T.setTimeout(() => store('between scopes')(als.getStore()), 1)
        resource.runInAsyncScope(() => T.setImmediate(() => store('in scope, second time')(als.getStore())))
        bound()
        T.setImmediate(() => store('after bound function')(als.getStore()))
        als.run('microtask', () => queueMicrotask(() => {
          T.setTimeout(() => store('in microtask')(als.getStore()), 1)
        }))
        queueMicrotask(() => T.setTimeout(() => store('in plain microtask')(als.getStore()), 1))
        T.setTimeout(() => store('after microtasks queued')(als.getStore()), 1)
      })
      als.run('outer', () => T.setImmediate(() => {
        resource2.runInAsyncScope(() => T.setTimeout(() => store('other resource')(als.getStore()), 1))
        T.setTimeout(() => store('outer after other resource')(als.getStore()), 1)
        queueMicrotask(() => T.setImmediate(() => store('outer microtask')(als.getStore())))
      }))
      const resource2 = new AsyncResource('Y')
    })
    t.same(got, {
      'before any scope': undefined,
      'in bound function': 'bound',
      'after creating them': undefined,
      'in scope, first time': 'resource',
      'between scopes': undefined,
      'in scope, second time': 'resource',
      'after bound function': undefined,
      'in microtask': 'microtask',
      'in plain microtask': undefined,
      'after microtasks queued': undefined,
      'other resource': undefined,
      'outer after other resource': 'outer',
      'outer microtask': 'outer',
    })
  })
}
