// Samples a scenario's batch function: warm up until the batches run at a steady rate, then time
// batches until the sampling budget is spent, and summarise the per-batch latencies. Two
// interchangeable back ends for the timed phase, with one output shape: tinybench (where the
// child's Node meets its engines) and a built-in loop for older Nodes.
//
// A batch is `function (done)` that performs a fixed number of operations and calls
// `done(measuredMs)` -- possibly later, from a timer callback. The batch measures itself because
// some scenarios exclude part of their wall time (the idle wait before a timeout's deadline).
// Batches are separated by a native setImmediate, outside the measured window, so a batch never
// starts inside the previous one's timer callback.
//
// Why the warm-up watches the rate instead of a clock: V8 tiers a row's code up in steps, 150 to
// 800 ms into a process depending on the row and the Node, and a child that samples in the middle
// of a step reports a rate between two plateaus -- different in each process. The warm-up groups
// batches into windows and ends once the last STEADY_WINDOWS windows agree within the tolerance
// (after the minimum warm-up), or at the cap, where the run records that it never settled.
// A plateau can look steady just before the next step: a sample whose second half runs faster or
// slower than its first was taken across a step, so it counts as more warm-up and the row samples
// again (at most MAX_RESAMPLES times, recorded as `resampled`).
// docs/timerbench.md ("How far to trust a run") has the measurements. ES5 on purpose: runs on
// every Node version.
'use strict'

var clock = require('./child-clock')
var stats = require('./stats')
var nodeMajor = require('./node-version').nodeMajor

// When the running batch started (0 between batches), for the child's stall watchdog.
var batchStartedAt = 0

function stalledMs () {
  return batchStartedAt ? clock.now() - batchStartedAt : 0
}

// Runs one batch and reports (measuredMs, wallMs) on the next native loop turn. A batch that
// throws at once goes to onError: called from a promise (tinybench's loader or task), the throw
// would otherwise be an unhandled rejection, which Bun does not route to uncaughtException.
function timeBatch (batch, yieldFn, cb, onError) {
  var w0 = clock.now()
  var finished = false
  batchStartedAt = w0
  try {
    batch(function (measuredMs) {
      if (finished) return
      finished = true
      batchStartedAt = 0
      var wallMs = clock.now() - w0
      yieldFn(function () { cb(measuredMs, wallMs) })
    })
  } catch (e) {
    batchStartedAt = 0
    onError(e)
  }
}

// Windows of the steady-state check: how many must agree, and the least wall time of each.
var STEADY_WINDOWS = 3
var WINDOW_MS = 30

// Whether the last STEADY_WINDOWS window means lie within `tolerance` (a fraction) of each other.
function steady (windows, tolerance) {
  if (windows.length < STEADY_WINDOWS) return false
  var last = windows.slice(-STEADY_WINDOWS)
  var lo = Math.min.apply(null, last)
  var hi = Math.max.apply(null, last)
  return lo > 0 && hi / lo - 1 <= tolerance
}

// Whether a sample's batch times (in order) changed level within it: the medians of its halves
// differ by more than twice the tolerance. Medians, so that one slow batch (a GC) is not a step.
var MAX_RESAMPLES = 3

function stepped (times, tolerance) {
  if (times.length < 6) return false
  var half = times.length >> 1
  var a = stats.median(times.slice(0, half))
  var b = stats.median(times.slice(times.length - half))
  return a > 0 && b > 0 && Math.max(a / b, b / a) - 1 > 2 * tolerance
}

// The steady check's tolerance, a fraction: opts.steadyTolerance, 3 % by default.
function toleranceOf (opts) {
  return typeof opts.steadyTolerance === 'number' ? opts.steadyTolerance : 0.03
}

// Runs batches until the rate is steady: at least opts.warmupTime ms and opts.warmupSamples
// batches, then until steady() or opts.warmupMaxTime ms. Calls back { ms, batches, steady }.
function warmUp (batch, opts, yieldFn, cb, onError) {
  var maxTime = Math.max(opts.warmupTime, opts.warmupMaxTime || 0)
  var tolerance = toleranceOf(opts)
  var windows = []
  var spent = 0
  var batches = 0
  var win = { wall: 0, measured: 0, count: 0 }

  function next () {
    timeBatch(batch, yieldFn, function (measuredMs, wallMs) {
      spent += wallMs
      batches++
      win.wall += wallMs
      win.measured += measuredMs
      win.count++
      if (win.wall >= WINDOW_MS) {
        windows.push(win.measured / win.count)
        win = { wall: 0, measured: 0, count: 0 }
      }
      var minimumDone = spent >= opts.warmupTime && batches >= opts.warmupSamples
      var isSteady = minimumDone && (!opts.warmupMaxTime || steady(windows, tolerance))
      if (isSteady || (minimumDone && spent >= maxTime)) {
        return cb({ ms: spent, batches: batches, steady: isSteady })
      }
      next()
    }, onError)
  }
  next()
}

// Both back ends call back (err, summary, { times, ms }): the batch times in order and the wall
// time the sample took, for the step check in sample().
//
// The built-in sampler: time-budgeted like tinybench, at least minSamples samples.
function runBuiltin (batch, opts, yieldFn, cb) {
  var samples = []
  var spent = 0

  function next () {
    timeBatch(batch, yieldFn, function (measuredMs, wallMs) {
      samples.push(measuredMs)
      spent += wallMs
      if (spent < opts.sampleTime || samples.length < opts.minSamples) return next()
      cb(null, summaryOf('builtin', stats.summarize(samples)), { times: samples, ms: spent })
    }, cb)
  }
  next()
}

function summaryOf (name, latency) {
  return {
    sampler: name,
    samples: latency.samples,
    mean: latency.mean,
    p50: latency.p50,
    min: latency.min,
    max: latency.max,
    rme: latency.rme
  }
}

// tinybench 6: one async task whose iterations are our batches. overriddenDuration records the
// batch's own measurement; overriddenIterationCost charges the real wall time to the budget.
function runTinybench (tinybench, batch, opts, yieldFn, cb) {
  var times = []
  var spent = 0
  var bench = new tinybench.Bench({
    time: opts.sampleTime,
    iterations: opts.minSamples,
    warmup: false, // warmUp() has run the batches to a steady rate already
    throws: true
  })
  bench.add('batch', function () {
    return new Promise(function (resolve, reject) {
      timeBatch(batch, yieldFn, function (measuredMs, wallMs) {
        times.push(measuredMs)
        spent += wallMs
        resolve({ overriddenDuration: measuredMs, overriddenIterationCost: wallMs })
      }, reject)
    })
  }, { async: true })
  bench.run().then(function () {
    var result = bench.tasks[0].result
    if (!result || !result.latency) {
      return cb(new Error('tinybench finished in state ' + (result && result.state)))
    }
    var l = result.latency
    cb(null, summaryOf('tinybench', {
      samples: l.samplesCount,
      mean: l.mean,
      p50: l.p50,
      min: l.min,
      max: l.max,
      rme: typeof l.rme === 'number' && isFinite(l.rme) ? l.rme : null
    }), { times: times, ms: spent })
  }, function (err) { cb(err) })
}

// Loads tinybench when allowed; calls back with the module or null (then the built-in is used).
// `import()` is reached through the Function constructor so parsers older than ES2020 never see it.
function loadTinybench (where, cb) {
  if (!where || !where.url) return cb(null)
  var major = nodeMajor()
  if (major < where.minNode) return cb(null)
  var dynamicImport
  try {
    dynamicImport = new Function('s', 'return import(s)')
  } catch (e) {
    return cb(null)
  }
  var settled = false
  function settle (mod) {
    if (settled) return
    settled = true
    cb(mod && mod.Bench ? mod : null)
  }
  try {
    dynamicImport(where.url).then(settle, function () { settle(null) })
  } catch (e) {
    settle(null)
  }
}

// Why --sampler tinybench cannot be honoured: n/a below tinybench's engines, else a failure.
function tinybenchMissing (where) {
  var major = nodeMajor()
  if (where && where.url && major < where.minNode) {
    var err = new Error('tinybench needs Node >=' + where.minNode + ', this is ' + process.version + ' (--sampler auto falls back to builtin)')
    err.kind = 'n/a'
    return err
  }
  return new Error('tinybench could not be loaded on Node ' + process.version)
}

// opts: { sampler: 'auto'|'builtin'|'tinybench', tinybench: { url, minNode }, warmupTime,
// warmupMaxTime, steadyTolerance, warmupSamples, sampleTime, minSamples }. Calls back
// (err, summary), the summary carrying the warm-up as { warmupMs, warmupBatches, steady,
// resampled }: a sample taken across a tier-up step (stepped()) is repeated, its time counted
// as warm-up, while the warm-up has a cap (opts.warmupMaxTime).
function sample (batch, opts, yieldFn, done) {
  var called = false
  function cb (err, summary) {
    if (called) return
    called = true
    done(err, summary)
  }
  var tolerance = toleranceOf(opts)
  function timed (backEnd) {
    warmUp(batch, opts, yieldFn, function (warm) {
      var resampled = 0
      function once () {
        backEnd(function (err, summary, sampled) {
          if (err) return cb(err)
          var step = opts.warmupMaxTime && stepped(sampled.times, tolerance)
          if (step && resampled < MAX_RESAMPLES) {
            resampled++
            warm.ms += sampled.ms
            warm.batches += sampled.times.length
            return once()
          }
          summary.warmupMs = warm.ms
          summary.warmupBatches = warm.batches
          summary.steady = warm.steady && !step
          summary.resampled = resampled
          cb(null, summary)
        })
      }
      once()
    }, cb)
  }
  if (opts.sampler === 'builtin') return timed(function (done) { runBuiltin(batch, opts, yieldFn, done) })
  loadTinybench(opts.tinybench, function (tinybench) {
    if (tinybench) return timed(function (done) { runTinybench(tinybench, batch, opts, yieldFn, done) })
    if (opts.sampler === 'tinybench') return cb(tinybenchMissing(opts.tinybench))
    timed(function (done) { runBuiltin(batch, opts, yieldFn, done) })
  })
}

module.exports = { sample: sample, stalledMs: stalledMs }
