'use strict'
// AsyncLocalStorage: a store active when a timer is created is active in its
// callback — timeouts, every run of an interval, immediates, promise timers —
// including many timers created in one synchronous run under different
// stores, nested runs, enterWith, and exit().

const t = require('tap')
const { AsyncLocalStorage, createHook } = require('node:async_hooks')
const { sameResult } = require('./helpers/impls.js')

t.test('store reaches timeout, interval, immediate callbacks', async t => {
  await sameResult(t, 'basic propagation', async T => {
    const als = new AsyncLocalStorage()
    const seen = {}
    await new Promise(resolve => {
      let pending = 4
      const done = () => { if (--pending === 0) resolve() }
      als.run({ id: 'timeout' }, () => T.setTimeout(() => { seen.timeout = als.getStore()?.id; done() }, 2))
      als.run({ id: 'immediate' }, () => T.setImmediate(() => { seen.immediate = als.getStore()?.id; done() }))
      als.run({ id: 'interval' }, () => {
        let n = 0
        const iv = T.setInterval(() => {
          seen['interval ' + n] = als.getStore()?.id
          if (++n === 3) { T.clearInterval(iv); done() }
        }, 2)
      })
      T.setTimeout(() => { seen.outside = als.getStore(); done() }, 2)
    })
    seen.after = als.getStore()
    return seen
  }, {
    expect: {
      timeout: 'timeout',
      immediate: 'immediate',
      'interval 0': 'interval',
      'interval 1': 'interval',
      'interval 2': 'interval',
      outside: undefined,
      after: undefined,
    },
  })
})

t.test('many timers in one synchronous run, each under its own store', async t => {
  await sameResult(t, '200 timeouts + 200 immediates, interleaved stores', async T => {
    const als = new AsyncLocalStorage()
    const wrong = []
    let count = 0
    await new Promise(resolve => {
      const check = (want, kind) => () => {
        const got = als.getStore()
        if (got !== want) wrong.push(`${kind} ${want} saw ${got}`)
        if (++count === 600) resolve()
      }
      for (let i = 0; i < 200; i++) {
        als.run(i, () => {
          T.setTimeout(check(i, 'timeout'), 1 + (i % 3))
          T.setImmediate(check(i, 'immediate'))
        })
        // and some created outside any store, between them
        T.setTimeout(check(undefined, 'outside timeout'), 2)
      }
    })
    return { count, wrong: wrong.slice(0, 5) }
  }, { expect: { count: 600, wrong: [] } })
})

t.test('nested runs, enterWith and exit', async t => {
  await sameResult(t, 'nesting', async T => {
    const als = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      als.run('outer', () => {
        T.setTimeout(() => {
          seen.push('t1:' + als.getStore())
          als.run('inner', () => {
            T.setImmediate(() => {
              seen.push('i1:' + als.getStore())
              T.setTimeout(() => {
                seen.push('t2:' + als.getStore())
                als.exit(() => {
                  T.setTimeout(() => {
                    seen.push('t3:' + als.getStore())
                    resolve()
                  }, 1)
                })
              }, 1)
            })
          })
          T.setTimeout(() => seen.push('t1b:' + als.getStore()), 1)
        }, 1)
      })
    })
    await new Promise(resolve => T.setTimeout(resolve, 5))
    return seen.sort()
  }, { expect: ['i1:inner', 't1:outer', 't1b:outer', 't2:inner', 't3:undefined'] })

  await sameResult(t, 'enterWith inside a callback applies to timers created after it', async T => {
    const als = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      T.setTimeout(() => {
        T.setTimeout(() => seen.push('before:' + als.getStore()), 1)
        als.enterWith('entered')
        T.setTimeout(() => { seen.push('after:' + als.getStore()); resolve() }, 2)
        T.setImmediate(() => seen.push('imm:' + als.getStore()))
      }, 1)
    })
    return seen.sort()
  }, { expect: ['after:entered', 'before:undefined', 'imm:entered'] })

  await sameResult(t, 'a store set in one callback does not leak into the next', async T => {
    const als = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      T.setTimeout(() => { als.enterWith('leaky'); seen.push('a:' + als.getStore()) }, 1)
      T.setTimeout(() => seen.push('b:' + als.getStore()), 1)
      T.setImmediate(() => { als.enterWith('leaky2') })
      // Ends after both timeouts however late the loop runs: created after them, and later due.
      T.setImmediate(() => { seen.push('imm:' + als.getStore()); T.setTimeout(resolve, 10) })
    })
    return seen.sort()
  }, { expect: ['a:leaky', 'b:undefined', 'imm:undefined'] })
})

t.test('promise timers and the interval iterator', async t => {
  await sameResult(t, 'promises', async T => {
    const als = new AsyncLocalStorage()
    const P = T.promises
    return als.run('P', async () => {
      const out = []
      await P.setTimeout(1)
      out.push('after setTimeout: ' + als.getStore())
      await P.setImmediate()
      out.push('after setImmediate: ' + als.getStore())
      await P.scheduler.wait(1)
      out.push('after wait: ' + als.getStore())
      await P.scheduler.yield()
      out.push('after yield: ' + als.getStore())
      let n = 0
      for await (const v of P.setInterval(1, 'x')) {
        void v
        out.push('interval: ' + als.getStore())
        if (++n === 2) break
      }
      return out
    })
  }, { expect: ['after setTimeout: P', 'after setImmediate: P', 'after wait: P', 'after yield: P', 'interval: P', 'interval: P'] })
})

t.test('two storages at once', async t => {
  await sameResult(t, 'independent stores', async T => {
    const a = new AsyncLocalStorage()
    const b = new AsyncLocalStorage()
    return new Promise(resolve => {
      a.run('A', () => b.run('B', () => {
        T.setTimeout(() => resolve([a.getStore(), b.getStore()]), 1)
      }))
    })
  }, { expect: ['A', 'B'] })
})

// In Node an interval, and a timeout its own callback refreshes, is one resource across its
// runs: with async_hooks storage, an enterWith() in one run is still in place in the next (a
// run() is not). AsyncContextFrame storage (Node 24+) runs every run in the creation's frame.
t.test('stores entered by a timer that stays pending', async t => {
  const FRAMES = !('kResourceStore' in new AsyncLocalStorage())
  await sameResult(t, 'an interval', async T => {
    const als = new AsyncLocalStorage()
    const other = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      let left = 2
      const end = () => { if (--left === 0) resolve() }
      T.setTimeout(() => { seen.push('sibling:' + als.getStore()); end() }, 6)
      als.run('created', () => {
        let n = 0
        const iv = T.setInterval(() => {
          seen.push(`${n}:${als.getStore()}/${other.getStore()}`)
          if (n === 1) als.enterWith('entered')
          if (n === 2) other.run('scoped', () => {})
          if (++n === 4) { T.clearInterval(iv); end() }
        }, 1)
      })
    })
    return seen.sort()
  }, {
    expect: FRAMES
      ? ['0:created/undefined', '1:created/undefined', '2:created/undefined', '3:created/undefined', 'sibling:undefined']
      : ['0:created/undefined', '1:created/undefined', '2:entered/undefined', '3:entered/undefined', 'sibling:undefined'],
  })

  await sameResult(t, 'a timeout refreshed by its own callback', async T => {
    const als = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      let n = 0
      const timer = T.setTimeout(() => {
        seen.push(`${n}:${als.getStore()}`)
        if (n === 0) als.enterWith('entered')
        if (++n < 3) timer.refresh()
        else resolve()
      }, 1)
    })
    return seen
  }, { expect: FRAMES ? ['0:undefined', '1:undefined', '2:undefined'] : ['0:undefined', '1:entered', '2:entered'] })
})

// A hook's init runs user code in the middle of a timer's creation: Node emits it from the
// Timeout and Immediate constructors, before the timer is queued; heaptimers, from the capture
// of a new context. A timer that code creates must neither be lost nor break the one being made.
for (const [type, create] of [['Timeout', 'setTimeout'], ['Immediate', 'setImmediate']]) {
  t.test(`an init hook creates a ${type} while another is being created`, async t => {
    await sameResult(t, `init hook calls ${create}`, async T => {
      const order = []
      let armed = false
      const hook = createHook({
        init (id, initType) {
          if (initType !== type || !armed) return
          armed = false
          T[create](() => order.push('from the hook'), 1)
        },
      }).enable()
      try {
        await new Promise(resolve => {
          // A store not seen before: heaptimers captures a new context for the next timer.
          new AsyncLocalStorage().run({}, () => {
            armed = true
            T[create](() => order.push('outer'), 1)
            armed = false
            T.setTimeout(resolve, 40)
          })
        })
      } finally {
        hook.disable()
      }
      return order
    })
  })
}

// A timeout refreshed after it fired is a new async resource in Node, made where refresh() is
// called: its second run sees the stores of the refresh, not those of its creation.
t.test('refresh() after the timeout fired: the second run has the refresh\'s stores', async t => {
  await sameResult(t, 'revived timeout context', async T => {
    const als = new AsyncLocalStorage()
    const seen = []
    await new Promise(resolve => {
      let runs = 0
      let revived
      als.run('created', () => {
        revived = T.setTimeout(() => {
          seen.push(`revived run ${++runs}: ${als.getStore()}`)
          if (runs === 1) T.setTimeout(() => als.run('refreshed', () => revived.refresh()), 2)
          else resolve()
        }, 1)
      })
    })
    als.disable()
    return seen.sort()
  }, { expect: ['revived run 1: created', 'revived run 2: refreshed'] })
})
