// Samples a scenario's batch function: warm up, then time batches until the sampling budget is
// spent, and summarise the per-batch latencies. Two interchangeable back ends with one output
// shape: tinybench (where the child's Node meets its engines) and a built-in loop for older Nodes.
//
// A batch is `function (done)` that performs a fixed number of operations and calls
// `done(measuredMs)` -- possibly later, from a timer callback. The batch measures itself because
// some scenarios exclude part of their wall time (the idle wait before a timeout's deadline).
// Batches are separated by a native setImmediate, outside the measured window, so a batch never
// starts inside the previous one's timer callback. ES5 on purpose: runs on every Node version.
'use strict'

var clock = require('./child-clock')
var stats = require('./stats')
var nodeMajor = require('./node-version').nodeMajor

// When the running batch started (0 between batches), for the child's stall watchdog.
var batchStartedAt = 0

function stalledMs () {
  return batchStartedAt ? clock.now() - batchStartedAt : 0
}

// Runs one batch and reports (measuredMs, wallMs) on the next native loop turn.
function timeBatch (batch, yieldFn, cb) {
  var w0 = clock.now()
  var finished = false
  batchStartedAt = w0
  batch(function (measuredMs) {
    if (finished) return
    finished = true
    batchStartedAt = 0
    var wallMs = clock.now() - w0
    yieldFn(function () { cb(measuredMs, wallMs) })
  })
}

// The built-in sampler: time-budgeted like tinybench, at least minSamples samples.
function runBuiltin (batch, opts, yieldFn, cb) {
  var samples = []
  var spent = 0
  var warming = true

  function phaseDone () {
    if (warming) return spent >= opts.warmupTime && samples.length >= opts.warmupSamples
    return spent >= opts.sampleTime && samples.length >= opts.minSamples
  }

  function next () {
    timeBatch(batch, yieldFn, function (measuredMs, wallMs) {
      samples.push(measuredMs)
      spent += wallMs
      if (!phaseDone()) return next()
      if (warming) {
        warming = false
        samples = []
        spent = 0
        return next()
      }
      cb(null, summaryOf('builtin', stats.summarize(samples)))
    })
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
  var bench = new tinybench.Bench({
    time: opts.sampleTime,
    iterations: opts.minSamples,
    warmupTime: opts.warmupTime,
    warmupIterations: opts.warmupSamples,
    throws: true
  })
  bench.add('batch', function () {
    return new Promise(function (resolve) {
      timeBatch(batch, yieldFn, function (measuredMs, wallMs) {
        resolve({ overriddenDuration: measuredMs, overriddenIterationCost: wallMs })
      })
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
    }))
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
// warmupSamples, sampleTime, minSamples }. Calls back (err, summary).
function sample (batch, opts, yieldFn, cb) {
  if (opts.sampler === 'builtin') return runBuiltin(batch, opts, yieldFn, cb)
  loadTinybench(opts.tinybench, function (tinybench) {
    if (tinybench) return runTinybench(tinybench, batch, opts, yieldFn, cb)
    if (opts.sampler === 'tinybench') return cb(tinybenchMissing(opts.tinybench))
    runBuiltin(batch, opts, yieldFn, cb)
  })
}

module.exports = { sample: sample, stalledMs: stalledMs }
