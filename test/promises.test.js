'use strict'
// timers/promises: values, validation (rejected promises with native's
// class/code/message), AbortSignal (AbortError name/code/message/cause),
// the setInterval async iterator, scheduler.wait / scheduler.yield.
// (ref: false is tested for process lifetime in refs.test.js.)

const t = require('tap')
const util = require('node:util')
const { getEventListeners } = require('node:events')
const { sameResult, capture, captureAsync, errorShape, loadHeaptimers, onlyHeaptimers, nativeValidatesInsideTry, nativeAbortListenersResist } = require('./helpers/impls.js')
const { busy } = require('./helpers/scenario.js')

const abortShape = er => ({
  ...errorShape(er),
  causeIsReason: undefined,
  cause: er && er.cause === undefined ? 'none' : er && er.cause instanceof Error ? { name: er.cause.name, message: er.cause.message } : String(er && er.cause),
})

t.test('the promises object', async t => {
  await t.test('heaptimers exposes promises on the index and as lib/promises.js (same functions)', onlyHeaptimers, async t => {
    const H = loadHeaptimers()
    const P = require(require('node:path').join(require('./helpers/impls.js').LIB, 'promises.js'))
    t.type(H.promises, 'object')
    for (const k of ['setTimeout', 'setImmediate', 'setInterval']) {
      t.type(H.promises[k], 'function', k)
      t.equal(P[k], H.promises[k], `promises.js ${k} is the same function`)
    }
    t.equal(P.scheduler, H.promises.scheduler, 'same scheduler')
  })
  await sameResult(t, 'shape', async T => ({
    keys: ['setTimeout', 'setImmediate', 'setInterval', 'scheduler'].map(k => typeof T.promises[k]),
    scheduler: ['wait', 'yield'].map(k => typeof T.promises.scheduler[k]),
    names: ['setTimeout', 'setImmediate', 'setInterval'].map(k => T.promises[k].name),
  }), { expect: { keys: ['function', 'function', 'function', 'object'], scheduler: ['function', 'function'], names: ['setTimeout', 'setImmediate', 'setInterval'] } })
  await sameResult(t, 'the scheduler object, as Node makes it', async T => {
    const S = T.promises.scheduler
    const Scheduler = S.constructor
    return {
      inspected: util.inspect(S),
      ownKeys: Reflect.ownKeys(S).map(String),
      methods: Reflect.ownKeys(Scheduler.prototype).map(String),
      staticKeys: Reflect.ownKeys(Scheduler).map(String).sort(),
      constructorLength: Scheduler.length,
      construct: capture(() => new Scheduler()),
      inherited: await captureAsync(() => S.wait.call(Object.create(S), 1)),
      onNull: capture(() => S.yield.call(null)),
      onPlainObject: capture(() => S.wait.call({}, 1)),
    }
  }, {
    expect: (r, t) => {
      t.same(r.ownKeys, ['Symbol(kScheduler)'], 'native: marked by one symbol')
      t.same(r.inherited, { ok: undefined }, 'native: an object inheriting from it is a scheduler')
      t.match(r.construct, { error: { code: 'ERR_ILLEGAL_CONSTRUCTOR' } })
      t.match(r.onPlainObject, { error: { code: 'ERR_INVALID_THIS' } })
    },
  })
})

t.test('values', async t => {
  await sameResult(t, 'resolve to the value', async T => {
    const P = T.promises
    const obj = { o: 1 }
    return {
      timeout: await P.setTimeout(5, 'v'),
      timeoutNoArgs: await P.setTimeout(),
      timeoutUndefined: await P.setTimeout(1, undefined),
      timeoutObjIdentity: (await P.setTimeout(1, obj)) === obj,
      immediate: await P.setImmediate('i'),
      immediateNoArgs: await P.setImmediate(),
      wait: await P.scheduler.wait(2),
      yield: await P.scheduler.yield(),
      negative: await P.setTimeout(-1, 'neg'),
      nan: await P.setTimeout(NaN, 'nan'),
    }
  }, {
    expect: { timeout: 'v', timeoutNoArgs: undefined, timeoutUndefined: undefined, timeoutObjIdentity: true, immediate: 'i', immediateNoArgs: undefined, wait: undefined, yield: undefined, negative: 'neg', nan: 'nan' },
  })

  await sameResult(t, 'a promise timer waits its delay', async T => {
    const s = performance.now()
    await T.promises.setTimeout(30)
    const a = performance.now() - s >= 29
    const s2 = performance.now()
    await T.promises.scheduler.wait(20)
    return [a, performance.now() - s2 >= 19]
  }, { expect: [true, true] })

  await sameResult(t, 'ordering against callback timers and immediates', async T => {
    const log = []
    const P = T.promises
    const done = Promise.all([
      P.setTimeout(5, 'p5').then(v => log.push(v)),
      new Promise(resolve => T.setTimeout(() => { log.push('cb5'); resolve() }, 5)),
      P.setTimeout(5, 'p5b').then(v => log.push(v)),
    ])
    await done
    const log2 = []
    await new Promise(resolve => {
      T.setTimeout(() => {
        T.setImmediate(() => log2.push('immediate'))
        P.setImmediate('pimm').then(v => log2.push(v))
        P.scheduler.yield().then(() => log2.push('yield'))
        T.setImmediate(() => { log2.push('immediate 2'); T.setImmediate(resolve) })
      }, 1)
    })
    return { log, log2 }
  }, { expect: { log: ['p5', 'cb5', 'p5b'], log2: ['immediate', 'pimm', 'yield', 'immediate 2'] } })
})

t.test('invalid arguments reject (never throw synchronously) like native', async t => {
  const badOptions = [null, 1, 'x', true, Symbol('o'), 1n]
  const badSignals = [1, 'x', {}, null, new EventTarget()]
  const badRefs = [1, 'true', null, {}, 0]
  const badDelays = ['10', null, {}, [], 1n, Symbol('d'), { valueOf () { return 1 } }, true]

  await sameResult(t, 'setTimeout', async T => {
    const P = T.promises
    const out = {}
    for (const o of badOptions) out['options ' + String(o)] = await captureAsync(() => P.setTimeout(1, 'v', o))
    for (const s of badSignals) out['signal ' + Object.prototype.toString.call(s)] = await captureAsync(() => P.setTimeout(1, 'v', { signal: s }))
    for (const r of badRefs) out['ref ' + String(r)] = await captureAsync(() => P.setTimeout(1, 'v', { ref: r }))
    for (const d of badDelays) out['delay ' + (typeof d === 'symbol' ? 'symbol' : typeof d === 'object' && d ? JSON.stringify(d) : String(d))] = await captureAsync(() => P.setTimeout(d, 'v'))
    return out
  }, {
    expect: (r, t) => {
      for (const [k, v] of Object.entries(r)) {
        // The older validation does not check the delay (bad-input.test.js has what it does)
        if (k.startsWith('delay ') && !nativeValidatesInsideTry) continue
        t.ok(v.rejected && v.rejected.code === 'ERR_INVALID_ARG_TYPE', `native rejects: ${k}`)
      }
    },
  })

  await sameResult(t, 'setImmediate', async T => {
    const P = T.promises
    const out = {}
    for (const o of badOptions) out['options ' + String(o)] = await captureAsync(() => P.setImmediate('v', o))
    for (const s of badSignals) out['signal ' + Object.prototype.toString.call(s)] = await captureAsync(() => P.setImmediate('v', { signal: s }))
    for (const r of badRefs) out['ref ' + String(r)] = await captureAsync(() => P.setImmediate('v', { ref: r }))
    return out
  })

  await sameResult(t, 'scheduler.wait', async T => {
    const S = T.promises.scheduler
    const out = {}
    for (const o of badOptions) out['options ' + String(o)] = await captureAsync(() => S.wait(1, o))
    for (const s of badSignals) out['signal ' + Object.prototype.toString.call(s)] = await captureAsync(() => S.wait(1, { signal: s }))
    for (const d of badDelays) out['delay ' + (typeof d === 'symbol' ? 'symbol' : typeof d === 'object' && d ? JSON.stringify(d) : String(d))] = await captureAsync(() => S.wait(d))
    return out
  })

  await sameResult(t, 'setInterval iterator: errors surface on the first next()', async T => {
    const P = T.promises
    const out = {}
    const first = async it => { try { return await it.next() } finally { await it.return() } }
    for (const o of badOptions) out['options ' + String(o)] = await captureAsync(() => first(P.setInterval(1, 'v', o)))
    for (const s of badSignals) out['signal ' + Object.prototype.toString.call(s)] = await captureAsync(() => first(P.setInterval(1, 'v', { signal: s })))
    for (const r of badRefs) out['ref ' + String(r)] = await captureAsync(() => first(P.setInterval(1, 'v', { ref: r })))
    for (const d of badDelays) out['delay ' + (typeof d === 'symbol' ? 'symbol' : typeof d === 'object' && d ? JSON.stringify(d) : String(d))] = await captureAsync(() => first(P.setInterval(d, 'v')))
    return out
  })

  const checksDelay = nativeValidatesInsideTry
  await sameResult(t, 'exact messages (pinned)', async T => {
    const P = T.promises
    const messages = [
      (await captureAsync(() => P.setTimeout(1, 'v', null))).rejected.message,
      (await captureAsync(() => P.setTimeout(1, 'v', { signal: 1 }))).rejected.message,
      (await captureAsync(() => P.setImmediate('v', { ref: 'x' }))).rejected.message,
    ]
    if (checksDelay) messages.push((await captureAsync(() => P.setTimeout('5'))).rejected.message)
    return messages
  }, {
    expect: [
      'The "options" argument must be of type object. Received null',
      'The "options.signal" property must be an instance of AbortSignal. Received type number (1)',
      'The "options.ref" property must be of type boolean. Received type string (\'x\')',
      ...(checksDelay ? ['The "delay" argument must be of type number. Received type string (\'5\')'] : []),
    ],
  })
})

t.test('options are read as often, and in the order, native reads them', async t => {
  // The newer validation reads `signal` and `ref` once to see whether they are there, once more
  // to check each one that is, then once each as it destructures; the older destructures once.
  const reads = (options, log) => new Proxy(options, {
    get (target, key, receiver) { log.push(String(key)); return Reflect.get(target, key, receiver) },
    has (target, key) { log.push(`has ${String(key)}`); return Reflect.has(target, key) },
  })
  await sameResult(t, 'setTimeout, setImmediate, the setInterval iterator and scheduler.wait', async T => {
    const P = T.promises
    const signal = new AbortController().signal
    const keepAlive = T.setInterval(() => {}, 1000)
    const out = {}
    for (const [name, options] of Object.entries({ none: {}, signal: { signal }, ref: { ref: true }, both: { signal, ref: true } })) {
      const log = (key) => { const l = []; out[`${key} ${name}`] = l; return l }
      await P.setTimeout(1, 'v', reads({ ...options }, log('setTimeout')))
      await P.setImmediate('v', reads({ ...options }, log('setImmediate')))
      const it = P.setInterval(1, 'v', reads({ ...options }, log('setInterval')))
      await it.next()
      await it.return()
      await P.scheduler.wait(1, reads({ ...options }, log('wait')))
    }
    T.clearInterval(keepAlive)
    return out
  }, {
    expect: nativeValidatesInsideTry
      ? Object.fromEntries(['setTimeout', 'setImmediate', 'setInterval', 'wait'].flatMap(fn => [
        [`${fn} none`, ['signal', 'ref', 'signal', 'ref']],
        [`${fn} signal`, ['signal', 'signal', 'ref', 'signal', 'ref']],
        [`${fn} ref`, ['signal', 'ref', 'ref', 'signal', 'ref']],
        [`${fn} both`, ['signal', 'signal', 'ref', 'ref', 'signal', 'ref']],
      ]))
      : Object.fromEntries(['setTimeout', 'setImmediate', 'setInterval', 'wait'].flatMap(fn => [
        [`${fn} none`, fn === 'wait' ? ['signal'] : ['signal', 'ref']],
        [`${fn} signal`, fn === 'wait' ? ['signal'] : ['signal', 'ref']],
        [`${fn} ref`, fn === 'wait' ? ['signal'] : ['signal', 'ref']],
        [`${fn} both`, fn === 'wait' ? ['signal'] : ['signal', 'ref']],
      ])),
  })
})

t.test('AbortSignal', async t => {
  const reasons = {
    'no reason': () => undefined,
    'Error reason': () => new Error('why'),
    'string reason': () => 'str',
    'TimeoutError via AbortSignal.timeout': null,
  }

  await sameResult(t, 'already aborted', async T => {
    const P = T.promises
    const out = {}
    for (const [label, mk] of Object.entries(reasons)) {
      if (!mk) continue
      const ac = new AbortController()
      ac.abort(mk())
      const calls = {
        setTimeout: () => P.setTimeout(1000, 'v', { signal: ac.signal }),
        setImmediate: () => P.setImmediate('v', { signal: ac.signal }),
        wait: () => P.scheduler.wait(1000, { signal: ac.signal }),
        interval: async () => { const it = P.setInterval(1000, 'v', { signal: ac.signal }); return it.next() },
      }
      for (const [k, f] of Object.entries(calls)) {
        let er
        try { await f() } catch (e) { er = e }
        out[label + ' / ' + k] = er ? { ...abortShape(er), causeIsReason: er.cause === ac.signal.reason } : 'resolved'
      }
    }
    return out
  }, {
    expect: (r, t) => {
      for (const [k, v] of Object.entries(r)) {
        t.match(v, { class: 'AbortError', name: 'AbortError', code: 'ABORT_ERR', message: 'The operation was aborted', causeIsReason: true }, `native: ${k}`)
      }
      t.same(r['no reason / setTimeout'].cause, { name: 'AbortError', message: 'This operation was aborted' })
    },
  })

  await sameResult(t, 'aborted while waiting', async T => {
    const P = T.promises
    const out = {}
    for (const [label, mk] of Object.entries(reasons)) {
      const make = () => {
        if (mk) { const ac = new AbortController(); T.setTimeout(() => ac.abort(mk()), 5); return ac.signal }
        return AbortSignal.timeout(5)
      }
      const calls = {
        setTimeout: s => P.setTimeout(10000, 'v', { signal: s }),
        wait: s => P.scheduler.wait(10000, { signal: s }),
        interval: async s => { const it = P.setInterval(10000, 'v', { signal: s }); return it.next() },
      }
      for (const [k, f] of Object.entries(calls)) {
        const s = make()
        let er
        try { await f(s) } catch (e) { er = e }
        out[label + ' / ' + k] = er ? { ...abortShape(er), causeIsReason: er.cause === s.reason } : 'resolved'
      }
    }
    return out
  }, {
    expect: (r, t) => {
      t.match(r['TimeoutError via AbortSignal.timeout / setTimeout'], { name: 'AbortError', code: 'ABORT_ERR', cause: { name: 'TimeoutError' } })
      t.match(r['Error reason / wait'], { name: 'AbortError', cause: { message: 'why' }, causeIsReason: true })
    },
  })

  await sameResult(t, 'aborting after resolution changes nothing; the signal gets no lingering listener', async T => {
    const P = T.promises
    const ac = new AbortController()
    const v = await P.setTimeout(1, 'done', { signal: ac.signal })
    const v2 = await P.setImmediate('done2', { signal: ac.signal })
    ac.abort()
    return { v, v2 }
  }, { expect: { v: 'done', v2: 'done2' } })

  await sameResult(t, 'an aborted setImmediate promise does not run; others still do', async T => {
    const P = T.promises
    const log = []
    const ac = new AbortController()
    const a = P.setImmediate('a', { signal: ac.signal }).then(v => log.push(v), e => log.push(e.name))
    const b = P.setImmediate('b').then(v => log.push(v))
    ac.abort()
    await Promise.all([a, b])
    return log
  }, { expect: ['AbortError', 'b'] })

  await sameResult(t, 'another listener that stops the abort event\'s propagation does not stop the abort', async T => {
    const P = T.promises
    const ac = new AbortController()
    const out = { stopped: 0 }
    ac.signal.addEventListener('abort', e => { out.stopped++; e.stopImmediatePropagation() })
    const settle = (name, p) => p.then(v => { out[name] = 'resolved' }, e => { out[name] = e.name })
    const it = P.setInterval(10000, 'v', { signal: ac.signal })
    const settled = Promise.all([
      settle('setTimeout', P.setTimeout(10000, 'v', { signal: ac.signal })),
      settle('setImmediate', P.setImmediate('v', { signal: ac.signal })),
      settle('wait', P.scheduler.wait(10000, { signal: ac.signal })),
      settle('setInterval', it.next()),
    ])
    ac.abort()
    await settled
    return out
  }, {
    skip: nativeAbortListenersResist ? false : 'native abort listeners could be stopped before Node 18.18 and 20.5',
    expect: { stopped: 1, setTimeout: 'AbortError', setImmediate: 'AbortError', wait: 'AbortError', setInterval: 'AbortError' },
  })
})

t.test('abort listeners, registered as Node registers its own', async t => {
  // Node's setTimeout and setImmediate add their listener without `once` and remove it as their
  // promise settles; its setInterval adds its listener with `once`. Seen by a listener added
  // after theirs, during the abort.
  await sameResult(t, 'listeners of setTimeout and setImmediate stay until their promise settles; setInterval\'s goes at the abort', async T => {
    const P = T.promises
    const ac = new AbortController()
    const count = () => getEventListeners(ac.signal, 'abort').length
    const out = {}
    const settled = Promise.all([
      P.setTimeout(10000, 'v', { signal: ac.signal }).catch(e => e.name),
      P.setImmediate('v', { signal: ac.signal }).catch(e => e.name),
      P.setInterval(10000, 'v', { signal: ac.signal }).next().catch(e => e.name),
    ])
    out.before = count()
    out.names = getEventListeners(ac.signal, 'abort').map(f => f.name)
    ac.signal.addEventListener('abort', () => { out.during = count() })
    ac.abort()
    out.after = count()
    out.results = await settled
    out.settled = count()
    return out
  }, {
    expect: {
      before: 3,
      names: ['bound cancelListenerHandler', 'bound cancelListenerHandler', 'onCancel'],
      during: 3,
      after: 3,
      results: ['AbortError', 'AbortError', 'AbortError'],
      settled: 1,
    },
  })
})

t.test('Node\'s own promises, settled in Node\'s microtask', async t => {
  // counts the microtask turns until `p` settles
  const turnsUntil = async p => {
    let turns = 0
    let settled = false
    p.then(() => { settled = true }, () => { settled = true })
    while (!settled) { turns++; await null }
    return turns
  }
  await sameResult(t, 'a promise with a signal settles as many turns after abort as native\'s', async T => {
    const P = T.promises
    const out = {}
    const calls = {
      setTimeout: s => P.setTimeout(10000, 'v', { signal: s }),
      setImmediate: s => P.setImmediate('v', { signal: s }),
      wait: s => P.scheduler.wait(10000, { signal: s }),
    }
    for (const [k, f] of Object.entries(calls)) {
      const ac = new AbortController()
      const turns = turnsUntil(f(ac.signal))
      ac.abort()
      out[k] = await turns
    }
    return out
  })
  await sameResult(t, 'timers due together: with and without a signal, in native\'s order', async T => {
    const P = T.promises
    const log = []
    const ac = new AbortController()
    // Made in a timer's callback: the immediates come first however late the loop runs (from the
    // scenario's start, a stall between the two timeouts' creations could let Node run the first
    // one in the same timers phase, before them).
    await new Promise(resolve => T.setTimeout(() => resolve(Promise.all([
      P.setTimeout(5, 'with signal', { signal: ac.signal }).then(v => log.push(v)),
      P.setTimeout(5, 'without').then(v => log.push(v)),
      P.setImmediate('immediate with signal', { signal: ac.signal }).then(v => log.push(v)),
      P.setImmediate('immediate without').then(v => log.push(v)),
    ])), 1))
    return log
  })
  await sameResult(t, 'a replaced global Promise, or a patched finally, changes nothing', async T => {
    const P = T.promises
    const Original = globalThis.Promise
    const finallyOf = Original.prototype.finally
    let finallyCalls = 0
    class OtherPromise extends Original {}
    globalThis.Promise = OtherPromise
    Original.prototype.finally = function (...args) { finallyCalls++; return Reflect.apply(finallyOf, this, args) }
    let made
    try {
      const ac = new AbortController()
      made = [P.setTimeout(1), P.setImmediate(), P.scheduler.wait(1), P.setTimeout(1, 'v', { signal: ac.signal }), P.setTimeout(1, 'v', null)]
    } finally {
      globalThis.Promise = Original
      Original.prototype.finally = finallyOf
    }
    const classes = made.map(p => p.constructor.name)
    await Promise.allSettled(made)
    return { classes, finallyCalls }
  }, { expect: { classes: ['Promise', 'Promise', 'Promise', 'Promise', 'Promise'], finallyCalls: 0 } })
})

// Native validates a signal by duck type (an object with an `aborted`
// property), so polyfilled signals (e.g. the abort-controller package) work.
class DuckSignal extends EventTarget {
  constructor () { super(); this.aborted = false; this.reason = undefined }
  abort (reason) {
    this.aborted = true
    this.reason = reason
    this.dispatchEvent(new Event('abort'))
  }
}

t.test('duck-typed (polyfill) AbortSignal', async t => {
  await sameResult(t, 'accepted, and aborts', async T => {
    const P = T.promises
    const out = {}
    const a = new DuckSignal()
    out.resolves = await P.setTimeout(1, 'ok', { signal: a })
    const b = new DuckSignal()
    const pb = P.setTimeout(10000, 'v', { signal: b })
    T.setTimeout(() => b.abort(new Error('duck')), 5)
    const er = await pb.catch(e => e)
    out.aborted = { name: er.name, code: er.code, cause: er.cause && er.cause.message }
    const c = new DuckSignal()
    c.abort('early')
    const er2 = await P.setImmediate('v', { signal: c }).catch(e => e)
    out.alreadyAborted = { name: er2.name, code: er2.code, cause: er2.cause }
    return out
  }, {
    expect: {
      resolves: 'ok',
      aborted: { name: 'AbortError', code: 'ABORT_ERR', cause: 'duck' },
      alreadyAborted: { name: 'AbortError', code: 'ABORT_ERR', cause: 'early' },
    },
  })
  // Node 18, 19, 21 and 22.0.0 do not check the delay: converting it throws inside the promise's
  // executor, which rejects, signal or not.
  await sameResult(t, 'a delay that cannot be converted, with a signal: rejected, never thrown', async T => {
    const P = T.promises
    const signal = new AbortController().signal
    const outcome = make => {
      try {
        return make().then(v => ({ resolved: v }), e => ({ rejected: e.message }))
      } catch (e) {
        return { threw: e.message }
      }
    }
    const throwingDelay = { valueOf () { throw new Error('valueOf') } }
    return {
      bigint: await outcome(() => P.setTimeout(1n, 'v', { signal })),
      throwing: await outcome(() => P.setTimeout(throwingDelay, 'v', { signal })),
      wait: await outcome(() => P.scheduler.wait(1n, { signal })),
    }
  }, {
    expect: (r, t) => t.same(Object.values(r).map(o => Object.keys(o)), [['rejected'], ['rejected'], ['rejected']], 'native rejects all three'),
  })

  // Node adds its listener inside the promise's executor up to 22.0 (so an error rejects, or,
  // with no removeEventListener either, the `finally` that removes it rejects with its own
  // error), and outside it in later releases (so the error is thrown).
  await sameResult(t, 'a signal whose addEventListener throws or is missing: thrown or rejected as the running Node does', async T => {
    const P = T.promises
    const outcome = make => {
      try {
        return make().then(v => ({ resolved: v }), e => ({ rejected: e.message }))
      } catch (e) {
        return { threw: e.message }
      }
    }
    const throwing = { aborted: false, addEventListener () { throw new Error('add') }, removeEventListener () {} }
    const missing = { aborted: false }
    return {
      timeoutThrowing: await outcome(() => P.setTimeout(1, 'v', { signal: throwing, ref: false })),
      immediateThrowing: await outcome(() => P.setImmediate('v', { signal: throwing, ref: false })),
      timeoutMissing: await outcome(() => P.setTimeout(1, 'v', { signal: missing, ref: false })),
      immediateMissing: await outcome(() => P.setImmediate('v', { signal: missing, ref: false })),
      // setInterval adds it inside its iterator, and removes it with `signal?.` (in the message)
      intervalMissing: await outcome(() => P.setInterval(1, 'v', { signal: missing, ref: false }).next()),
    }
  }, {
    allowPending: true, // the timers stay pending, as Node's do: unref'd, 1 ms
    expect: (r, t) => {
      const intervalMissing = { rejected: 'signal?.removeEventListener is not a function' }
      const thrown = 'threw' in r.timeoutThrowing
      t.same(r, thrown
        ? { timeoutThrowing: { threw: 'add' }, immediateThrowing: { threw: 'add' }, timeoutMissing: { threw: 'signal.addEventListener is not a function' }, immediateMissing: { threw: 'signal.addEventListener is not a function' }, intervalMissing }
        : { timeoutThrowing: { rejected: 'add' }, immediateThrowing: { rejected: 'add' }, timeoutMissing: { rejected: 'signal.removeEventListener is not a function' }, immediateMissing: { rejected: 'signal.removeEventListener is not a function' }, intervalMissing },
      'native throws all four or rejects all four; setInterval rejects')
    },
  })
})

t.test('setInterval async iterator', async t => {
  await sameResult(t, 'for await with break', async T => {
    const out = []
    for await (const v of T.promises.setInterval(5, 'iv')) {
      out.push(v)
      if (out.length === 4) break
    }
    return out
  }, { expect: ['iv', 'iv', 'iv', 'iv'] })

  await sameResult(t, 'iterator protocol', async T => {
    const it = T.promises.setInterval(5, 'w')
    const r = {
      types: [typeof it.next, typeof it.return, typeof it[Symbol.asyncIterator]],
      selfIterable: it[Symbol.asyncIterator]() === it,
      concurrent: await Promise.all([it.next(), it.next(), it.next()]),
      returned: await it.return('r'),
      afterReturn: await it.next(),
    }
    return r
  }, {
    expect: {
      types: ['function', 'function', 'function'],
      selfIterable: true,
      concurrent: [{ value: 'w', done: false }, { value: 'w', done: false }, { value: 'w', done: false }],
      returned: { value: 'r', done: true },
      afterReturn: { value: undefined, done: true },
    },
  })

  await sameResult(t, 'abort while a next() is pending, and after', async T => {
    const ac = new AbortController()
    const it = T.promises.setInterval(10000, 'x', { signal: ac.signal })
    const p = it.next()
    ac.abort(new Error('stop'))
    const er = await p.catch(e => e)
    return { first: { ...abortShape(er), causeIsReason: er.cause === ac.signal.reason }, then: await it.next() }
  }, {
    expect: {
      first: { class: 'AbortError', name: 'AbortError', code: 'ABORT_ERR', message: 'The operation was aborted', isTypeError: false, isRangeError: false, string: 'AbortError: The operation was aborted', stackHeader: 'AbortError: The operation was aborted', causeIsReason: true, cause: { name: 'Error', message: 'stop' } },
      then: { value: undefined, done: true },
    },
  })

  await sameResult(t, 'a slow consumer gets one queued tick, not a burst', async T => {
    // Orders, not times. The tick that came due while the consumer was blocked comes before a
    // timeout set after the block (due before the next tick can be, however late the loop
    // runs); the tick after it waits for a loop turn at least.
    const log = []
    const it = T.promises.setInterval(40, 'v')
    await it.next()
    busy(100) // 2.5 periods pass while blocked
    T.setTimeout(() => log.push('timeout set after the block'), 35)
    await it.next()
    log.push('queued tick')
    T.setImmediate(() => log.push('next loop turn'))
    await it.next()
    log.push('next tick')
    await it.return()
    return {
      queuedTickComesFirst: log[0] === 'queued tick',
      nextTickWaitsALoopTurn: log.indexOf('next loop turn') !== -1 && log.indexOf('next loop turn') < log.indexOf('next tick'),
      nextTickAfterTheTimeout: log.indexOf('timeout set after the block') !== -1 && log.indexOf('timeout set after the block') < log.indexOf('next tick'),
    }
  }, { expect: { queuedTickComesFirst: true, nextTickWaitsALoopTurn: true, nextTickAfterTheTimeout: true } })

  await sameResult(t, 'the interval stops when the loop ends', async T => {
    const P = T.promises
    let n = 0
    for await (const v of P.setInterval(2, 'z')) { void v; if (++n === 3) break }
    await P.setTimeout(20)
    return T.stats ? T.stats() : { timeouts: 0, immediates: 0, refed: 0 }
  }, { expect: { timeouts: 0, immediates: 0, refed: 0 } })
})

t.test('nothing stays pending after rejected or aborted promise timers (heaptimers stats)', onlyHeaptimers, async t => {
  const H = loadHeaptimers()
  const P = H.promises
  const jobs = []
  for (let i = 0; i < 100; i++) {
    const ac = new AbortController()
    jobs.push(P.setTimeout(10000, i, { signal: ac.signal }).catch(() => {}))
    jobs.push(P.setImmediate(i, { signal: ac.signal }).catch(() => {}))
    jobs.push(P.scheduler.wait(10000, { signal: ac.signal }).catch(() => {}))
    jobs.push(P.setTimeout(1, i, 'bad options').catch(() => {}))
    ac.abort()
  }
  await Promise.all(jobs)
  t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 })
})
