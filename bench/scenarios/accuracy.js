// Group `accuracy`: how close to its due time a timeout fires, the way `await sleep(d)` in a loop
// uses it. For d = 0, 1, 2 and 16 ms, timeouts are set one after another, each from the callback
// of the previous one, and each fire is compared with its due time: performance.now() read just
// before setTimeout, plus the delay the runtime really uses (0 becomes 1 ms in Node, Bun and Deno;
// a browser keeps 0, and its 4 ms clamp of nested timeouts counts as lateness, as a page feels it).
//
// Rows, each with one better direction:
// - accuracy-<d>ms-p50 / -p99 (ms, lower is better): the median / 99th percentile of the timing
//   error |fire - due|. A timer that fires 0.4 ms early is as wrong as one 0.4 ms late; counting
//   early fires as 0 would rank an implementation that fires early above one that is punctual.
//   The signed lateness (p50, p99, max, the earliest fire) and the early count are in `extra`.
// - accuracy-early (early fires, lower is better, 0 is right): how many of a sequence cycling
//   through all four delays fired before their due time. heaptimers promises 0; Node computes
//   deadlines from libuv's clock in whole milliseconds, so it can fire up to 1 ms early.
// A few unrecorded timers run first, so start-up (a stale loop clock, JIT) is not measured.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var stats = require('../child/stats')
var now = require('../child/child-clock').now
var inBrowser = require('../child/node-version').inBrowser

var DELAYS = [0, 1, 2, 16]
// Timers recorded per child: enough for a p99 to mean something, few enough that the 16 ms row
// (about 17 ms per timer) stays under a second.
var TIMERS = { 0: 100, 1: 100, 2: 60, 16: 30 }
var EARLY_CYCLES = 15
var WARMUP_TIMERS = 5

// The delay the runtime applies: truncated; below 1 it is 1 in Node, 0 in a browser.
function effectiveDelay (d, browser) {
  return Math.max(browser ? 0 : 1, Math.floor(d))
}

// Sets the timers of `delays` one after another (each from the previous one's callback) and
// calls back with the signed lateness in ms of each recorded fire.
function sequence (T, natives, delays, cb) {
  var lateness = []
  var i = -WARMUP_TIMERS
  var created = 0
  var delay = 0
  function arm () {
    delay = delays[(i + delays.length * WARMUP_TIMERS) % delays.length]
    created = now()
    T.setTimeout(fired, delay)
  }
  function fired () {
    var at = now()
    if (i >= 0) lateness.push(at - (created + effectiveDelay(delay, inBrowser())))
    if (++i < delays.length) arm()
    else cb(lateness)
  }
  natives.setImmediate(arm)
}

function summary (lateness, delays) {
  var errors = lateness.map(Math.abs)
  var early = lateness.filter(function (l) { return l < 0 })
  return {
    timers: lateness.length,
    delaysMs: delays,
    early: early.length,
    earliestMs: early.length ? stats.min(early) : 0,
    latenessP50Ms: stats.percentile(lateness, 50),
    latenessP99Ms: stats.percentile(lateness, 99),
    latenessMaxMs: stats.max(lateness),
    errorP50Ms: stats.percentile(errors, 50),
    errorP99Ms: stats.percentile(errors, 99),
    errorMaxMs: stats.max(errors)
  }
}

function repeat (list, times) {
  var out = []
  for (var i = 0; i < times; i++) out = out.concat(list)
  return out
}

function percentileRow (d, p) {
  var delays = repeat([d], TIMERS[d])
  return define.measuredScenario('accuracy', 'accuracy-' + d + 'ms-p' + p, 'ms', function (T, ctx, cb) {
    sequence(T, ctx.natives, delays, function (lateness) {
      var extra = summary(lateness, [d])
      cb(null, define.record(stats.percentile(lateness.map(Math.abs), p), lateness.length, 'timestamps', extra))
    })
  }, TIMERS[d] + ' sequential setTimeout(f, ' + d + '), each set in the previous callback: p' + p +
    ' of |fire - due| in ms, due = performance.now() before the call + ' + effectiveDelay(d) + ' ms',
  { expectedMs: TIMERS[d] * (effectiveDelay(d) + 1.5) })
}

var earlyDelays = repeat(DELAYS, EARLY_CYCLES)

var early = define.measuredScenario('accuracy', 'accuracy-early', 'early fires', function (T, ctx, cb) {
  sequence(T, ctx.natives, earlyDelays, function (lateness) {
    var extra = summary(lateness, DELAYS)
    cb(null, define.record(extra.early, lateness.length, 'timestamps', extra))
  })
}, earlyDelays.length + ' sequential timeouts cycling through delays ' + DELAYS.join(', ') +
  ' ms: how many fired before performance.now() at creation + delay (0 is right)',
{ expectedMs: EARLY_CYCLES * 25 })

var rows = []
DELAYS.forEach(function (d) {
  rows.push(percentileRow(d, 50), percentileRow(d, 99))
})
rows.push(early)

module.exports = rows
// The due rule, for tools that read these rows' runs (tools/threshold-table.js).
module.exports.effectiveDelay = effectiveDelay
