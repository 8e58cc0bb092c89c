'use strict'
// Differential fuzzing of timer programs.
//
// generate(seed) builds a random timer program AND simulates it on a nominal
// clock (Node's semantics at the level of "slots"), which lets it keep the
// program deterministic under native timers:
//   - every delay is a whole number of slots (slotMs, default 25 ms);
//   - a slot may hold the deadlines of only ONE owner: either one group of
//     timeouts created in the same synchronous run (callback + its ticks and
//     promise jobs) with the same delay, or one interval;
//   - so two callbacks are either in one group (creation order) or at least
//     one slot apart; immediates, ticks and promise jobs run in the slot of
//     the callback that queued them.
// A run is only compared when every callback ran within `taintMs` of its
// nominal time (runProgram reports maxDev): a late loop can legitimately
// reorder native timers, and then the seed is simply run again.
//
// The simulation also yields the expected log (model), a sanity check that
// native timers really follow the order the generator relied on.
//
// Program format (JSON, so it can be printed with a failing seed):
//   { seed, slotMs, root: Ops, bodies: { 'T3#1': Ops, ... } }
//   bodies[<id>#<n>] are the ops run by the n-th invocation of handle <id>.
//   Ops are arrays:
//     ['t', id, slots, args]   setTimeout(cb, slots * slotMs, ...args)
//     ['i', id, slots, args]   setInterval(cb, slots * slotMs, ...args)
//     ['m', id, args]          setImmediate(cb, ...args)
//     ['c', id, via]           clear: clearTimeout | clearInterval |
//                              clearImmediate | close | dispose | num | str
//                              (num/str: clearTimeout(+h) / clearTimeout(String(h)))
//     ['r', id]                h.refresh()
//     ['u', id] / ['f', id]    h.unref() / h.ref()
//     ['k', label, Ops]        process.nextTick(body)
//     ['p', label, Ops]        Promise.resolve().then(body)
//     ['q', label, Ops]        queueMicrotask(body)
//   Handle ids start with their kind: T (timeout), I (interval), M (immediate).
//   Args are JSON values; '$u' stands for undefined.
//
// The log: "<id>#<n>(<args>)" for each callback run (" BAD-THIS" appended when
// `this` is not the handle), "k<label>" / "p<label>" / "q<label>" for ticks
// and promise jobs.
//
// Growth (issue 6): new op kinds (throw, nested clears from ticks, ...) go in
// OPS below, in the simulation (applyOp) and in runProgram's exec().

const { rng } = require('./prng.js')

const DEFAULTS = {
  slotMs: 25,
  taintMs: 10, // < slotMs / 2: no reorder is possible while every callback is within it
  horizon: 10, // last slot any callback may use
  maxHandles: 18,
  maxOps: 4, // per callback
  rootOps: [2, 7],
  maxImmediateDepth: 3,
  maxMicroDepth: 2,
  maxRevives: 2,
}

const ARG_POOL = [0, 1, 'a', 'b', null, true, '$u', 42.5]

const decodeArg = a => a === '$u' ? undefined : a
const fmtArgs = args => Array.from(args, a => a === undefined ? 'u' : JSON.stringify(a)).join(',')

function generate (seed, options = {}) {
  const o = { ...DEFAULTS, ...options }
  const R = rng(seed)
  const hasDispose = typeof Symbol.dispose === 'symbol'
  const prog = { seed, slotMs: o.slotMs, root: null, bodies: {} }
  const H = new Map() // id -> model state
  const owner = new Map() // slot -> owner key
  const expected = []
  let nid = 0
  let nseq = 0
  let nlabel = 0
  let immQueue = []
  const ticks = []
  const micros = []

  const canReserve = (slots, key) => slots.every(s => s <= o.horizon && (!owner.has(s) || owner.get(s) === key))
  const reserve = (slots, key) => slots.forEach(s => owner.set(s, key))

  function genArgs () {
    const n = R.weighted([[4, 0], [3, 1], [2, 2], [1, 3], [1, 5]])
    return Array.from({ length: n }, () => R.pick(ARG_POOL))
  }

  function genOps (ctx, count) {
    const ops = []
    for (let i = 0; i < count; i++) {
      const kind = R.weighted([[34, 't'], [14, 'm'], [8, 'i'], [14, 'c'], [10, 'r'], [6, 'k'], [5, 'p'], [3, 'q'], [6, 'u']])
      const op = tryOp(kind, ctx)
      if (op) ops.push(op)
    }
    return ops
  }

  function tryOp (kind, ctx) {
    switch (kind) {
      case 't': {
        if (H.size >= o.maxHandles) return null
        for (let attempt = 0; attempt < 4; attempt++) {
          const k = ctx.delays.length && R.chance(0.5) ? R.pick(ctx.delays) : R.int(1, 4)
          const slot = ctx.slot + k
          const key = ctx.key + '|' + k
          if (!canReserve([slot], key)) continue
          reserve([slot], key)
          const id = 'T' + ++nid
          const args = genArgs()
          H.set(id, { id, kind: 't', k, args, armed: true, cleared: false, slot, seq: ++nseq, fired: 0, revives: 0 })
          ctx.delays.push(k)
          return ['t', id, k, args]
        }
        return null
      }
      case 'i': {
        if (H.size >= o.maxHandles) return null
        const k = R.int(1, 3)
        const runs = R.int(1, 3)
        const id = 'I' + ++nid
        const slots = Array.from({ length: runs }, (_, j) => ctx.slot + k * (j + 1))
        if (!canReserve(slots, 'I' + id)) { nid--; return null }
        reserve(slots, 'I' + id)
        const args = genArgs()
        H.set(id, { id, kind: 'i', k, runs, args, armed: true, cleared: false, slot: ctx.slot + k, seq: ++nseq, fired: 0 })
        return ['i', id, k, args]
      }
      case 'm': {
        if (H.size >= o.maxHandles || ctx.immDepth >= o.maxImmediateDepth || ctx.noImmediates) return null
        const id = 'M' + ++nid
        const args = genArgs()
        H.set(id, { id, kind: 'm', args, armed: true, cleared: false, immDepth: ctx.immDepth + 1, fired: 0 })
        immQueue.push(id)
        return ['m', id, args]
      }
      case 'c': {
        const all = [...H.values()]
        if (!all.length) return null
        const armed = all.filter(h => h.armed)
        const h = armed.length && R.chance(0.7) ? R.pick(armed) : R.pick(all)
        let vias
        if (h.kind === 'm') vias = ['clearImmediate', 'clearImmediate', 'clearTimeout', 'clearInterval'].concat(hasDispose ? ['dispose'] : [])
        else {
          // clearing by id only while armed: the id of a fired timeout is
          // released (and native's re-registration on +h is a quirk not
          // worth modelling)
          vias = ['clearTimeout', 'clearInterval', 'close'].concat(hasDispose ? ['dispose'] : [], h.armed ? ['num', 'str'] : [])
        }
        const via = R.pick(vias)
        applyClear(h, via)
        return ['c', h.id, via]
      }
      case 'r': {
        const cands = [...H.values()].filter(h =>
          (h.kind === 't' && (h.armed || h.cleared || h.revives < o.maxRevives) &&
            // native peeks the next timer of the list BEFORE draining the
            // previous callback's ticks/promise jobs: a group member
            // refreshed from there still fires in this pass (stale peek)
            !(ctx.moreInGroup && ctx.microDepth > 0 && h.armed && h.slot === ctx.slot)) ||
          (h.kind === 'i' && !ctx.key.startsWith(h.id + '#')))
        if (!cands.length) return null
        const h = R.pick(cands)
        if (h.cleared) return ['r', h.id] // a no-op, both ways
        if (h.kind === 't') {
          const slot = ctx.slot + h.k
          const key = ctx.key + '|' + h.k
          if (!canReserve([slot], key)) return null
          reserve([slot], key)
          if (!h.armed) h.revives++
          h.armed = true
          h.slot = slot
          h.seq = ++nseq
          ctx.delays.push(h.k)
          return ['r', h.id]
        }
        const remaining = h.runs - h.fired
        if (remaining <= 0 || !h.armed) return null
        const slots = Array.from({ length: remaining }, (_, j) => ctx.slot + h.k * (j + 1))
        if (!canReserve(slots, 'I' + h.id)) return null
        reserve(slots, 'I' + h.id)
        h.slot = ctx.slot + h.k
        h.seq = ++nseq
        return ['r', h.id]
      }
      case 'k':
      case 'p':
      case 'q': {
        if (ctx.microDepth >= o.maxMicroDepth) return null
        const op = [kind, ++nlabel, null]
        ;(kind === 'k' ? ticks : micros).push({ op, ctx })
        return op
      }
      case 'u': {
        // not immediates: an unref'd immediate with no ref'd one queued lets
        // the loop block in poll, so it runs (in order, but) late
        const all = [...H.values()].filter(h => h.kind !== 'm')
        if (!all.length) return null
        return [R.chance(0.6) ? 'u' : 'f', R.pick(all).id]
      }
    }
    return null
  }

  function applyClear (h, via) {
    if (h.kind === 'm') {
      if (via === 'clearImmediate' || via === 'dispose') {
        h.cleared = true
        h.armed = false
      }
      return
    }
    h.cleared = true
    h.armed = false
  }

  function drain () {
    while (ticks.length || micros.length) {
      while (ticks.length) runMicro(ticks.shift())
      while (micros.length) runMicro(micros.shift())
    }
  }

  function runMicro ({ op, ctx }) {
    expected.push(op[0] + op[1])
    const c = { ...ctx, microDepth: ctx.microDepth + 1 }
    op[2] = genOps(c, R.int(0, 2))
  }

  function invoke (h, slot) {
    h.fired++
    const key = h.id + '#' + h.fired
    expected.push(key + '(' + fmtArgs(h.args.map(decodeArg)) + ')')
    if (h.kind !== 'i') h.armed = false
    // Native reads the loop clock per insert, so a group created in one
    // synchronous run can straddle a millisecond and fire in two passes:
    // an immediate queued by an early member could then run before a later
    // member. So only the last member of a group may queue immediates.
    const moreInGroup = h.kind === 't' && [...H.values()].some(x => x.kind === 't' && x.armed && x.slot === slot)
    const ctx = { key, slot, immDepth: h.kind === 'm' ? h.immDepth : 0, microDepth: 0, delays: [], noImmediates: moreInGroup, moreInGroup }
    const ops = genOps(ctx, R.int(0, o.maxOps))
    if (h.kind === 'i' && h.fired >= h.runs && h.armed) {
      const via = R.pick(['clearInterval', 'clearTimeout', 'close'])
      applyClear(h, via)
      ops.push(['c', h.id, via])
    }
    if (ops.length) prog.bodies[key] = ops
    // native re-arms an interval right after its callback, before the
    // callback's ticks and promise jobs run
    if (h.kind === 'i' && h.armed) {
      h.slot = slot + h.k
      h.seq = ++nseq
    }
    drain()
  }

  function immediates (slot) {
    while (immQueue.length) {
      const batch = immQueue
      immQueue = []
      for (const id of batch) {
        const h = H.get(id)
        if (h.armed) invoke(h, slot)
      }
    }
  }

  const rootCtx = { key: 'root', slot: 0, immDepth: 0, microDepth: 0, delays: [] }
  prog.root = genOps(rootCtx, R.int(o.rootOps[0], o.rootOps[1]))
  drain()
  immediates(0)
  for (let s = 1; s <= o.horizon; s++) {
    const due = [...H.values()]
      .filter(h => h.kind !== 'm' && h.armed && h.slot === s)
      .sort((a, b) => a.seq - b.seq)
      .map(h => [h, h.seq])
    for (const [h, seq] of due) {
      if (h.armed && h.slot === s && h.seq === seq) invoke(h, s)
    }
    immediates(s)
  }
  const leftover = [...H.values()].filter(h => h.armed).map(h => h.id)
  if (leftover.length) throw new Error(`fuzz generator bug (seed ${seed}): still armed after the horizon: ${leftover}`)
  return { program: prog, expected, lastSlot: o.horizon }
}

// Runs a program on timers object T. Resolves
// { log, maxDev, complete } once every handle the program armed has run or
// been cleared (complete: false if that did not happen within timeoutMs),
// plus graceMs more so that stray late callbacks are logged too.
// `nativeTimers` supplies the harness's own timers (never T's).
function runProgram (prog, T, nativeTimers, { timeoutMs = 5000, graceMs } = {}) {
  const S = prog.slotMs
  if (graceMs === undefined) graceMs = 2 * S
  const log = []
  const handles = Object.create(null)
  const st = Object.create(null)
  let maxDev = 0
  let pendingMicro = 0
  let armedCount = 0
  let B = 0
  let resolveDone
  const done = new Promise(resolve => { resolveDone = resolve })

  const arm = s => { if (!s.armed) { s.armed = true; armedCount++ } }
  const disarm = s => { if (s.armed) { s.armed = false; armedCount-- } }
  const checkDone = () => { if (armedCount === 0 && pendingMicro === 0) resolveDone(true) }
  const observe = nominalSlot => {
    const d = (performance.now() - B) - nominalSlot * S
    if (Math.abs(d) > Math.abs(maxDev)) maxDev = d
  }

  function makeCb (id) {
    return function () {
      const s = st[id]
      s.fired++
      if (s.fired > 50) { // off the model: stop a runaway interval
        T.clearInterval(handles[id])
        disarm(s)
        log.push(id + ' RUNAWAY')
        checkDone()
        return
      }
      const key = id + '#' + s.fired
      log.push(key + '(' + fmtArgs(arguments) + ')' + (this === handles[id] ? '' : ' BAD-THIS'))
      const slot = s.nominal
      observe(slot)
      if (s.kind !== 'i') disarm(s)
      exec(prog.bodies[key], slot, key)
      if (s.kind === 'i' && s.armed) s.nominal = slot + s.k
      checkDone()
    }
  }

  function micro (op, slot) {
    return () => {
      pendingMicro--
      log.push(op[0] + op[1])
      exec(op[2], slot)
      checkDone()
    }
  }

  function exec (ops, slot) {
    if (!ops) return
    for (const op of ops) {
      switch (op[0]) {
        case 't':
        case 'i': {
          const [kind, id, k, args] = op
          st[id] = { kind, k, fired: 0, armed: false, cleared: false, nominal: slot + k }
          handles[id] = (kind === 't' ? T.setTimeout : T.setInterval)(makeCb(id), k * S, ...args.map(decodeArg))
          arm(st[id])
          break
        }
        case 'm': {
          const [, id, args] = op
          st[id] = { kind: 'm', fired: 0, armed: false, cleared: false, nominal: slot }
          handles[id] = T.setImmediate(makeCb(id), ...args.map(decodeArg))
          arm(st[id])
          break
        }
        case 'c': {
          const [, id, via] = op
          const h = handles[id]
          const s = st[id]
          if (!h) break
          switch (via) {
            case 'clearTimeout': T.clearTimeout(h); break
            case 'clearInterval': T.clearInterval(h); break
            case 'clearImmediate': T.clearImmediate(h); break
            case 'close': h.close(); break
            case 'dispose': h[Symbol.dispose](); break
            case 'num': (s.kind === 'i' ? T.clearInterval : T.clearTimeout)(+h); break
            case 'str': T.clearTimeout(String(h)); break
          }
          if (s.kind !== 'm' || via === 'clearImmediate' || via === 'dispose') {
            s.cleared = true
            disarm(s)
          }
          break
        }
        case 'r': {
          const [, id] = op
          const h = handles[id]
          const s = st[id]
          if (!h) break
          h.refresh()
          if (!s.cleared) {
            s.nominal = slot + s.k
            arm(s)
          }
          break
        }
        case 'u': if (handles[op[1]]) handles[op[1]].unref(); break
        case 'f': if (handles[op[1]]) handles[op[1]].ref(); break
        case 'k': pendingMicro++; process.nextTick(micro(op, slot)); break
        case 'p': pendingMicro++; Promise.resolve().then(micro(op, slot)); break
        case 'q': pendingMicro++; queueMicrotask(micro(op, slot)); break
        default: throw new Error('unknown op ' + op[0])
      }
    }
  }

  // A run on a badly loaded machine can go off the model (e.g. an interval
  // whose clearing callback ran before it was created): never let such a
  // run keep timers alive into later runs.
  function cleanup () {
    for (const id of Object.keys(st)) {
      const s = st[id]
      if (!s.armed) continue
      if (s.kind === 'm') T.clearImmediate(handles[id])
      else T.clearTimeout(handles[id])
      disarm(s)
    }
  }

  B = performance.now()
  exec(prog.root, 0)
  checkDone()
  return new Promise(resolve => {
    const limit = nativeTimers.setTimeout(() => resolveDone(false), timeoutMs)
    done.then(complete => {
      nativeTimers.clearTimeout(limit)
      if (!complete) cleanup()
      nativeTimers.setTimeout(() => { cleanup(); resolve({ log, maxDev, complete }) }, graceMs)
    })
  })
}

module.exports = { DEFAULTS, generate, runProgram, fmtArgs }
