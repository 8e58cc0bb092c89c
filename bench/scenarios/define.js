// The shape of scenario descriptors, in one place for every group: throughput ("rate") scenarios,
// which the child's sampler times in batches, and measured scenarios, which run their own
// experiment and report one value in any unit of ../units.js (lateness in ms, fires/s, bytes...).
// ES5 on purpose: the child requires it on any Node.
'use strict'

var clock = require('../child/child-clock')
var units = require('../child/units')
var runtimeName = require('../child/node-version').runtimeName

var now = clock.now

/**
 * A rate scenario: `create(T)` returns the batch function measured; `ops` operations per batch;
 * reported in millions of operations per second. `implIndependent` rows (no timers involved)
 * are measured once per Node.
 */
function rateScenario (group, name, ops, create, summary, implIndependent) {
  return {
    name: name,
    group: group,
    kind: 'rate',
    unit: 'M/s',
    higherIsBetter: true,
    implIndependent: !!implIndependent,
    ops: ops,
    create: create,
    summary: summary
  }
}

/**
 * A batch that runs `work()` synchronously and is timed until one final immediate queued after
 * it runs, so costs an implementation defers to the loop (unlinking, draining) are counted.
 */
function untilFinalImmediate (T, work) {
  var t0 = 0
  var finish = null
  function last () { finish(now() - t0) }
  return function batch (done) {
    finish = done
    t0 = now()
    work()
    T.setImmediate(last)
  }
}

/**
 * A measured scenario: `measure(T, ctx, cb)` runs the whole experiment and calls back
 * `(err, run)` with a run record (see `record`); ctx is `{ natives, durationMs, warmupMs }`.
 * The unit decides the better direction. opts: `n` (the size a scaling row is fitted on),
 * `nodeFlags` (extra flags for the child's Node, e.g. --expose-gc), `expectedMs` (typical wall
 * time of one child's experiment, for progress estimates and hang timeouts).
 */
function measuredScenario (group, name, unit, measure, summary, opts) {
  var u = units.info(unit)
  if (!u) throw new Error('scenario ' + name + ': unknown unit ' + unit)
  opts = opts || {}
  return {
    name: name,
    group: group,
    kind: 'measured',
    unit: unit,
    higherIsBetter: u.higherIsBetter,
    implIndependent: false,
    measure: measure,
    summary: summary,
    n: opts.n || null,
    nodeFlags: opts.nodeFlags || [],
    expectedMs: opts.expectedMs || 0
  }
}

/**
 * The run record of a measured scenario: `value` in the scenario's unit, how many `samples`
 * (timers, frames, bursts) it summarises, an error bar when it has one, the `sampler` (how it was
 * measured), and `extra` figures; the clock used is added to extra, as rate rows do.
 */
function record (value, samples, sampler, extra, rme) {
  extra = extra || {}
  extra.clock = clock.wallName
  return {
    value: value,
    samples: Math.max(1, samples | 0),
    rme: typeof rme === 'number' && isFinite(rme) ? rme : null,
    sampler: sampler,
    extra: extra
  }
}

/** The error a scenario reports when it cannot run on this runtime: an `n/a` cell with the reason. */
function notAvailable (message) {
  var err = new Error(message + ' (' + runtimeName() + ')')
  err.kind = 'n/a'
  return err
}

module.exports = {
  rateScenario: rateScenario,
  untilFinalImmediate: untilFinalImmediate,
  measuredScenario: measuredScenario,
  record: record,
  notAvailable: notAvailable
}
