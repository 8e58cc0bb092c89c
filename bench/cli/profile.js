// How long each child samples, and how long it may take.
//
// Warm-up: a rate row must measure the steady state. V8 tiers a row's code up 150 to 300 ms into
// a child on Node 20 here (later on Node 22 and 24), so a child samples only after at least
// 300 ms and, beyond that, once its batches run at a steady rate (bench/child/sampler.js), up to
// 1 s. Sampling then takes 100 ms (again, up to 3 times, when the sample caught a step of V8's:
// bench/child/sampler.js): within a child, the batches of a steady row agree to 1-3 %,
// so a longer window buys less than another child does (docs/timerbench.md, "How far to trust a
// run"). An explicit --sample-time warms up for at least 40 % of it.
'use strict'

const NORMAL = { warmupTime: 300, warmupMaxTime: 1000, steadyTolerance: 0.03, warmupSamples: 2, sampleTime: 100, minSamples: 5 }
const QUICK = { warmupTime: 10, warmupMaxTime: 0, warmupSamples: 1, sampleTime: 25, minSamples: 3 }

// Child start-up, module loading and reporting, measured at about 0.1 s here.
const CHILD_OVERHEAD_MS = 120
// Slack before a child counts as hung: generous, because a loaded CI machine is slow, and a
// hang costs this once per cell (the remaining runs of a failed cell are skipped).
const TIMEOUT_SLACK_MS = 10000
// A batch takes milliseconds; one still running after this many has lost a callback.
const BATCH_TIMEOUT_MS = 3000
const CPU_DRAIN_MS = 20
// The full collection before a cpu window, and the wait after it (bench/scenarios/cpu.js).
const CPU_GC_MS = 60
// The longest a cpu row waits for its warm-up fires (bench/scenarios/cpu.js says why it stops).
const CPU_WARMUP_MAX_MS = 10000
// A 1 ms loop ticks about every 1.1 ms here (native and heaptimers alike).
const LOOP_PERIOD_MS = 1.1

// opts: normalized run options ({ quick, sampleTime, duration }).
function sampling (opts) {
  const base = opts.quick ? QUICK : NORMAL
  if (!opts.sampleTime) return { ...base }
  const warmupTime = Math.max(base.warmupTime, opts.sampleTime * 0.4)
  return { ...base, sampleTime: opts.sampleTime, warmupTime, warmupMaxTime: base.warmupMaxTime && Math.max(base.warmupMaxTime, warmupTime) }
}

// The cpu window opens after a warm-up of a tenth of the duration, within 0.1..1 s...
function cpuWarmupMs (durationS) {
  return Math.round(Math.min(1000, Math.max(100, durationS * 100)))
}

// ...and, except with --quick, once every loop has fired this many times: V8 optimizes a
// function only after it has run some thousands of times, and the code that runs once per timer
// pass (re-arming the native timer, the pass itself, Node's own listOnTimeout) runs once a
// millisecond however many loops there are, so it takes seconds to reach that. Measured here
// (Node 20, cpu-1ms-loops-1, --runs 3 --duration 3): after 0.3 s, heaptimers' JIT compiling fell
// inside the window and the row read 0.7x native; after 2,000 fires, 0.93x. Node 22 and 24 tier up
// later (Maglev first): with one loop, `--trace-opt` showed native's last TurboFan compiles at
// about 2,600 fires on Node 22 and heaptimers' at about 4,800 (3,900 on Node 24). With ten loops
// on Node 22, heaptimers' per-pass functions and Node's insert and listOnTimeout compiled 3.0-3.5 s
// in, after about 30,000 fires: a window opened after 6,000 fires in all read heaptimers at 5.4 %
// of a core against native's 3.1 %, and one opened after 60,000 at 2.2 % against 2.8 %.
// 6,000 passes clear every Node measured.
const CPU_WARMUP_PASSES = 6000

// --quick skips the wait: a quick look, read before V8 has compiled the per-pass code.
function cpuWarmupFires (scenario, opts) {
  if (opts.quick) return 0
  return CPU_WARMUP_PASSES * (scenario.loops || 1)
}

// Expected wall time of one child, for the progress ETA and the hang timeout.
function expectedMs (scenario, opts) {
  if (scenario.kind === 'cpu') {
    // Each loop fires once per period; the wait stops at the cap.
    const passes = scenario.loops ? cpuWarmupFires(scenario, opts) / scenario.loops : 0
    const firesMs = Math.min(CPU_WARMUP_MAX_MS, passes * LOOP_PERIOD_MS)
    return CHILD_OVERHEAD_MS + Math.max(cpuWarmupMs(opts.duration), firesMs) + CPU_GC_MS + opts.duration * 1000 + CPU_DRAIN_MS
  }
  const s = sampling(opts)
  // A typical warm-up ends at about 1.4 times the minimum (the steady check's extra windows).
  return CHILD_OVERHEAD_MS + Math.min(s.warmupMaxTime || s.warmupTime, s.warmupTime * 1.4) + s.sampleTime
}

function timeoutMs (scenario, opts) {
  if (opts.childTimeoutMs) return opts.childTimeoutMs
  return expectedMs(scenario, opts) * 3 + TIMEOUT_SLACK_MS
}

function batchTimeoutMs (opts) {
  return opts.batchTimeoutMs || BATCH_TIMEOUT_MS
}

module.exports = { sampling, cpuWarmupMs, cpuWarmupFires, expectedMs, timeoutMs, batchTimeoutMs, CPU_WARMUP_MAX_MS }
