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
// A run is only compared when every callback ran, and every body of
// operations executed, within `taintMs` of its nominal time (runProgram
// reports maxDev): a late loop can legitimately reorder native timers, and
// then the seed is simply run again.
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
//     (each may end with an `own` entry, 'call', 'apply', 'both' or null: the callback then has
//     its own `call` and/or `apply` property, a string, which Node never reads; and, in
//     programs generated with { domains: true }, a 'D' after it: the timer is created inside
//     a domain, so its callback, and what that creates, run in the domain, whose error
//     handler logs a throw as the uncaughtException handler does)
//     ['c', id, via]           clear: clearTimeout | clearInterval |
//                              clearImmediate | close | dispose | num | str
//                              (num/str: clearTimeout(+h) / clearTimeout(String(h)))
//     ['r', id]                h.refresh()
//     ['u', id] / ['f', id]    h.unref() / h.ref() (timeouts, intervals and
//                              immediates; see "Unref'd immediates" below)
//     ['h', id]                log h.hasRef()
//     ['k', label, Ops]        process.nextTick(body)
//     ['p', label, Ops]        Promise.resolve().then(body)
//     ['q', label, Ops]        queueMicrotask(body)
//     ['D', label]             create a pending promise (a deferred) whose
//                              reaction runs the body of its resolver's op
//     ['R', label, Ops]        resolve deferred <label>: its reaction runs body
//     ['x', form]              throw (last op of a callback body): an Error,
//                              TypeError, string, number or plain object
//   Handle ids start with their kind: T (timeout), I (interval), M (immediate).
//   Args are JSON values; '$u' stands for undefined.
//
// The log: "<id>#<n>(<args>)" for each callback run (" BAD-THIS" appended when
// `this` is not the handle), "k<label>" / "p<label>" / "q<label>" / "d<label>"
// for ticks and promise jobs, "<id>.hasRef=<bool>", and "caught <value>" from
// the runner's uncaughtException handler (installThrowHandler()).
//
// Throwing callbacks: after a throw (handled), Node runs the rest of the due
// callbacks before draining the ticks and promise jobs queued by the thrower,
// and heaptimers drains them first (a documented difference, docs/differences.md). So a
// callback that throws queues no ticks or promise jobs; everything else about
// it (nested set/clear/refresh, immediates, being mid-group) is fuzzed.
//
// Unref'd immediates: when every immediate queued for the next check phase is
// unref'd, the loop may block in poll until the next timer, so they run (in
// order, but) a slot late. A program in which that happens is regenerated
// from the same seed (a derived random stream), so every seed stays valid.
//
// New op kinds go in tryOp() (generation and simulation together) and in
// runProgram's exec().

const { rng } = require('./prng.js')
const { Invariants } = require('./invariants.js')

// Thrown when a generated program would not be deterministic under native
// timers: generate() retries with another stream derived from the seed.
class Regenerate extends Error {}

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
  throwChance: 0.15, // of a callback that queues no ticks/promise jobs
  maxDeferreds: 4,
}

const THROW_FORMS = ['error', 'type', 'string', 'number', 'object']

// The thrown value for form `form` in callback `key`, and how the handler logs it.
function thrownValue (form, key) {
  switch (form) {
    case 'error': return new Error(key)
    case 'type': return new TypeError(key)
    case 'string': return key
    case 'number': return key.length
    default: return { key }
  }
}
function describeThrown (er) {
  if (er instanceof Error) return er.name + ':' + er.message
  if (typeof er === 'object' && er !== null) return 'obj:' + er.key
  return typeof er + ':' + String(er)
}

const ARG_POOL = [0, 1, 'a', 'b', null, true, '$u', 42.5]

const decodeArg = a => a === '$u' ? undefined : a
const fmtArgs = args => Array.from(args, a => a === undefined ? 'u' : JSON.stringify(a)).join(',')

function generate (seed, options = {}) {
  const o = { ...DEFAULTS, ...options }
  for (let attempt = 0; ; attempt++) {
    try {
      return generateOnce(seed, o, attempt)
    } catch (er) {
      if (!(er instanceof Regenerate) || attempt >= 50) throw er
    }
  }
}

function generateOnce (seed, o, attempt) {
  const R = rng(attempt === 0 ? seed : (seed ^ Math.imul(attempt, 0x9E3779B1)) >>> 0)
  // A stream of its own for what does not change the model, so that adding it left every
  // seed's program (and its expected log) as it was.
  const R2 = rng((seed ^ 0x5EED0C11) >>> 0)
  const withOwn = (op) => {
    const own = R2.chance(0.15) ? R2.pick(['call', 'apply', 'both']) : null
    const inDomain = o.domains === true && R2.chance(0.3)
    if (own !== null || inDomain) op.push(own)
    if (inDomain) op.push('D')
    return op
  }
  const hasDispose = typeof Symbol.dispose === 'symbol'
  const prog = { seed, slotMs: o.slotMs, root: null, bodies: {} }
  if (o.domains === true) prog.domains = true
  const H = new Map() // id -> model state
  const owner = new Map() // slot -> owner key
  const expected = []
  let nid = 0
  let nseq = 0
  let nlabel = 0
  let ndeferred = 0
  const openDeferreds = []
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
      const kind = R.weighted([[34, 't'], [14, 'm'], [8, 'i'], [14, 'c'], [10, 'r'], [6, 'k'], [5, 'p'], [3, 'q'], [7, 'u'], [3, 'h'], [2, 'D'], [3, 'R']])
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
          H.set(id, { id, kind: 't', k, args, armed: true, cleared: false, refed: true, slot, seq: ++nseq, fired: 0, revives: 0 })
          ctx.delays.push(k)
          return withOwn(['t', id, k, args])
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
        H.set(id, { id, kind: 'i', k, runs, args, armed: true, cleared: false, refed: true, slot: ctx.slot + k, seq: ++nseq, fired: 0 })
        return withOwn(['i', id, k, args])
      }
      case 'm': {
        if (H.size >= o.maxHandles || ctx.immDepth >= o.maxImmediateDepth || ctx.noImmediates) return null
        const id = 'M' + ++nid
        const args = genArgs()
        H.set(id, { id, kind: 'm', args, armed: true, cleared: false, refed: true, immDepth: ctx.immDepth + 1, fired: 0 })
        immQueue.push(id)
        return withOwn(['m', id, args])
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
        // immediates too: see "Unref'd immediates" above for the catch
        const all = [...H.values()]
        if (!all.length) return null
        const h = R.pick(all)
        const refed = !R.chance(0.6)
        // ref()/unref() of an immediate that ran or was cleared does nothing
        if (h.kind !== 'm' || h.armed) h.refed = refed
        return [refed ? 'f' : 'u', h.id]
      }
      case 'h': {
        const all = [...H.values()]
        if (!all.length) return null
        const h = R.pick(all)
        // an immediate has no ref once it ran (or started running) or was cleared
        expected.push(h.id + '.hasRef=' + (h.kind === 'm' ? h.armed && h.refed : h.refed))
        return ['h', h.id]
      }
      case 'D': {
        if (ndeferred >= o.maxDeferreds) return null
        ndeferred++
        const label = ++nlabel
        openDeferreds.push(label)
        return ['D', label]
      }
      case 'R': {
        if (!openDeferreds.length || ctx.microDepth >= o.maxMicroDepth) return null
        const label = openDeferreds.splice(R.int(0, openDeferreds.length - 1), 1)[0]
        const op = ['R', label, null]
        micros.push({ op, ctx })
        return op
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
    expected.push((op[0] === 'R' ? 'd' : op[0]) + op[1])
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
    // (checked on the top level only: a callback's ticks and promise jobs get
    // their bodies when they run, and this one queues none)
    if (!ops.some(op => 'kpqR'.includes(op[0])) && R.chance(o.throwChance)) {
      const form = R.pick(THROW_FORMS)
      ops.push(['x', form])
      expected.push('caught ' + describeThrown(thrownValue(form, key)))
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
      // the loop's poll phase comes before this batch: it must not block
      const live = batch.map(id => H.get(id)).filter(h => h.armed)
      if (live.length && !live.some(h => h.refed)) throw new Regenerate()
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

// The log of the program whose callback is throwing right now: Node calls the
// uncaughtException handler synchronously, before any other callback runs.
let throwingLog = null

// Installs the process-wide handler that logs "caught <value>" into the
// throwing program's log; any other uncaught exception is a harness bug.
function installThrowHandler () {
  process.on('uncaughtException', logThrown)
}

// Logs a thrown value into the throwing program's log: the uncaughtException handler, and the
// fuzz domain's error handler, which must see exactly the throws of the callbacks in it.
function logThrown (er) {
  if (throwingLog === null) {
    process.stderr.write('unexpected uncaught exception: ' + (er && er.stack ? er.stack : String(er)) + '\n')
    process.exit(1)
  }
  throwingLog.push('caught ' + describeThrown(er))
  throwingLog = null
}

// The one domain of the programs that use domains, created on first use: loading the domain
// module changes how both implementations run, so programs without domains never load it.
let fuzzDomain = null

// Runs `create` inside the fuzz domain when `dom` is 'D', else as it is.
function inDomain (dom, create) {
  if (dom !== 'D') return create()
  if (fuzzDomain === null) {
    fuzzDomain = require('node:domain').create()
    fuzzDomain.name = 'fuzz'
    fuzzDomain.on('error', logThrown)
  }
  return fuzzDomain.run(create)
}

// Where a callback runs: in the fuzz domain (D) or in none (-).
const domainOf = () => (fuzzDomain !== null && process.domain === fuzzDomain ? 'D' : '-')

// Runs a program on timers object T. Resolves
// { log, maxDev, complete, ops, violations, minLateness } once every handle
// the program armed has run or been cleared (complete: false if that did not
// happen within timeoutMs), plus graceMs more so that stray late callbacks
// are logged too. `ops` counts the operations executed (timer calls, clears,
// refreshes, ref changes, ticks, promise jobs, throws) and callbacks run.
// `violations` are those of test/helpers/invariants.js (strictEarly: whether
// an early run is one); lost/running are only checked for complete runs.
// `nativeTimers` supplies the harness's own timers (never T's).
// Gives `cb` its own `call` and/or `apply` (op's `own` entry): a callback must run all the same.
function ownCallApply (cb, own) {
  if (own === 'call' || own === 'both') cb.call = 'not a function'
  if (own === 'apply' || own === 'both') cb.apply = 'not a function'
  return cb
}

function runProgram (prog, T, nativeTimers, { timeoutMs = 5000, graceMs, strictEarly = true } = {}) {
  const S = prog.slotMs
  if (graceMs === undefined) graceMs = 2 * S
  const log = []
  const domainLog = [] // programs with domains: where each callback ran
  const handles = Object.create(null)
  const recs = Object.create(null)
  const st = Object.create(null)
  const deferreds = Object.create(null)
  const inv = new Invariants({ strictEarly })
  let ops = 0
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
      ops++
      if (s.fired > 50) { // off the model: stop a runaway interval
        T.clearInterval(handles[id])
        inv.cleared(recs[id])
        disarm(s)
        log.push(id + ' RUNAWAY')
        checkDone()
        return
      }
      const key = id + '#' + s.fired
      log.push(key + '(' + fmtArgs(arguments) + ')' + (this === handles[id] ? '' : ' BAD-THIS'))
      if (prog.domains) domainLog.push(key + ' ' + domainOf())
      const slot = s.nominal
      observe(slot)
      if (s.kind !== 'i') disarm(s)
      try {
        exec(prog.bodies[key], slot, key) // may end with a throw ('x')
      } finally {
        if (s.kind === 'i' && s.armed) s.nominal = slot + s.k
        checkDone()
      }
    }
  }

  function micro (op, slot) {
    return () => {
      pendingMicro--
      ops++
      log.push((op[0] === 'R' ? 'd' : op[0]) + op[1])
      exec(op[2], slot)
      checkDone()
    }
  }

  function exec (body, slot, key) {
    if (!body) return
    // Creating or refreshing timers late shifts their deadlines off the model
    // as surely as running late does (a tick or promise job of this program
    // can wait behind the other programs of its wave): measure it too.
    observe(slot)
    for (const op of body) {
      ops++
      switch (op[0]) {
        case 't':
        case 'i': {
          const [kind, id, k, args, own, dom] = op
          st[id] = { kind, k, fired: 0, armed: false, cleared: false, nominal: slot + k }
          const set = kind === 't' ? T.setTimeout : T.setInterval
          recs[id] = inDomain(dom, () => inv.track(kind === 't' ? 'timeout' : 'interval', id, k * S, makeCb(id),
            cb => set(ownCallApply(cb, own), k * S, ...args.map(decodeArg))))
          handles[id] = recs[id].handle
          arm(st[id])
          break
        }
        case 'm': {
          const [, id, args, own, dom] = op
          st[id] = { kind: 'm', fired: 0, armed: false, cleared: false, nominal: slot }
          recs[id] = inDomain(dom, () => inv.track('immediate', id, 0, makeCb(id), cb => T.setImmediate(ownCallApply(cb, own), ...args.map(decodeArg))))
          handles[id] = recs[id].handle
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
            inv.cleared(recs[id])
            disarm(s)
          }
          break
        }
        case 'r': {
          const [, id] = op
          const h = handles[id]
          const s = st[id]
          if (!h) break
          if (!s.cleared) inv.refreshing(recs[id])
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
        case 'h': if (handles[op[1]]) log.push(op[1] + '.hasRef=' + handles[op[1]].hasRef()); break
        case 'D': {
          // the reaction is attached now; it runs the body its resolver passes
          new Promise(resolve => { deferreds[op[1]] = resolve })
            .then(({ op, slot }) => micro(op, slot)())
          break
        }
        case 'R':
          // (a late run can go off the model and resolve before creating)
          if (!deferreds[op[1]]) { log.push('R' + op[1] + ' BEFORE-D'); break }
          pendingMicro++
          deferreds[op[1]]({ op, slot })
          break
        case 'x':
          throwingLog = log
          throw thrownValue(op[1], key)
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
      inv.cleared(recs[id])
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
      nativeTimers.setTimeout(() => {
        cleanup()
        const violations = complete ? inv.finish() : inv.violations
        resolve({ log, domainLog, maxDev, complete, ops, violations, minLateness: inv.minLateness })
      }, graceMs)
    })
  })
}

module.exports = { DEFAULTS, generate, runProgram, installThrowHandler, fmtArgs }
