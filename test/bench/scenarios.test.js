// Every scenario, run once in a real child with a tiny sampling budget on native timers: checks
// the shape and sanity of the numbers (positive, finite, unit), never their size, so the test
// holds on a loaded machine. heaptimers.test.js does the same against the library.
'use strict'

const t = require('tap')
const registry = require('../../bench/scenarios')
const { runCell, checkRun } = require('./fixtures/helpers')

// The classic groups; the groups beyond throughput have their own shape tests (groups.test.js,
// scaling.test.js).
const classic = registry.all.filter((s) => !registry.OPT_IN_GROUPS.includes(s.group))

t.test('the registry has the classic study\'s scenario names and groups, and the long timeouts', async (t) => {
  t.same(registry.GROUPS, ['basics', 'primitives', 'timeouts', 'queue', 'recursion', 'bulk', 'cpu',
    'accuracy', 'nested', 'gameloop', 'burst', 'responsiveness', 'threads', 'scaling', 'apps'])
  t.same(registry.OPT_IN_GROUPS, ['accuracy', 'nested', 'gameloop', 'burst', 'responsiveness', 'threads', 'scaling', 'apps'])
  t.same(registry.all.map((s) => s.name), [
    'fn-call', 'fn-call-method', 'fn-apply',
    'timeout-set-clear', 'timeout-set-clear-1arg', 'immediate-set-clear',
    'timeout-set-clear-long', 'timeout-refresh-long',
    'immediate-set', 'immediate-set-clear-40k-run-1',
    'immediate-recursion', 'immediate-recursion-1arg', 'immediate-recursion-3args',
    'timeout-run-10k', 'timeout-run-10k-1arg', 'timeout-run-10k-3args',
    'immediate-run-10k', 'immediate-run-10k-1arg', 'immediate-run-10k-3args',
    'cpu-1ms-loops-1', 'cpu-1ms-loops-10', 'cpu-1ms-loops-100', 'cpu-1ms-loops-200', 'cpu-1ms-loops-1000', 'cpu-early-1ms-loops-100',
    'accuracy-0ms-p50', 'accuracy-0ms-p99', 'accuracy-1ms-p50', 'accuracy-1ms-p99',
    'accuracy-2ms-p50', 'accuracy-2ms-p99', 'accuracy-16ms-p50', 'accuracy-16ms-p99', 'accuracy-early',
    'nested-10-timeout-0', 'nested-10-timeout-1', 'sequential-100-timeout-1',
    'gameloop-60fps',
    'burst-10k-immediate', 'burst-10k-timeout-0',
    'responsiveness-cpu-chunks', 'responsiveness-worker-pool', 'responsiveness-timeout-churn',
    'wakeup-cross-thread-p50', 'wakeup-cross-thread-p99',
    'scaling-1k', 'scaling-10k', 'scaling-100k', 'scaling-1m', 'timeout-memory', 'app-http-timeouts', 'app-ttl-cache', 'app-rate-limit'
  ])
  for (const s of registry.all) {
    t.ok(s.summary && s.summary.length > 10, `${s.name} is described`)
    t.equal(s.implIndependent, s.group === 'basics' || s.group === 'threads', `${s.name}: only basics and threads are implementation-independent`)
    t.ok(registry.GROUPS.includes(s.group), `${s.name}: group ${s.group} is listed`)
  }
  for (const g of registry.GROUPS) t.ok(registry.GROUP_TEXT[g], `group ${g} is described`)
  t.same(registry.all.filter(registry.inDefault), classic, 'a plain run leaves the new groups out')
})

t.test('every classic scenario runs on native', async (t) => {
  for (const scenario of classic) {
    await t.test(scenario.name, async (t) => {
      const outcome = await runCell(t, scenario, 'native')
      if (!outcome.error) checkRun(t, scenario, outcome)
    })
  }
})

t.test('both samplers give the same shape', async (t) => {
  const scenario = registry.get('immediate-set')
  for (const sampler of ['builtin', 'tinybench']) {
    const outcome = await runCell(t, scenario, 'native', { sampler })
    t.equal(outcome.run.sampler, sampler, `${sampler} recorded`)
    checkRun(t, scenario, outcome)
  }
})

t.test('the early cpu row: 100 loops from the child\'s start, CPU from 0.5 s to 2.4 s after the process started', async (t) => {
  const scenario = registry.get('cpu-early-1ms-loops-100')
  for (const impl of ['native', 'heaptimers']) {
    const outcome = await runCell(t, scenario, impl)
    if (outcome.error) continue
    const x = outcome.run.extra
    t.ok(x.loopsStartedMs > 0, `${impl}: loops started at ${Math.round(x.loopsStartedMs)} ms`)
    // 0.5 s to 2.4 s; a child that started late (a loaded machine) opens it at once, for 1 s at least.
    t.ok(x.windowOpenedMs >= Math.min(500, x.loopsStartedMs), `${impl}: the window opened at ${Math.round(x.windowOpenedMs)} ms`)
    t.ok(x.windowMs >= 950, `${impl}: a window of ${Math.round(x.windowMs)} ms`)
    t.ok(x.fires > 0 && x.firesPerSec > 0, `${impl}: ${x.fires} fires in the window`)
    t.ok(Math.abs(outcome.run.value - x.cpuMs / x.windowMs * 100) < 1e-9, `${impl}: the value is the window's CPU share`)
  }
})
