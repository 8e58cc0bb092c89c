// Group `scaling`: how the cost of a timeout grows with the number of timeouts.
// - scaling-1k ... scaling-1m (ns/timer, lower is better): set N timeouts with seeded random
//   delays of 1-50 ms (the same delays in every child), then run them all; nanoseconds per timer
//   of (set time + run time), in process CPU time where Node has process.cpuUsage (see `cost`;
//   extra.costClock says which). As in timeout-run-10k, the idle wait before the deadlines is
//   left out: after setting, the child spins (unmeasured) until every deadline has passed, then
//   times from the end of the spin to the last callback. Two unrecorded rounds of 10k timers
//   warm the code up first; small N is repeated (median) to get above the clock's noise.
//   `extra.bytesPerTimer` is the heap per pending timer at that N, from passes after the timed
//   ones (gc'd heapUsed before and after setting them, then they are cleared; see
//   bytesPerPending: at 1k it is the noisiest figure here).
//   The report fits log(ns/timer) against log(N) over these rows (../../fit.js) and prints the
//   exponent: ~0 means a constant cost per timer, 1 a cost that grows linearly with N.
// - timeout-memory (bytes/timer, lower is better): the heap (`heapUsed`) added per
//   pending timeout with 100,000 pending (delays 30-31 s, seeded, so nothing fires), after a full
//   gc on each side. The child is started with --expose-gc for these rows; where gc() is still
//   missing the cell is n/a.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var inBrowser = require('../child/node-version').inBrowser
var seeded = require('./seeded')
var stats = require('../child/stats')
var clock = require('../child/child-clock')
var now = clock.now

var SIZES = [
  { name: 'scaling-1k', n: 1000, reps: 9, memoryPasses: 5 },
  { name: 'scaling-10k', n: 10000, reps: 5, memoryPasses: 3 },
  { name: 'scaling-100k', n: 100000, reps: 1, memoryPasses: 1 },
  { name: 'scaling-1m', n: 1000000, reps: 1, memoryPasses: 1 }
]
var MAX_DELAY = 50
var SEED = 42
var MEMORY_PENDING = 100000
// Unrecorded timers run first so every row measures optimised code: at 1k timers a cold start
// (interpreter, then the JIT tiers) costs several times more than the timers, and the fit would
// show start-up, not growth. Short delays keep the warm-up's own wait to a few ms.
var WARMUP_ROUNDS = 2
var WARMUP_TIMERS = 10000
var WARMUP_MAX_DELAY = 5
// Past the last deadline, with room for whole-millisecond rounding in either implementation.
var SETTLE_MS = 1.5

function noop () {}

// Heap in use after two full collections (the second frees what the first only finalised), or
// null without gc().
function heapUsed () {
  if (typeof global.gc !== 'function') return null
  global.gc()
  global.gc()
  return process.memoryUsage().heapUsed
}

function delaysFor (n, lo, hi) {
  var next = seeded.integers(SEED, lo, hi)
  var delays = new Array(n)
  for (var i = 0; i < n; i++) delays[i] = next()
  return delays
}

// The clock the set and run phases are timed with: the process's CPU time where Node has
// process.cpuUsage (6.1+), so that time the child spends descheduled on a busy machine does not
// count (at 1k timers a phase lasts a fraction of a millisecond, and one preemption would
// dominate it); the wall clock before that. Both phases are CPU-bound (the idle wait is spun
// through outside them), so on an idle machine the two agree.
var cost = typeof process.cpuUsage === 'function'
  ? { name: 'cpuUsage', ms: function () { var u = process.cpuUsage(); return (u.user + u.system) / 1000 } }
  : { name: clock.wallName, ms: now }

// One timed repetition: set all, spin past the last deadline (maxDelay) unmeasured, time the run
// to the last callback. Calls back (setMs, runMs).
function timed (T, delays, maxDelay, cb) {
  var n = delays.length
  var count = 0
  var setMs = 0
  var resumed = 0
  function fired () {
    if (++count === n) cb(setMs, cost.ms() - resumed)
  }
  var t0 = now()
  var c0 = cost.ms()
  for (var i = 0; i < n; i++) T.setTimeout(fired, delays[i])
  setMs = cost.ms() - c0
  clock.spinUntil(t0 + maxDelay + SETTLE_MS)
  resumed = cost.ms()
}

// Heap bytes per pending timeout: `delays.length` timeouts set between two gc'd heapUsed reads,
// then cleared. A pass of its own, after the timed ones: a forced gc leaves the heap resized and
// the code aged, which would slow the timed passes that follow it. null without gc().
function bytesOnce (T, delays) {
  var n = delays.length
  // Allocated before the first read, so the handles array is not counted.
  var handles = new Array(n)
  for (var h = 0; h < n; h++) handles[h] = null
  var before = heapUsed()
  if (before === null) return null
  for (var i = 0; i < n; i++) handles[i] = T.setTimeout(noop, delays[i])
  var after = heapUsed()
  for (var j = 0; j < n; j++) T.clearTimeout(handles[j])
  return (after - before) / n
}

// The median of `passes` bytesOnce passes. With a few thousand timers the heap moves by as much
// as they hold (an implementation freeing or pooling its own structures, code aging out), so
// small N takes several passes after one unrecorded; large N is steady in one.
function bytesPerPending (T, delays, passes) {
  var runs = []
  if (passes > 1 && bytesOnce(T, delays) === null) return null
  for (var i = 0; i < passes; i++) {
    var b = bytesOnce(T, delays)
    if (b === null) return null
    runs.push(b)
  }
  return stats.median(runs)
}

// Runs `rounds` passes of `timed` one after another, each from a fresh loop turn; calls back the
// [setMs, runMs] of each.
function passes (T, natives, delays, maxDelay, rounds, cb) {
  var out = []
  function next () {
    timed(T, delays, maxDelay, function (setMs, runMs) {
      out.push([setMs, runMs])
      if (out.length < rounds) natives.setImmediate(next)
      else natives.setImmediate(function () { cb(out) })
    })
  }
  natives.setImmediate(next)
}

function scalingRow (size) {
  var delays = null
  return define.measuredScenario('scaling', size.name, 'ns/timer', function (T, ctx, cb) {
    // Generated here, not at load: only the child that runs this row pays for its array.
    if (!delays) delays = delaysFor(size.n, 1, MAX_DELAY)
    var perTimer = function (ms) { return ms * 1e6 / size.n }
    passes(T, ctx.natives, delaysFor(WARMUP_TIMERS, 1, WARMUP_MAX_DELAY), WARMUP_MAX_DELAY, WARMUP_ROUNDS, function () {
      passes(T, ctx.natives, delays, MAX_DELAY, size.reps, function (reps) {
        var ns = reps.map(function (r) { return perTimer(r[0] + r[1]) })
        cb(null, define.record(stats.median(ns), ns.length, 'timestamps', {
          timers: size.n,
          reps: ns.length,
          delaysMs: [1, MAX_DELAY],
          setNsPerTimer: stats.median(reps.map(function (r) { return perTimer(r[0]) })),
          runNsPerTimer: stats.median(reps.map(function (r) { return perTimer(r[1]) })),
          bytesPerTimer: bytesPerPending(T, delays, size.memoryPasses),
          costClock: cost.name
        }, stats.rme(ns)))
      })
    })
  }, 'set ' + size.n + ' setTimeout(f, random 1-' + MAX_DELAY + ' ms) and run them all: ns of process CPU time per timer (set + run, idle wait excluded)' +
    (size.reps > 1 ? ', median of ' + size.reps : '') + '; heap bytes per pending timer in extra',
  { n: size.n, nodeFlags: ['--expose-gc'], expectedMs: 200 + size.reps * (MAX_DELAY + 10) + size.n / 500 })
}

var memory = define.measuredScenario('scaling', 'timeout-memory', 'bytes/timer', function (T, ctx, cb) {
  var bytes = bytesPerPending(T, delaysFor(MEMORY_PENDING, 30000, 31000), 1)
  if (bytes === null) {
    var why = inBrowser() ? 'a browser page has neither gc() nor a heap size to read' : 'global.gc() is missing although the child was started with --expose-gc'
    return cb(define.notAvailable(why))
  }
  ctx.natives.setImmediate(function () {
    cb(null, define.record(bytes, MEMORY_PENDING, 'heap-used', {
      pending: MEMORY_PENDING,
      heapDeltaBytes: bytes * MEMORY_PENDING,
      delaysMs: [30000, 31000]
    }))
  })
}, 'heap bytes per pending timeout: heapUsed delta (after gc) / ' + MEMORY_PENDING + ' pending setTimeout(f, 30-31 s)',
{ nodeFlags: ['--expose-gc'], expectedMs: 500 })

module.exports = SIZES.map(scalingRow).concat([memory])
