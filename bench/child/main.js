#!/usr/bin/env node
// The benchmark child: runs ONE scenario with ONE implementation and prints one result line.
// The parent spawns a fresh child per (node, implementation, scenario, run), so no scenario can
// warm up, pollute or crash another. Invoked as `node child.js '<json spec>'`; the spec fields are
// documented at `run` below. Output: protocol lines (see protocol.js), everything else is ignored.
//
// Dependency-free apart from optional tinybench, and ES5 syntax throughout: this file and what
// it requires must at least parse and run on every Node from 0.8 to the newest.
'use strict'

// Captured before any module can replace them; the native implementation and the harness's own
// scheduling (yielding between batches, cpu windows, the watchdog) use these. Node 0.8 has no
// setImmediate, nor has a browser: their native rows that need one read n/a (impl-load.js).
var natives = {
  setTimeout: own(setTimeout),
  clearTimeout: own(clearTimeout),
  setInterval: own(setInterval),
  clearInterval: own(clearInterval),
  setImmediate: typeof setImmediate === 'function' ? setImmediate : undefined,
  clearImmediate: typeof clearImmediate === 'function' ? clearImmediate : undefined
}

// A browser's timer functions throw when called on anything but the window, and scenarios call
// them as T.setTimeout(...): there they are bound to it (bench/browser/shim.js sets process.browser).
function own (fn) {
  return process.browser ? fn.bind(globalThis) : fn
}

var protocol = require('./protocol')
var clock = require('./child-clock')
var implLoad = require('./impl-load')
var scenarios = require('../scenarios')
var sampler = require('./sampler')
var units = require('./units')

var finished = false

function finish (message, code) {
  if (finished) return
  finished = true
  process.stdout.write(protocol.encode(message), function () {
    process.exit(code)
  })
  // If the write never completes (the parent is gone: EPIPE), still exit rather than linger
  // with the watchdogs' timers keeping an orphan alive.
  natives.setTimeout(function () { process.exit(code) }, 2000)
}

// Unexpected exceptions keep the top of their stack (where did it throw?); the harness's own
// verdicts are plain messages.
function fail (kind, err) {
  var message = err && err.stack ? String(err.stack).split('\n').slice(0, 3).join(' | ') : String((err && err.message) || err)
  finish({ type: 'error', kind: kind, message: message, node: process.version }, 1)
}

function verdict (kind, message) {
  finish({ type: 'error', kind: kind, message: message, node: process.version }, 1)
}

// Two watchdogs on native timers, so a library whose callbacks never run gives a clear error
// instead of a silent exit or a long hang: a batch (normally milliseconds) that has not finished
// after batchTimeoutMs, and the whole child after timeoutMs. Both are ref'd native timers,
// present alike for every implementation.
function watch (spec) {
  natives.setTimeout(function () {
    verdict('timeout', 'no result after ' + spec.timeoutMs + ' ms (a timer callback never ran?)')
  }, spec.timeoutMs)
  natives.setInterval(function () {
    var stalled = sampler.stalledMs()
    if (stalled > spec.batchTimeoutMs) {
      verdict('timeout', 'a batch did not finish within ' + spec.batchTimeoutMs + ' ms (a timer callback never ran, or one batch takes that long here)')
    }
  }, Math.max(50, Math.round(spec.batchTimeoutMs / 4)))
}

function resultMessage (spec, scenario, run) {
  return {
    type: 'result',
    node: process.version,
    impl: spec.impl,
    scenario: scenario.name,
    unit: scenario.unit,
    higherIsBetter: scenario.higherIsBetter,
    run: run
  }
}

// Latency summary (ms per batch of `ops`) -> one run record in millions of operations per second.
// The sampler and the clock are recorded because old Nodes fall back to other ones (builtin for
// tinybench, process.hrtime for performance.now); the warm-up, because a run that never reached a
// steady rate is worth less than one that did.
function rateRun (scenario, summary) {
  return {
    value: scenario.ops / summary.mean / 1000,
    samples: summary.samples,
    rme: summary.rme,
    sampler: summary.sampler,
    extra: {
      ops: scenario.ops,
      batchMs: summary.mean,
      batchP50Ms: summary.p50,
      clock: clock.wallName,
      warmupMs: Math.round(summary.warmupMs),
      steady: summary.steady,
      resampled: summary.resampled
    }
  }
}

// A scenario or sampler that cannot run on this Node says so with kind 'n/a' (a reasoned empty
// cell, like heaptimers below its engines); anything else is a failure.
function refuse (err) {
  if (err && err.kind === 'n/a') return finish({ type: 'error', kind: 'n/a', message: err.message, node: process.version }, 0)
  if (err && err.kind === 'load') return finish({ type: 'error', kind: 'load', message: err.message, node: process.version }, 0)
  fail('failed', err)
}

// spec: { scenario, impl, libPath, engines, modulePath (module:<x> and undici), sampler, tinybench: {url, minNode}, warmupTime,
// warmupMaxTime, steadyTolerance, warmupSamples, sampleTime, minSamples, durationMs, cpuWarmupMs, cpuWarmupFires, cpuWarmupMaxMs,
// timeoutMs, batchTimeoutMs }
function run (spec) {
  var scenario = scenarios.get(spec.scenario)
  if (!scenario) return verdict('failed', 'unknown scenario ' + spec.scenario)
  watch(spec)
  implLoad.loadAsync(spec.impl, natives, spec.libPath, spec.engines, spec.modulePath, function (loaded) {
    if (loaded.error) {
      return finish({ type: 'error', kind: loaded.error.kind, message: loaded.error.message, node: process.version }, 0)
    }
    measure(spec, scenario, loaded)
  })
}

function measure (spec, scenario, loaded) {
  var harness = implLoad.harnessTimers(natives, loaded.T)
  // cpu and measured scenarios run their own experiment instead of the batch sampler.
  if (typeof scenario.measure === 'function') {
    var ctx = {
      natives: harness,
      durationMs: spec.durationMs,
      warmupMs: spec.cpuWarmupMs,
      warmupFires: spec.cpuWarmupFires,
      warmupMaxMs: spec.cpuWarmupMaxMs,
      loadNode: spec.loadNode,
      loadScript: spec.loadScript,
      packages: spec.packages || {}
    }
    try {
      return scenario.measure(loaded.T, ctx, function (err, runRecord) {
        if (err) return err.kind ? refuse(err) : verdict('failed', err.message)
        // A NaN or a negative figure is a broken measurement, not a result to rank.
        if (!units.validValue(scenario.unit, runRecord.value)) {
          return verdict('failed', scenario.name + ' measured ' + runRecord.value + ', not a valid value in ' + scenario.unit)
        }
        finish(resultMessage(spec, scenario, runRecord), 0)
      })
    } catch (e) {
      // A row that calls a function the implementation (or this Node) lacks, before any timer ran.
      return e && e.kind ? refuse(e) : fail('failed', e)
    }
  }

  var batch
  try {
    batch = scenario.create(loaded.T)
  } catch (e) {
    return e && e.kind ? refuse(e) : fail('failed', e)
  }
  sampler.sample(batch, spec, harness.setImmediate, function (err, summary) {
    if (err) return refuse(err)
    finish(resultMessage(spec, scenario, rateRun(scenario, summary)), 0)
  })
}

// A function the implementation lacks, called from a timer callback, still makes the row n/a.
// Rejections too: Bun does not turn an unhandled one into an uncaught exception as Node does.
function uncaught (err) { return err && err.kind === 'n/a' ? refuse(err) : fail('failed', err) }
process.on('uncaughtException', uncaught)
process.on('unhandledRejection', uncaught)

try {
  run(JSON.parse(process.argv[2]))
} catch (e) {
  fail('failed', e)
}
