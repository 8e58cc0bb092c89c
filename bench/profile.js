// How long each child samples, and how long it may take. One place for the time budget: the
// default `timerbench` has to finish in under 90 s on a 2-core machine. It runs 45 rate cells
// (3 fn-* + 14 timer scenarios x 3 implementations) x 5 runs = 225 children at about 0.13 s of
// start-up each plus 140 ms of warm-up and sampling (about 61 s), and cpu-1ms-loops-100 x 3 x 5
// runs at 0.13 + 0.2 warm-up + 2 s (about 35 s); measured 80 s in all.
//
// Warm-up: a rate row should measure optimized code. After 15 ms, both implementations still ran
// partly unoptimized (native immediate-set read 8-11 M/s against 15-16 M/s after 100 ms, with
// margins of 30-90 %); 100 ms is where native's rows settle on this machine.
// Not on every host of its kind, nor on every Node: where page faults and system calls cost more
// (a syscall took about 1 us on one such VM), V8 still grows its young generation, and Node 22
// and 24 still tier their code up, 300-800 ms after start (bench/floor/warmup.js shows where a
// row levels off). The plain run cannot afford that warm-up on every cell; an explicit
// --sample-time warms up for 40 % of it (600 ms for --sample-time 1500).
'use strict';

const NORMAL = { warmupTime: 100, warmupSamples: 2, sampleTime: 40, minSamples: 5 };
const QUICK = { warmupTime: 10, warmupSamples: 1, sampleTime: 25, minSamples: 3 };

// Child start-up, module loading and reporting, measured at about 0.1 s here.
const CHILD_OVERHEAD_MS = 120;
// Slack before a child counts as hung: generous, because a loaded CI machine is slow, and a
// hang costs this once per cell (the remaining runs of a failed cell are skipped).
const TIMEOUT_SLACK_MS = 10000;
// A batch takes milliseconds; one still running after this many has lost a callback.
const BATCH_TIMEOUT_MS = 3000;
const CPU_DRAIN_MS = 20;

// opts: normalized run options ({ quick, sampleTime, duration }).
function sampling(opts) {
  const base = opts.quick ? QUICK : NORMAL;
  if (!opts.sampleTime) return { ...base };
  return { ...base, sampleTime: opts.sampleTime, warmupTime: Math.max(base.warmupTime, opts.sampleTime * 0.4) };
}

// The cpu window opens after a warm-up of a tenth of the duration, within 0.1..1 s...
function cpuWarmupMs(durationS) {
  return Math.round(Math.min(1000, Math.max(100, durationS * 100)));
}

// ...and, except with --quick, once the loops have fired this many times in all: V8 optimizes a
// function only after it has run some thousands of times, which one 1 ms loop takes seconds to
// reach. Measured here (Node 20, cpu-1ms-loops-1, --runs 3 --duration 3): after 0.3 s, heaptimers'
// JIT compiling fell inside the window and the row read 0.7x native; after 2,000 fires, 0.93x.
// 2,000 was not enough on Node 22 and 24, which tier up later (Maglev first): with one loop,
// `--trace-opt` showed native's last TurboFan compiles at about 2,600 fires on Node 22, and
// heaptimers' at about 4,800 (3,900 on Node 24), so the window again held compiling, and one
// loop read heaptimers at 0.57-0.70x native on Node 22. 6,000 fires clear every Node measured.
const CPU_WARMUP_FIRES = 6000;

function cpuWarmupFires(opts) {
  return opts.quick ? 0 : CPU_WARMUP_FIRES;
}

// Expected wall time of one child, for the progress ETA and the hang timeout.
function expectedMs(scenario, opts) {
  if (scenario.kind === 'cpu') {
    // The loops fire about once per ms each: waiting for the warm-up fires takes fires / loops ms.
    const firesMs = scenario.loops ? cpuWarmupFires(opts) / scenario.loops : 0;
    return CHILD_OVERHEAD_MS + Math.max(cpuWarmupMs(opts.duration), firesMs) + opts.duration * 1000 + CPU_DRAIN_MS;
  }
  const s = sampling(opts);
  return CHILD_OVERHEAD_MS + s.warmupTime + s.sampleTime;
}

function timeoutMs(scenario, opts) {
  if (opts.childTimeoutMs) return opts.childTimeoutMs;
  return expectedMs(scenario, opts) * 3 + TIMEOUT_SLACK_MS;
}

function batchTimeoutMs(opts) {
  return opts.batchTimeoutMs || BATCH_TIMEOUT_MS;
}

module.exports = { sampling, cpuWarmupMs, cpuWarmupFires, expectedMs, timeoutMs, batchTimeoutMs };
