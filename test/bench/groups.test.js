// The groups beyond throughput (accuracy, nested, gameloop, burst, responsiveness, threads), each
// row run once in a real child on this Node against native timers and heaptimers (threads, which
// calls no timer function, once): the unit and its
// direction, a finite value, the extra figures each row promises, and the promises that hold
// whatever the load: heaptimers never fires early (no early fires, no negative lateness, a chain
// or frame never shorter than its delays), and every summary agrees with the figures it is made
// of. Never how fast anything is. scaling.test.js covers the scaling group.
'use strict'

const t = require('tap')
const registry = require('../../bench/scenarios')
const { runCell, checkRun } = require('./fixtures/helpers')

const IMPLS = ['native', 'heaptimers']
const GROUPS = ['accuracy', 'nested', 'gameloop', 'burst', 'responsiveness', 'threads']

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
const finite = (v) => typeof v === 'number' && Number.isFinite(v)

// What each group's run must carry; `ht` is true for heaptimers.
const checks = {
  accuracy (t, scenario, run, ht) {
    const x = run.extra
    t.ok(Number.isInteger(x.timers) && x.timers > 0 && x.timers === run.samples, `${x.timers} timers recorded`)
    t.ok(Number.isInteger(x.early) && x.early >= 0 && x.early <= x.timers, `early count ${x.early}`)
    for (const key of ['latenessP50Ms', 'latenessP99Ms', 'latenessMaxMs', 'errorP50Ms', 'errorP99Ms', 'errorMaxMs', 'earliestMs']) {
      t.ok(finite(x[key]), `${key} = ${x[key]}`)
    }
    t.ok(x.errorP50Ms <= x.errorP99Ms && x.errorP99Ms <= x.errorMaxMs, 'error p50 <= p99 <= max')
    t.ok(x.latenessP50Ms <= x.latenessP99Ms && x.latenessP99Ms <= x.latenessMaxMs, 'lateness p50 <= p99 <= max')
    t.equal(x.earliestMs < 0, x.early > 0, 'an earliest fire before the due time exactly when some fired early')
    const m = /-p(50|99)$/.exec(scenario.name)
    if (m) t.equal(run.value, x[`errorP${m[1]}Ms`], `the value is the p${m[1]} timing error`)
    else t.equal(run.value, x.early, 'accuracy-early: the value is the early count')
    if (ht) {
      t.equal(x.early, 0, 'heaptimers: no timer fired early')
      t.ok(x.earliestMs === 0 && x.latenessP50Ms >= 0, 'heaptimers: no negative lateness')
    }
  },
  nested (t, scenario, run, ht) {
    const x = run.extra
    t.equal(x.idealMs, x.depth * Math.max(1, x.delayMs), `ideal ${x.idealMs} ms = depth x delay`)
    t.equal(x.totalsMs.length, run.samples, 'one total per chain')
    t.ok(x.totalsMs.every((v) => finite(v) && v > 0), 'every chain took some time')
    t.ok(close(x.overIdealMs, run.value - x.idealMs), 'overIdealMs = value - ideal')
    // Each timeout waits at least its delay after it was set: the chain at least the sum.
    if (ht) t.ok(run.value >= x.idealMs, `heaptimers: ${run.value} ms is not shorter than the ideal ${x.idealMs} ms`)
  },
  gameloop (t, scenario, run, ht) {
    const x = run.extra
    t.equal(x.frames, 100, '100 frames')
    t.ok(finite(x.fps) && x.fps > 0, `fps ${x.fps}`)
    t.ok(close(x.targetFrameMs, 1000 / 60), 'target 16.67 ms')
    t.ok(x.jitterP50Ms <= x.jitterP99Ms && x.jitterP99Ms <= x.jitterMaxMs, 'jitter p50 <= p99 <= max')
    t.ok(x.frameP50Ms <= x.frameP99Ms && x.frameP99Ms <= x.frameMaxMs, 'frame p50 <= p99 <= max')
    t.equal(run.value, x.jitterP99Ms, 'the value is the p99 jitter')
    t.ok(finite(x.workMs) && x.workMs > 0, 'work() time recorded')
    // sleep(1000 / 60) is a 16 ms timeout: a frame is never shorter when timers are never early.
    if (ht) t.ok(x.frameP50Ms >= 16, `heaptimers: median frame ${x.frameP50Ms} ms >= 16 ms`)
  },
  burst (t, scenario, run, ht) {
    const x = run.extra
    t.equal(x.ops, 10000, '10,000 callbacks per burst')
    t.equal(x.bursts, run.samples, 'one sample per burst')
    t.ok(x.firstMs > 0 && x.firstMs <= x.lastMs, `first ${x.firstMs} ms <= last ${x.lastMs} ms`)
    t.ok(x.scheduleMs > 0 && x.scheduleMs <= x.lastMs, 'scheduling took part of the burst')
    // An odd number of bursts: the median rate is the rate of the median burst.
    t.ok(close(run.value, x.ops / x.lastMs / 1000), 'value = ops / last-callback latency')
    if (ht && scenario.name.includes('timeout')) t.ok(x.firstMs >= 1, `heaptimers: setTimeout(f, 0) waits 1 ms (${x.firstMs})`)
  },
  responsiveness (t, scenario, run) {
    const x = run.extra
    t.ok(Number.isInteger(x.fires) && x.fires >= 0, `${x.fires} fires`)
    t.ok(x.windowMs > 0, 'window length')
    t.ok(close(run.value, x.fires / (x.windowMs / 1000)), 'value = fires per second of the window')
    const work = scenario.name.endsWith('timeout-churn') ? 'churned' : 'chunks'
    t.ok(x[work] > 0 && finite(x[`${work}PerSec`]), `the busy work ran (${x[work]} ${work})`)
    // One timer phase per loop turn, and each chunk on the main thread is one turn: a 1 ms ticker
    // cannot fire more often than the chunks yield (one more at each end of the window).
    if (scenario.name.endsWith('cpu-chunks')) t.ok(x.fires <= x.chunks + 2, `${x.fires} fires for ${x.chunks} chunks`)
  },
  threads (t, scenario, run) {
    const x = run.extra
    t.equal(x.messages, 200, '200 messages recorded')
    t.equal(run.samples, x.messages, 'one sample per message')
    t.ok(x.minUs > 0 && x.minUs <= x.p50Us && x.p50Us <= x.p99Us && x.p99Us <= x.maxUs, 'latency min <= p50 <= p99 <= max, all after the post')
    t.equal(run.value, scenario.name.endsWith('p50') ? x.p50Us : x.p99Us, 'the value is the row\'s percentile')
  }
}

for (const group of GROUPS) {
  // Two cells at a time: the rows mostly wait on timers, and every check holds under load.
  t.test(group, { jobs: 2 }, async (t) => {
    const scenarios = registry.inGroup(group)
    t.ok(scenarios.length > 0, 'has rows')
    for (const scenario of scenarios) {
      for (const impl of scenario.implIndependent ? IMPLS.slice(0, 1) : IMPLS) {
        t.test(`${scenario.name} on ${impl}`, async (t) => {
          const outcome = await runCell(t, scenario, impl)
          if (outcome.error) return
          checkRun(t, scenario, outcome)
          checks[group](t, scenario, outcome.run, impl === 'heaptimers')
        })
      }
    }
  })
}
