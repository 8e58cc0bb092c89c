'use strict'
// Timeout / Immediate objects: refresh() semantics, close(),
// Symbol.dispose, the fields real packages read, class names, and
// util.promisify(setTimeout / setImmediate).

const t = require('tap')
const { busy } = require('./helpers/scenario.js')
const util = require('node:util')
const { sameResult, capture, native, nativeEmptiesCleared, nativeClearSkipsEmptied } = require('./helpers/impls.js')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

t.test('refresh() re-arms from now', async t => {
  await sameResult(t, 'refresh pushes the deadline from the moment of the call', async T => {
    const start = performance.now()
    let refreshedAt = 0
    const firedAt = await new Promise(resolve => {
      const h = T.setTimeout(() => resolve(performance.now()), 50)
      T.setTimeout(() => { refreshedAt = performance.now(); h.refresh() }, 30)
    })
    return {
      notBeforeRefreshPlusDelay: firedAt - refreshedAt >= 49,
      notBeforeOriginalDeadline: firedAt - start >= 79,
    }
  }, { expect: { notBeforeRefreshPlusDelay: true, notBeforeOriginalDeadline: true } })

  await sameResult(t, 'refresh after a busy stretch counts from the call, not from the last loop turn', async T => {
    const firedAfter = await new Promise(resolve => {
      const h = T.setTimeout(() => resolve(performance.now() - refreshedAt), 30)
      busy(40)
      const refreshedAt = performance.now()
      h.refresh()
    })
    return { waitedFullDelay: firedAfter >= 29 }
  }, { expect: { waitedFullDelay: true } })
})

t.test('refresh() revives a fired timeout; is a no-op after clear; returns this', async t => {
  await sameResult(t, 'revive', async T => {
    const log = []
    const h = T.setTimeout(() => log.push('fired'), 1)
    await new Promise(resolve => T.setTimeout(resolve, 20))
    const before = { destroyed: h._destroyed, log: log.slice() }
    const ret = h.refresh()
    const after = { destroyed: h._destroyed, hasRef: h.hasRef() }
    await new Promise(resolve => T.setTimeout(resolve, 20))
    return { before, returnsThis: ret === h, after, log }
  }, { expect: { before: { destroyed: true, log: ['fired'] }, returnsThis: true, after: { destroyed: false, hasRef: true }, log: ['fired', 'fired'] } })

  await sameResult(t, 'no-op after clear', async T => {
    const log = []
    const a = T.setTimeout(() => log.push('never: a'), 5)
    T.clearTimeout(a)
    const ra = a.refresh()
    const b = T.setInterval(() => log.push('never: b'), 5)
    T.clearInterval(b)
    b.refresh()
    const c = T.setTimeout(() => log.push('never: c'), 5)
    c.close()
    c.refresh()
    await new Promise(resolve => T.setTimeout(resolve, 30))
    return { log, returnsThis: ra === a, destroyed: [a._destroyed, b._destroyed, c._destroyed], idle: [a._idleTimeout, b._idleTimeout] }
  }, { expect: { log: [], returnsThis: true, destroyed: [true, true, true], idle: [-1, -1] } })

  await sameResult(t, 'after a clear that followed the fire, or an emptied _onTimeout: pending again, then skipped', async T => {
    // Node re-arms such a timer (it only marks a clear while pending as final) and skips it
    // when it comes due, its `_onTimeout` being empty: it is pending, and keeps the loop alive,
    // for its delay.
    const log = []
    const a = T.setTimeout(() => log.push('a fired'), 1)
    const b = T.setTimeout(() => log.push('b fired'), 1)
    await new Promise(resolve => T.setTimeout(resolve, 20))
    const pending = () => T.stats ? T.stats().timeouts : 0
    const base = pending()
    T.clearTimeout(a)
    a.refresh()
    b._onTimeout = null
    b.refresh()
    // (native has no counts: its numbers are the expected ones)
    const revived = { a: a._destroyed, b: b._destroyed, idle: a._idleTimeout, pending: T.stats ? pending() - base : 2 }
    await new Promise(resolve => T.setTimeout(resolve, 30))
    const after = { a: a._destroyed, b: b._destroyed, pending: T.stats ? pending() - base : 0 }
    return { log, revived, after }
  }, { expect: { log: ['a fired', 'b fired'], revived: { a: false, b: false, idle: 1, pending: 2 }, after: { a: true, b: true, pending: 0 } } })

  await sameResult(t, 'refresh inside its own callback fires it again', async T => {
    let n = 0
    await new Promise(resolve => {
      T.setTimeout(function () {
        n++
        if (n < 3) this.refresh()
        else T.setTimeout(resolve, 20)
      }, 2)
    })
    return n
  }, { expect: 3 })

  await sameResult(t, 'refresh of an interval restarts its period', async T => {
    // Deadlines 30-40 ms apart: a late refresh moves the interval later still, and only a
    // stall of 30 ms at the wrong moment could make native run the interval's list first.
    const log = []
    await new Promise(resolve => {
      const iv = T.setInterval(() => { log.push('iv'); T.clearInterval(iv); resolve() }, 100)
      T.setTimeout(() => { log.push('refresh at 60'); iv.refresh() }, 60)
      T.setTimeout(() => log.push('t130'), 130)
    })
    return log
  }, { expect: ['refresh at 60', 't130', 'iv'] })

  await sameResult(t, 'refresh keeps the ref state', async T => {
    const a = T.setTimeout(() => {}, 1000).unref()
    a.refresh()
    const b = T.setTimeout(() => {}, 1000)
    b.refresh()
    const r = [a.hasRef(), b.hasRef()]
    T.clearTimeout(a)
    T.clearTimeout(b)
    return r
  }, { expect: [false, true] })
})

t.test('close()', async t => {
  await sameResult(t, 'close clears and returns this', async T => {
    const log = []
    const a = T.setTimeout(() => log.push('never: a'), 5)
    const b = T.setInterval(() => log.push('never: b'), 5)
    const r = [a.close() === a, b.close() === b, a.close() === a]
    await new Promise(resolve => T.setTimeout(resolve, 30))
    const fired = await new Promise(resolve => { const h = T.setTimeout(() => T.setImmediate(() => resolve(h)), 1) })
    r.push(fired.close() === fired)
    return { r, log, destroyed: [a._destroyed, b._destroyed], closeOnImmediate: typeof T.setImmediate(() => {}).close }
  }, { expect: { r: [true, true, true, true], log: [], destroyed: [true, true], closeOnImmediate: 'undefined' } })
})

t.test('Symbol.dispose', { skip: typeof Symbol.dispose !== 'symbol' && 'no Symbol.dispose on this runtime' }, async t => {
  await sameResult(t, 'dispose clears timeouts, intervals and immediates', async T => {
    const log = []
    const a = T.setTimeout(() => log.push('never: a'), 5)
    const b = T.setInterval(() => log.push('never: b'), 5)
    const c = T.setImmediate(() => log.push('never: c'))
    const ret = [typeof a[Symbol.dispose], typeof c[Symbol.dispose], a[Symbol.dispose](), b[Symbol.dispose](), c[Symbol.dispose]()]
    a[Symbol.dispose]()
    await new Promise(resolve => T.setTimeout(resolve, 30))
    return { ret, log, destroyed: [a._destroyed, b._destroyed, c._destroyed] }
  }, { expect: { ret: ['function', 'function', undefined, undefined, undefined], log: [], destroyed: [true, true, true] } })

  let usingWorks = false
  try {
    new Function('{ using x = { [Symbol.dispose] () {} } }')()
    usingWorks = true
  } catch {}
  await t.test('`using` declarations', { skip: !usingWorks && 'no `using` syntax on this runtime' }, async t => {
    await sameResult(t, 'using clears at block end', async T => {
      const log = []

      const f = new Function('T', 'log', `
        {
          using a = T.setTimeout(() => log.push('never: a'), 5)
          using b = T.setImmediate(() => log.push('never: b'))
        }
        T.setTimeout(() => log.push('control'), 5)
      `)
      f(T, log)
      await new Promise(resolve => T.setTimeout(resolve, 30))
      return log
    }, { expect: ['control'] })
  })
})

t.test('fields through a timeout\'s life', async t => {
  await sameResult(t, '_idleTimeout, _onTimeout, _repeat, _destroyed, and the list links', async T => {
    // Packages test `_idlePrev` / `_idleNext` to see whether a timer is pending: set while it
    // waits in a list, null otherwise (its callback running included).
    const link = v => v === null ? null : typeof v
    const snap = h => ({
      idle: h._idleTimeout,
      onTimeout: h._onTimeout === null || h._onTimeout === undefined ? 'nullish' : typeof h._onTimeout,
      repeat: h._repeat,
      destroyed: h._destroyed,
      links: [link(h._idlePrev), link(h._idleNext)],
    })
    const out = {}
    await new Promise(resolve => {
      const h = T.setTimeout(function () {
        out.inCallback = snap(this)
        T.setImmediate(() => { out.afterFire = snap(h); resolve() })
      }, 3)
      out.created = snap(h)
    })
    const c = T.setTimeout(() => {}, 7)
    T.clearTimeout(c)
    out.cleared = snap(c)
    const iv = T.setInterval(() => {}, 9)
    out.interval = snap(iv)
    T.clearInterval(iv)
    out.clearedInterval = snap(iv)
    return out
  }, {
    expect: {
      created: { idle: 3, onTimeout: 'function', repeat: null, destroyed: false, links: ['object', 'object'] },
      inCallback: { idle: 3, onTimeout: 'function', repeat: null, destroyed: false, links: [null, null] },
      afterFire: { idle: 3, onTimeout: 'function', repeat: null, destroyed: true, links: [null, null] },
      cleared: { idle: -1, onTimeout: 'nullish', repeat: null, destroyed: true, links: [null, null] },
      interval: { idle: 9, onTimeout: 'function', repeat: 9, destroyed: false, links: ['object', 'object'] },
      clearedInterval: { idle: -1, onTimeout: 'nullish', repeat: 9, destroyed: true, links: [null, null] },
    },
  })

  await sameResult(t, 'immediate fields', async T => {
    const out = {}
    await new Promise(resolve => {
      const h = T.setImmediate(function () {
        out.inCallback = { destroyed: this._destroyed }
        T.setImmediate(() => { out.afterRun = { destroyed: h._destroyed }; resolve() })
      })
      out.created = { destroyed: h._destroyed, onImmediate: typeof h._onImmediate }
    })
    const c = T.setImmediate(() => {})
    T.clearImmediate(c)
    out.cleared = { destroyed: c._destroyed }
    return out
  }, {
    expect: {
      created: { destroyed: false, onImmediate: 'function' },
      inCallback: { destroyed: true }, // native marks it before calling
      afterRun: { destroyed: true },
      cleared: { destroyed: true },
    },
  })
})

t.test('a replaced _onTimeout is what runs (packages patch it)', async t => {
  await sameResult(t, '_onTimeout replaced before firing', async T => {
    const log = []
    await new Promise(resolve => {
      const a = T.setTimeout(() => log.push('original a'), 5)
      a._onTimeout = function () { log.push('replaced a, this ok: ' + (this === a) + ', argc ' + arguments.length) }
      const b = T.setTimeout(() => log.push('original b'), 5, 'arg1', 'arg2')
      b._onTimeout = function (x, y) { log.push('replaced b ' + x + ' ' + y) }
      const iv = T.setInterval(() => log.push('original iv'), 5)
      let n = 0
      iv._onTimeout = function () { log.push('replaced iv'); if (++n === 2) { T.clearInterval(iv); resolve() } }
    })
    return log
  }, { expect: ['replaced a, this ok: true, argc 0', 'replaced b arg1 arg2', 'replaced iv', 'replaced iv'] })
})

t.test('a callback field replaced with something uncallable: skipped if falsy (timeouts), else thrown, as native', async t => {
  const expected = {
    timeouts: [
      'uncaught TypeError: timer._onTimeout is not a function',
      'uncaught TypeError: Function.prototype.apply was called on 5, which is a number and not a function',
      'f ran',
      'a: destroyed true, hasRef true',
      'b: destroyed true, hasRef true',
      'c: destroyed true, hasRef true',
      'd: destroyed true, hasRef true',
      'e: destroyed true, hasRef true',
    ],
    immediates: [
      'uncaught TypeError: immediate._onImmediate is not a function',
      'uncaught TypeError: immediate._onImmediate is not a function',
      'c ran',
    ],
  }
  expected.clearedEmptied = nativeClearSkipsEmptied
    ? ['d: destroyed false, hasRef true', 'uncaught TypeError: immediate._onImmediate is not a function', 'e refilled ran', 'f ran']
    : ['d: destroyed true, hasRef false', 'f ran']
  for (const program of ['timeouts', 'immediates', 'clearedEmptied']) {
    const r = await runFixtureEach('uncallable.js', [program], { parallel: true })
    t.equal(r.native.code, 0, `native ${program} exits 0`, { stderr: r.native.stderr })
    t.same(parseResult(r.native.stdout), expected[program], `native ${program}: the documented log`)
    if (!('heaptimers' in r)) continue
    t.equal(r.heaptimers.code, 0, `heaptimers ${program} exits 0`, { stderr: r.heaptimers.stderr })
    t.same(parseResult(r.heaptimers.stdout), parseResult(r.native.stdout), `heaptimers ${program}: native's log`)
  }
})

t.test('what a timer keeps once cleared, fired or run: the running Node\'s rule', async t => {
  // Node 24.21 and 26 empty the callback and the arguments (undefined) of a timer cleared, or
  // skipped, and of an immediate that ran; a timeout cleared by its own callback keeps them until
  // the callback returns. Older Nodes null the callback and keep the arguments.
  const emptied = 'undef/undef'
  const expected = nativeEmptiesCleared
    ? {
        timeoutCleared: emptied,
        timeoutFired: 'fn/[x]',
        timeoutFiredThenCleared: emptied,
        timeoutClearedInItsCallback: 'null/[y]',
        timeoutClearedInItsCallbackAfter: emptied,
        intervalClearedInItsCallback: 'null/[y]',
        intervalClearedInItsCallbackAfter: emptied,
        timeoutSkippedFalsy: emptied,
        immediateInItsCallback: 'fn/[q]',
        immediateRan: emptied,
        immediateRanThenCleared: emptied,
        immediateCleared: emptied,
        immediateThrew: emptied,
        timeoutThrew: 'fn/[v]',
      }
    : {
        timeoutCleared: 'null/[1,2]',
        timeoutFired: 'fn/[x]',
        timeoutFiredThenCleared: 'null/[x]',
        timeoutClearedInItsCallback: 'null/[y]',
        timeoutClearedInItsCallbackAfter: 'null/[y]',
        intervalClearedInItsCallback: 'null/[y]',
        intervalClearedInItsCallbackAfter: 'null/[y]',
        timeoutSkippedFalsy: '0/[z]',
        immediateInItsCallback: 'fn/[q]',
        immediateRan: 'null/[q]',
        immediateRanThenCleared: 'null/[q]',
        immediateCleared: 'null/[w]',
        immediateThrew: 'null/[v]',
        timeoutThrew: 'fn/[v]',
      }
  const r = await runFixtureEach('emptied.js', [], { parallel: true })
  t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
  t.same(parseResult(r.native.stdout), expected, `native: the documented fields (${nativeEmptiesCleared ? 'emptied' : 'nulled'})`)
  if ('heaptimers' in r) {
    t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
    t.same(parseResult(r.heaptimers.stdout), parseResult(r.native.stdout), 'heaptimers: native\'s fields')
  }
})

t.test('Node\'s own clearTimeout on the implementation\'s timers (a timer kept across uninstall())', async t => {
  await sameResult(t, 'pending, and cleared by its own callback: Node\'s fields, no fields added', async T => {
    const show = v => v === null ? 'null' : v === undefined ? 'undef' : typeof v === 'function' ? 'fn' : JSON.stringify(v)
    const fields = h => `${show(h._onTimeout)}/${show(h._timerArgs)} destroyed ${h._destroyed} idle ${h._idleTimeout}`
    const out = {}
    const pending = T.setTimeout(() => { out.ran = true }, 60000, 'p')
    let keys = Object.keys(pending)
    native.clearTimeout(pending)
    out.pending = fields(pending)
    out.pendingKeysAdded = Object.keys(pending).filter(k => !keys.includes(k))
    await new Promise(resolve => {
      const self = T.setTimeout(() => {
        keys = Object.keys(self)
        native.clearTimeout(self)
        out.inItsCallback = fields(self)
        out.selfKeysAdded = Object.keys(self).filter(k => !keys.includes(k))
        setImmediate(() => { out.after = fields(self); resolve() })
      }, 1, 's')
    })
    out.stats = T.stats ? T.stats() : { timeouts: 0, immediates: 0, refed: 0 }
    return out
  }, {
    expect: nativeEmptiesCleared
      ? { pending: 'undef/undef destroyed true idle -1', pendingKeysAdded: [], inItsCallback: 'null/["s"] destroyed true idle -1', selfKeysAdded: [], after: 'undef/undef destroyed true idle -1', stats: { timeouts: 0, immediates: 0, refed: 0 } }
      : { pending: 'null/["p"] destroyed true idle -1', pendingKeysAdded: [], inItsCallback: 'null/["s"] destroyed true idle -1', selfKeysAdded: [], after: 'null/["s"] destroyed true idle -1', stats: { timeouts: 0, immediates: 0, refed: 0 } },
  })
})

t.test('clearTimeout ignores a timer whose _onTimeout was emptied, as native', async t => {
  await sameResult(t, 'emptied with null, undefined or 0, then cleared; then filled and cleared', async T => {
    const out = {}
    for (const empty of [null, undefined, 0]) {
      const timer = T.setTimeout(() => { out.ran = true }, 60000)
      timer._onTimeout = empty
      T.clearTimeout(timer)
      const emptied = { destroyed: timer._destroyed, idleTimeout: timer._idleTimeout }
      timer._onTimeout = () => {} // now clearTimeout clears it
      T.clearTimeout(timer)
      out[String(empty)] = { emptied, filled: { destroyed: timer._destroyed, idleTimeout: timer._idleTimeout } }
    }
    return out
  }, {
    expect: {
      null: { emptied: { destroyed: false, idleTimeout: 60000 }, filled: { destroyed: true, idleTimeout: -1 } },
      undefined: { emptied: { destroyed: false, idleTimeout: 60000 }, filled: { destroyed: true, idleTimeout: -1 } },
      0: { emptied: { destroyed: false, idleTimeout: 60000 }, filled: { destroyed: true, idleTimeout: -1 } },
    },
  })
})

t.test('class names and shape', async t => {
  await sameResult(t, 'constructor names and methods', async T => {
    const a = T.setTimeout(() => {}, 1000)
    const b = T.setImmediate(() => {})
    const methods = o => ['ref', 'unref', 'hasRef', 'refresh', 'close'].filter(m => typeof o[m] === 'function')
    const r = {
      timeout: a.constructor.name,
      immediate: b.constructor.name,
      timeoutMethods: methods(a),
      immediateMethods: methods(b),
      timeoutTag: Object.prototype.toString.call(a),
    }
    T.clearTimeout(a)
    T.clearImmediate(b)
    return r
  }, {
    expect: {
      timeout: 'Timeout',
      immediate: 'Immediate',
      timeoutMethods: ['ref', 'unref', 'hasRef', 'refresh', 'close'],
      immediateMethods: ['ref', 'unref', 'hasRef'],
      timeoutTag: '[object Object]',
    },
  })
})

t.test('util.promisify', async t => {
  await sameResult(t, 'promisify(setTimeout) and promisify(setImmediate)', async T => {
    const pt = util.promisify(T.setTimeout)
    const pi = util.promisify(T.setImmediate)
    const r = {
      hasCustom: [typeof T.setTimeout[util.promisify.custom], typeof T.setImmediate[util.promisify.custom], typeof T.setInterval[util.promisify.custom]],
      timeoutValue: await pt(5, 'v'),
      timeoutNoValue: await pt(1),
      immediateValue: await pi('w'),
      immediateObj: await pi({ o: 1 }),
    }
    const ac = new AbortController()
    const p = pt(1000, 'x', { signal: ac.signal })
    ac.abort()
    const er = await p.catch(e => e)
    r.aborted = { name: er.name, code: er.code }
    r.sameAsPromises = T.setTimeout[util.promisify.custom] === T.promises.setTimeout
    return r
  }, {
    expect: {
      hasCustom: ['function', 'function', 'undefined'],
      timeoutValue: 'v',
      timeoutNoValue: undefined,
      immediateValue: 'w',
      immediateObj: { o: 1 },
      aborted: { name: 'AbortError', code: 'ABORT_ERR' },
      sameAsPromises: true,
    },
  })
})

// (Function .length is not compared: native's changed from 5/5/4 on Node 20
// to 2/2/1 on Node 22+.)
t.test('setTimeout/setImmediate are plain functions with Node\'s names and lengths', async t => {
  await sameResult(t, 'function metadata', async T => {
    const out = {}
    for (const k of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']) {
      out[k] = { name: T[k].name, length: T[k].length }
    }
    out.newSetTimeout = capture(() => { const x = new T.setTimeout(() => {}, 1); T.clearTimeout(x); return typeof x }) // eslint-disable-line new-cap
    return out
  })
})

// util.inspect's lines for an object's own fields, one level down: { key: value }, objects
// printed by name (`[TimersList]`, `[Timeout]`, `[Object]`). `_idleStart` reads 'whole ms' when
// it is one.
function inspectedFields (text) {
  const fields = {}
  for (const line of text.split('\n').slice(1, -1)) {
    const m = /^ {2}([^ ][^:]*): (.*?),?$/.exec(line)
    if (m && !m[1].startsWith('[Symbol') && !m[1].startsWith('Symbol(')) fields[m[1]] = m[2]
    if (m && m[1] === '_idleStart') fields[m[1]] = /^\d+$/.test(m[2].replace(/,$/, '')) ? 'whole ms' : m[2]
  }
  return { header: text.split('\n')[0], fields }
}

const nodeTimeoutFields = ['_idleTimeout', '_idlePrev', '_idleNext', '_idleStart', '_onTimeout', '_timerArgs', '_repeat', '_destroyed']

// A timer's printed list links.
function pickLinks (text) {
  const { fields } = inspectedFields(text)
  return { _idlePrev: fields._idlePrev, _idleNext: fields._idleNext }
}

t.test('util.inspect and console.log show Node\'s fields', async t => {
  await sameResult(t, 'a timeout, an interval and a cleared timeout, one level deep', async T => {
    const pick = text => {
      const { header, fields } = inspectedFields(text)
      return { header, fields: Object.fromEntries(nodeTimeoutFields.map(k => [k, fields[k]])) }
    }
    const a = T.setTimeout(function named () {}, 1000, { deep: { deeper: 1 } })
    const b = T.setInterval(() => {}, 500)
    const c = T.setTimeout(() => {}, 10)
    T.clearTimeout(c)
    const r = {
      timeout: pick(util.inspect(a)),
      interval: pick(util.inspect(b, { depth: 5 })),
      cleared: pick(util.inspect(c)),
      // Node's Timeout prints one level whatever the depth left, even inside an array at depth 0.
      inArray: util.inspect([a], { depth: 0 }).includes('_idleTimeout: 1000'),
      customInspector: typeof a[util.inspect.custom],
    }
    T.clearTimeout(a)
    T.clearInterval(b)
    return r
  }, {
    expect: r => {
      // A timer alone in its list links to the list both ways.
      if (r.timeout.header !== 'Timeout {' || r.timeout.fields._idleTimeout !== '1000' || r.timeout.fields._timerArgs !== '[Array]' ||
          r.timeout.fields._idlePrev !== '[TimersList]' || r.timeout.fields._idleNext !== '[TimersList]' ||
          r.timeout.fields._idleStart !== 'whole ms' ||
          r.interval.fields._repeat !== '500' || r.cleared.fields._idleTimeout !== '-1' || r.cleared.fields._destroyed !== 'true' ||
          !r.inArray || r.customInspector !== 'function') {
        throw new Error(`native prints timers otherwise: ${JSON.stringify(r)}`)
      }
    },
  })

  await sameResult(t, 'two timers in one list link as Node\'s: _idlePrev to the newer, _idleNext to the older', async T => {
    // Node keeps a list per delay; heaptimers one per whole ms of deadline, so two timers made
    // back to back share one unless a millisecond turns between them: then try again.
    for (let attempt = 0; attempt < 20; attempt++) {
      const older = T.setTimeout(() => {}, 1000)
      const newer = T.setTimeout(() => {}, 1000)
      const linked = older._idlePrev === newer || older._idleNext === newer
      const r = {
        olderPrevIsNewer: older._idlePrev === newer,
        newerNextIsOlder: newer._idleNext === older,
        older: pickLinks(util.inspect(older)),
        newer: pickLinks(util.inspect(newer)),
      }
      T.clearTimeout(older)
      T.clearTimeout(newer)
      if (linked) return r
    }
    return 'never in one list'
  }, {
    expect: {
      olderPrevIsNewer: true,
      newerNextIsOlder: true,
      older: { _idlePrev: '[Timeout]', _idleNext: '[TimersList]' },
      newer: { _idlePrev: '[TimersList]', _idleNext: '[Timeout]' },
    },
  })

  await sameResult(t, 'an immediate, at the depth left', async T => {
    const im = T.setImmediate(function named () {}, { deep: { deeper: { deepest: 1 } } })
    const { header, fields } = inspectedFields(util.inspect(im))
    const r = {
      header,
      fields: { _onImmediate: fields._onImmediate, _argv: fields._argv, _destroyed: fields._destroyed },
      tooDeep: util.inspect({ a: { b: { c: im } } }),
      depthOne: util.inspect({ im }, { depth: 1 }).includes('_argv: [Array]'),
    }
    T.clearImmediate(im)
    r.cleared = inspectedFields(util.inspect(im)).fields._destroyed
    return r
  }, {
    expect: {
      header: 'Immediate {',
      fields: { _onImmediate: '[Function: named]', _argv: '[ { deep: [Object] } ]', _destroyed: 'false' },
      tooDeep: '{ a: { b: { c: [Immediate] } } }',
      depthOne: true,
      cleared: 'true',
    },
  })

  await sameResult(t, 'for...in and enumerable prototype keys', async T => {
    const a = T.setTimeout(() => {}, 1000)
    const b = T.setImmediate(() => {})
    const inherited = o => { const keys = []; for (const k in o) if (!Object.prototype.hasOwnProperty.call(o, k)) keys.push(k); return keys }
    const enumerableSymbols = o => Object.getOwnPropertySymbols(Object.getPrototypeOf(o))
      .filter(s => Object.getOwnPropertyDescriptor(Object.getPrototypeOf(o), s).enumerable).map(String).sort()
    const r = { timeout: inherited(a), immediate: inherited(b), timeoutSymbols: enumerableSymbols(a), immediateSymbols: enumerableSymbols(b) }
    T.clearTimeout(a)
    T.clearImmediate(b)
    return r
  }, {
    expect: r => {
      if (r.timeout.join() !== 'close' || r.immediate.length !== 0 || !r.timeoutSymbols.includes('Symbol(Symbol.toPrimitive)')) {
        throw new Error(`native's prototypes differ: ${JSON.stringify(r)}`)
      }
    },
  })
})

t.test('_idleStart: when the timer was last armed, in the loop\'s milliseconds', async t => {
  await sameResult(t, 'created, refreshed, cleared, re-armed as an interval, written', async T => {
    const wait = ms => new Promise(resolve => native.setTimeout(resolve, ms))
    // Native timers armed just before and just after: `_idleStart` counts from the loop's start,
    // which only the running process knows, so they are the yardstick (1 ms of rounding slack).
    const nativeStart = () => {
      const reference = native.setTimeout(() => {}, 1000)
      native.clearTimeout(reference)
      return reference._idleStart
    }
    const between = (arm) => {
      const before = nativeStart()
      const timer = arm()
      const after = nativeStart()
      return { timer, within: timer._idleStart >= before - 1 && timer._idleStart <= after + 1 }
    }
    const { timer: a, within: nearAtCreation } = between(() => T.setTimeout(() => {}, 1000))
    const created = a._idleStart
    const r = { whole: Number.isInteger(created), nearAtCreation }
    await wait(5)
    busy(30)
    r.nearAfterRefresh = between(() => a.refresh()).within
    r.refreshMovesIt = a._idleStart - created >= 29
    const refreshed = a._idleStart
    T.clearTimeout(a)
    r.clearedKeepsIt = a._idleStart === refreshed

    let runs = 0
    const i = T.setInterval(() => { runs++ }, 10)
    const intervalCreated = i._idleStart
    while (runs < 3) await wait(5)
    r.intervalRearmMovesIt = i._idleStart - intervalCreated >= 20
    T.clearInterval(i)

    const b = T.setTimeout(() => {}, 1000)
    b._idleStart = 12345
    r.written = b._idleStart
    T.clearTimeout(b)
    return r
  }, {
    expect: {
      whole: true,
      nearAtCreation: true,
      refreshMovesIt: true,
      nearAfterRefresh: true,
      clearedKeepsIt: true,
      intervalRearmMovesIt: true,
      written: 12345,
    },
  })
})
