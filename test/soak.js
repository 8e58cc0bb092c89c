#!/usr/bin/env node
'use strict'
// Soak test (not part of `npm test`):
//
//   node test/soak.js [--minutes 10] [--seed 1] [--lib <dir>] [--load 1]
//
// Runs a mixed random load on heaptimers for the given time: timeouts (with
// arguments), intervals, immediates, refresh, clear (every way), ref/unref,
// promise timers (with and without an AbortSignal, aborted or not), and
// callbacks that call process.nextTick, resolve promises, schedule, clear
// and refresh other timers, and sometimes throw (an uncaughtException
// handler counts them; the program goes on). The invariants of
// test/helpers/invariants.js are checked on every callback (never early, no
// cleared timer runs, none runs twice) and every second (no live timer is
// more than 5 s overdue; stats() agrees with the timers the load holds); at
// the end every timer must have run or been cleared and stats() must be back
// at { timeouts: 0, immediates: 0, refed: 0 }.
//
// Prints a progress line every 10 s and a summary: callbacks run, handled
// throws, invariant violations, max and p99 lateness (from the time a run was
// due), heapUsed start/max/end. Exits 1 if any invariant was violated.
//
// The load is driven by native timers captured before heaptimers loads, and
// is meant to keep about a third of one core busy (--load scales it).

const { performance } = require('node:perf_hooks')
const path = require('node:path')

const native = {
  setTimeout: globalThis.setTimeout,
  clearTimeout: globalThis.clearTimeout,
  setInterval: globalThis.setInterval,
  clearInterval: globalThis.clearInterval,
  setImmediate: globalThis.setImmediate,
}

function arg (name, fallback) {
  const i = process.argv.indexOf('--' + name)
  return i === -1 ? fallback : process.argv[i + 1]
}
const MINUTES = Number(arg('minutes', 10))
const SEED = Number(arg('seed', 1))
const LOAD = Number(arg('load', 1))
const LIB = path.resolve(arg('lib', process.env.HEAPTIMERS_LIB || path.join(__dirname, '..', 'lib')))

const H = require(path.join(LIB, 'index.js'))
const { Invariants } = require('./helpers/invariants.js')
const { rng } = require('./helpers/prng.js')

const R = rng(SEED)
const STALL_MS = 5000
const LIMITS = { timeouts: 4000, intervals: 60, immediates: 400, promises: 300 }
const HIST_BIN_MS = 0.1
const HIST_BINS = 100000 // up to 10 s; later lands in the last bin

// --- bookkeeping -------------------------------------------------------------

const histogram = new Int32Array(HIST_BINS)
let latenessSamples = 0
const inv = new Invariants({
  strictEarly: true,
  stallMs: STALL_MS,
  maxViolations: 50,
  onLateness (late) {
    latenessSamples++
    histogram[Math.min(HIST_BINS - 1, Math.max(0, Math.floor(late / HIST_BIN_MS)))]++
  },
})
// live records by kind, for picking targets and for checking stats()
const live = { timeout: new Set(), interval: new Set(), immediate: new Set() }
const spent = [] // fired timeouts that refresh() may revive (bounded)
let pendingPromiseTimeouts = 0
let pendingPromiseImmediates = 0
let promisesSettled = 0
let throwsHandled = 0
let nextLabel = 0
let stopping = false
const deadline = performance.now() + MINUTES * 60000

class SoakError extends Error {}

process.on('uncaughtException', er => {
  if (er instanceof SoakError) { throwsHandled++; return }
  inv.violation('unexpected', { label: 'process' }, 'uncaught: ' + (er && er.stack ? er.stack : String(er)))
})
process.on('unhandledRejection', er => {
  inv.violation('unexpected', { label: 'process' }, 'unhandled rejection: ' + (er && er.stack ? er.stack : String(er)))
})

function remainingMs () {
  return deadline - performance.now()
}

// A delay from a skewed distribution, never past the end of the run.
function pickDelay () {
  const r = R.next()
  let d
  if (r < 0.15) d = R.pick([0, 1, 1, 2, -5, NaN, 0.5, 1.9])
  else if (r < 0.75) d = R.int(1, 50)
  else if (r < 0.95) d = R.int(50, 1000)
  else d = R.int(1000, 10000)
  return Math.min(d, Math.max(1, Math.floor(remainingMs())))
}

function pickArgs () {
  return Array.from({ length: R.weighted([[5, 0], [3, 1], [1, 2], [1, 4]]) }, () => R.pick([0, 'a', null, undefined, { x: 1 }]))
}

function pickFrom (set) {
  if (set.size === 0) return null
  // sets iterate in insertion order: sample among the first few hundred
  let k = R.int(0, Math.min(set.size, 300) - 1)
  for (const x of set) if (k-- === 0) return x
  return null
}

// --- what callbacks do ---------------------------------------------------------

function body (rec, args) {
  // `this` and the arguments must be what was passed
  if (rec.expectArgs !== undefined && (args.length !== rec.expectArgs.length || rec.expectArgs.some((a, i) => a !== args[i]))) {
    inv.violation('args', rec, 'wrong arguments')
  }
  const r = R.next()
  if (r < 0.2) process.nextTick(() => { if (R.chance(0.5)) action() })
  else if (r < 0.3) Promise.resolve().then(() => { if (R.chance(0.5)) action() })
  else if (r < 0.55) { action(); if (R.chance(0.3)) action() }
  if (R.chance(0.01)) throw new SoakError('handled throw from ' + rec.label)
}

function startTimeout () {
  if (stopping || live.timeout.size >= LIMITS.timeouts) return
  const delay = pickDelay()
  const args = pickArgs()
  const rec = inv.track('timeout', 'T' + ++nextLabel, delay, function (...got) {
    if (this !== rec.handle) inv.violation('this', rec, '`this` is not the Timeout')
    live.timeout.delete(rec)
    if (spent.length < 200) spent.push(rec)
    body(rec, got)
  }, cb => H.setTimeout(cb, delay, ...args))
  rec.expectArgs = args
  live.timeout.add(rec)
  if (R.chance(0.05)) rec.handle.unref()
}

function startInterval () {
  if (stopping || live.interval.size >= LIMITS.intervals) return
  const period = R.chance(0.2) ? R.int(1, 5) : R.int(5, 300)
  const maxRuns = R.int(1, 40)
  let runs = 0
  const rec = inv.track('interval', 'I' + ++nextLabel, period, function (...got) {
    if (this !== rec.handle) inv.violation('this', rec, '`this` is not the Timeout')
    if (++runs >= maxRuns || stopping) clear(rec, 'own')
    body(rec, got)
  }, cb => H.setInterval(cb, period, 'iv'))
  rec.expectArgs = ['iv']
  live.interval.add(rec)
}

function startImmediate () {
  if (stopping || live.immediate.size >= LIMITS.immediates) return
  const rec = inv.track('immediate', 'M' + ++nextLabel, 0, function (...got) {
    if (this !== rec.handle) inv.violation('this', rec, '`this` is not the Immediate')
    live.immediate.delete(rec)
    body(rec, got)
  }, cb => H.setImmediate(cb, 'im', 2))
  rec.expectArgs = ['im', 2]
  live.immediate.add(rec)
}

function startPromise () {
  if (stopping || pendingPromiseTimeouts + pendingPromiseImmediates >= LIMITS.promises) return
  const immediate = R.chance(0.2)
  const delay = immediate ? 0 : pickDelay()
  const value = ++nextLabel
  const ac = R.chance(0.4) ? new AbortController() : null
  const options = {}
  if (ac) options.signal = ac.signal
  if (R.chance(0.1)) options.ref = false
  let aborted = false
  const start = performance.now()
  const p = immediate ? H.promises.setImmediate(value, options) : H.promises.setTimeout(delay, value, options)
  if (immediate) pendingPromiseImmediates++
  else pendingPromiseTimeouts++
  const settled = () => {
    promisesSettled++
    if (immediate) pendingPromiseImmediates--
    else pendingPromiseTimeouts--
  }
  const rec = { label: 'P' + value }
  p.then(v => {
    settled()
    if (v !== value) inv.violation('promise', rec, 'resolved to the wrong value')
    if (aborted) inv.violation('promise', rec, 'resolved after its signal aborted')
    const d = delay >= 1 && delay <= 2 ** 31 - 1 ? Math.trunc(delay) : 1
    if (!immediate && performance.now() < start + d) inv.violation('early', rec, 'promise timer resolved early')
  }, er => {
    settled()
    if (!aborted || !er || er.name !== 'AbortError') inv.violation('promise', rec, 'rejected: ' + (er && er.message))
  })
  if (ac && R.chance(0.5)) {
    const abort = () => { aborted = true; ac.abort() }
    if (R.chance(0.3)) abort()
    else native.setTimeout(abort, R.int(0, immediate ? 1 : delay + 5))
  }
}

function clear (rec, via) {
  if (!rec) return
  const h = rec.handle
  if (rec.kind === 'immediate') {
    if (via === 'dispose' && typeof h[Symbol.dispose] === 'function') h[Symbol.dispose]()
    else H.clearImmediate(h)
    live.immediate.delete(rec)
  } else {
    const pending = rec.state === 'armed'
    switch (via) {
      case 'own': H.clearInterval(h); break
      case 'close': h.close(); break
      case 'num': if (pending) H.clearTimeout(+h); else H.clearTimeout(h); break
      case 'str': if (pending) H.clearInterval(String(h)); else H.clearTimeout(h); break
      case 'interval': H.clearInterval(h); break
      default: H.clearTimeout(h)
    }
    live[rec.kind].delete(rec)
  }
  inv.cleared(rec)
}

function refresh (rec) {
  if (!rec || rec.state === 'cleared') return
  if (rec.kind === 'timeout' && rec.state !== 'armed') {
    // reviving a spent timeout: only while the run has time for it
    if (stopping || remainingMs() < rec.d + 100) return
    live.timeout.add(rec)
  }
  inv.refreshing(rec)
  rec.handle.refresh()
}

function action () {
  const r = R.next()
  if (r < 0.32) startTimeout()
  else if (r < 0.36) startInterval()
  else if (r < 0.50) startImmediate()
  else if (r < 0.60) startPromise()
  else if (r < 0.75) {
    const kind = R.weighted([[6, 'timeout'], [1, 'interval'], [3, 'immediate']])
    clear(pickFrom(live[kind]), R.pick(['clearTimeout', 'interval', 'close', 'num', 'str', 'dispose']))
  } else if (r < 0.88) {
    refresh(R.chance(0.8) ? pickFrom(live.timeout) : R.chance(0.5) ? pickFrom(live.interval) : spent[R.int(0, Math.max(0, spent.length - 1))])
  } else {
    const rec = pickFrom(live[R.pick(['timeout', 'interval', 'immediate'])])
    if (rec) rec.handle[R.chance(0.5) ? 'unref' : 'ref']()
  }
}

// --- driving, checking, reporting ----------------------------------------------

const t0 = performance.now()
const heap = { start: process.memoryUsage().heapUsed, max: 0, end: 0 }
let lastRuns = 0

function percentile (p) {
  if (latenessSamples === 0) return NaN
  let want = Math.ceil(latenessSamples * p)
  for (let i = 0; i < HIST_BINS; i++) {
    want -= histogram[i]
    if (want <= 0) return (i + 1) * HIST_BIN_MS
  }
  return HIST_BINS * HIST_BIN_MS
}

function checkStats () {
  const s = H.stats()
  const want = {
    timeouts: live.timeout.size + live.interval.size + pendingPromiseTimeouts,
    immediates: live.immediate.size + pendingPromiseImmediates,
  }
  if (s.timeouts !== want.timeouts || s.immediates !== want.immediates) {
    inv.violation('stats', { label: 'stats()' }, `stats() ${JSON.stringify(s)} but the load holds ${JSON.stringify(want)}`)
  }
}

const mb = bytes => (bytes / 1048576).toFixed(1)
const elapsed = () => ((performance.now() - t0) / 1000).toFixed(0).padStart(4) + ' s'

const driver = native.setInterval(() => {
  if (remainingMs() <= 0) return finish()
  const n = Math.round(25 * LOAD)
  for (let i = 0; i < n; i++) action()
}, 10)

const checker = native.setInterval(() => {
  inv.check()
  checkStats()
  const used = process.memoryUsage().heapUsed
  if (used > heap.max) heap.max = used
}, 1000)

const reporter = native.setInterval(() => {
  const s = H.stats()
  console.log(`${elapsed()}  callbacks ${inv.runs} (+${inv.runs - lastRuns})  pending ${s.timeouts} timeouts, ${s.immediates} immediates  ` +
    `throws ${throwsHandled}  promises ${promisesSettled}  violations ${inv.violationCount}  ` +
    `late max ${inv.maxLateness.toFixed(1)} p99 ${percentile(0.99).toFixed(1)} ms  heap ${mb(process.memoryUsage().heapUsed)} MB`)
  lastRuns = inv.runs
}, 10000)

function finish () {
  if (stopping) return
  stopping = true
  native.clearInterval(driver)
  for (const rec of [...live.interval]) clear(rec, 'interval')
  // everything left is a timeout due before the end, an immediate or a promise timer
  const started = performance.now()
  const wait = () => {
    const s = H.stats()
    const settled = pendingPromiseTimeouts + pendingPromiseImmediates === 0
    if ((s.timeouts || s.immediates || !settled) && performance.now() - started < 20000) return native.setTimeout(wait, 100)
    native.clearInterval(checker)
    native.clearInterval(reporter)
    inv.check()
    checkStats()
    inv.finish()
    const end = H.stats()
    if (end.timeouts || end.immediates || end.refed) inv.violation('stats', { label: 'stats()' }, 'not back to zero at the end: ' + JSON.stringify(end))
    if (global.gc) global.gc()
    heap.end = process.memoryUsage().heapUsed
    heap.max = Math.max(heap.max, heap.end)
    const summary = {
      node: process.version,
      minutes: MINUTES,
      seed: SEED,
      callbacksRun: inv.runs,
      throwsHandled,
      promisesSettled,
      invariantViolations: inv.violationCount,
      latenessMs: { max: +inv.maxLateness.toFixed(2), p99: +percentile(0.99).toFixed(2), p50: +percentile(0.5).toFixed(2) },
      earliestMs: +inv.minLateness.toFixed(3),
      heapUsedMB: { start: +mb(heap.start), max: +mb(heap.max), end: +mb(heap.end) },
      statsAtEnd: end,
    }
    console.log('summary ' + JSON.stringify(summary, null, 2))
    if (inv.violationCount) {
      console.log('violations (first ' + inv.violations.length + '):')
      for (const v of inv.violations) console.log('  ' + JSON.stringify(v))
    }
    process.exitCode = inv.violationCount ? 1 : 0
  }
  wait()
}

console.log(`soak: heaptimers from ${LIB}, ${MINUTES} min, seed ${SEED}, load ${LOAD}, Node ${process.version}`)
