// Group `cpu`: N concurrent timers, each re-queueing itself with a 1 ms delay, for a fixed window.
// Reports the CPU used as a percentage of one core (lower is better), plus fires per second and
// CPU microseconds per fire. The window opens after a warm-up (a time, then a number of fires)
// and a full garbage collection, so start-up, JIT and V8's one-off collections are excluded
// (../gc.js says which collection landed in the window before).
// The window is delimited with the harness's native timers, not by clock reads in the callback,
// so the measured callbacks cost only what the scenario itself costs.
// cpu-early-1ms-loops-100 is the other side: the same 100 loops, started as soon as the child has
// loaded the implementation, with CPU measured from 0.5 s to 2.4 s after the process started (no
// warm-up, no collection): what a CLI, a test run or a fresh instance pays while V8 still
// compiles the timers' code.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var clock = require('../child/child-clock')
var gc = require('../child/gc')
var define = require('./define')
var inBrowser = require('../child/node-version').inBrowser

var LOOPS = [1, 10, 100, 200, 1000]
var DELAY = 1
// Time to let the last re-queued timers fire before reporting.
var DRAIN_MS = 20
// After the timed warm-up, the window waits (polling) for ctx.warmupFires fires, for at most
// ctx.warmupMaxMs in all: a 1 ms loop fires about 900 times a second here, so 6,000 fires a loop
// take about 7 s, and an implementation that fires slowly must not keep the window shut.
var WARMUP_POLL_MS = 20
// Fewer fires than this share of the nominal rate (loops x 1000/s) means the implementation is
// not running its timers, and its low CPU figure would read as a win: report an error instead.
var MIN_FIRE_SHARE = 0.01
// After the collection, time for V8's background sweeping to finish before the window opens:
// its threads' CPU would count in the window. A few ms on these heaps.
var GC_SETTLE_MS = 50

// ctx: { natives, durationMs, warmupMs, warmupFires, warmupMaxMs }. Calls back (err, run).
function measure (loops, T, ctx, cb) {
  var cpu = clock.cpuClock()
  if (!cpu) return cb(noCpuClock())
  var running = true
  var fires = 0
  function tick () {
    fires++
    if (running) T.setTimeout(tick, DELAY)
  }
  for (var i = 0; i < loops; i++) T.setTimeout(tick, DELAY)

  var started = clock.now()
  var warmupFires = ctx.warmupFires || 0
  ctx.natives.setTimeout(function whenWarm () {
    if (fires >= warmupFires || clock.now() - started >= ctx.warmupMaxMs) collectThenOpen()
    else ctx.natives.setTimeout(whenWarm, WARMUP_POLL_MS)
  }, ctx.warmupMs)

  function collectThenOpen () {
    var collected = gc.fullGc()
    ctx.natives.setTimeout(function () { openWindow(collected) }, collected ? GC_SETTLE_MS : 0)
  }

  function openWindow (collected) {
    var cpu0 = cpu.read()
    var wall0 = clock.now()
    var fires0 = fires
    var warmedMs = wall0 - started
    ctx.natives.setTimeout(function closeWindow () {
      var cpuUs = cpu.read() - cpu0
      var wallMs = clock.now() - wall0
      var n = fires - fires0
      running = false
      var nominal = loops * (1000 / DELAY) * (wallMs / 1000)
      if (n < nominal * MIN_FIRE_SHARE) {
        return cb(new Error('timers fired ' + (n ? 'under ' + MIN_FIRE_SHARE * 100 + '% of' : 'never in') +
          ' the ' + ctx.durationMs / 1000 + ' s window, expected ' + loops * (1000 / DELAY) + '/s (are the timers running?)'))
      }
      // /proc/self/stat counts in 10 ms ticks: a light load over a short window can read as no
      // CPU at all, which is not a measurement (and not a win).
      if (!(cpuUs > 0)) {
        var coarse = new Error('no CPU time measured in the ' + Math.round(wallMs) / 1000 + ' s window (' + cpu.name +
          (cpu.name === 'proc-stat' ? ' counts in 10 ms ticks' : '') + '); a longer --duration measures it')
        coarse.kind = 'n/a'
        return cb(coarse)
      }
      ctx.natives.setTimeout(function () {
        cb(null, {
          value: cpuUs / (wallMs * 1000) * 100,
          samples: 1,
          rme: null,
          sampler: 'cpu-window',
          extra: {
            firesPerSec: n / (wallMs / 1000),
            nominalFiresPerSec: loops * (1000 / DELAY),
            cpuUsPerFire: n > 0 ? cpuUs / n : null,
            fires: n,
            windowMs: wallMs,
            cpuMs: cpuUs / 1000,
            cpuClock: cpu.name,
            warmupMs: warmedMs,
            warmupFires: fires0,
            gcBeforeWindow: collected
          }
        })
      }, DRAIN_MS)
    }, ctx.durationMs)
  }
}

// The early window, in ms since the process started, and its loops.
var EARLY = { loops: 100, fromMs: 500, toMs: 2400 }

function noCpuClock () {
  if (inBrowser()) return define.notAvailable('a browser page has no process CPU clock')
  var none = new Error('no CPU clock on Node ' + process.version + ' here (process.cpuUsage arrived in Node 6.1; /proc/self/stat is Linux only)')
  none.kind = 'n/a'
  return none
}

function measureEarly (T, ctx, cb) {
  var cpu = clock.cpuClock()
  if (!cpu) return cb(noCpuClock())
  var startedMs = process.uptime() * 1000
  // A child that started its loops late (a loaded machine) opens the window at once and keeps it
  // open for at least a second; extra says when it opened.
  var openAtMs = Math.max(EARLY.fromMs, startedMs)
  var windowMs = Math.max(EARLY.toMs - openAtMs, 1000)
  var running = true
  var fires = 0
  function tick () {
    fires++
    if (running) T.setTimeout(tick, DELAY)
  }
  for (var i = 0; i < EARLY.loops; i++) T.setTimeout(tick, DELAY)
  ctx.natives.setTimeout(function openWindow () {
    var cpu0 = cpu.read()
    var wall0 = clock.now()
    var fires0 = fires
    var openedMs = process.uptime() * 1000
    ctx.natives.setTimeout(function closeWindow () {
      var cpuUs = cpu.read() - cpu0
      var wallMs = clock.now() - wall0
      var n = fires - fires0
      running = false
      if (!(cpuUs > 0)) {
        var coarse = new Error('no CPU time measured in the early window (' + cpu.name + ')')
        coarse.kind = 'n/a'
        return cb(coarse)
      }
      ctx.natives.setTimeout(function () {
        cb(null, define.record(cpuUs / (wallMs * 1000) * 100, 1, 'cpu-window', {
          firesPerSec: n / (wallMs / 1000),
          nominalFiresPerSec: EARLY.loops * (1000 / DELAY),
          cpuUsPerFire: n > 0 ? cpuUs / n : null,
          fires: n,
          windowMs: wallMs,
          cpuMs: cpuUs / 1000,
          cpuClock: cpu.name,
          loopsStartedMs: startedMs,
          windowOpenedMs: openedMs
        }))
      }, DRAIN_MS)
    }, windowMs)
  }, openAtMs - startedMs)
}

var early = define.measuredScenario('cpu', 'cpu-early-1ms-loops-' + EARLY.loops, '% cpu', measureEarly,
  EARLY.loops + ' concurrent timers re-queueing themselves every 1 ms from the child\'s start; CPU % of one core from ' +
  EARLY.fromMs / 1000 + ' s to ' + EARLY.toMs / 1000 + ' s after the process started (a fresh process, V8 still compiling)',
  { expectedMs: EARLY.toMs + DRAIN_MS + 100 })

module.exports = LOOPS.map(function (loops) {
  return {
    name: 'cpu-1ms-loops-' + loops,
    group: 'cpu',
    kind: 'cpu',
    unit: '% cpu',
    higherIsBetter: false,
    implIndependent: false,
    loops: loops,
    measure: function (T, ctx, cb) { measure(loops, T, ctx, cb) },
    summary: (loops === 1 ? '1 timer re-queueing itself' : loops + ' concurrent timers, each re-queueing itself') +
      ' every 1 ms for --duration seconds;' +
      ' CPU % of one core (process.cpuUsage over the window after a warm-up)'
  }
}).concat(early)
