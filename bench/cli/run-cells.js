// Orchestrates a benchmark: plans the cells, runs every child in interleaved order, folds the runs
// into results and returns the timerbench/1 report. Knows nothing about how a scenario works or
// how results are shown.
'use strict'

const os = require('os')
const paths = require('./paths')
const plan = require('./plan')
const profile = require('./profile')
const aggregate = require('./aggregate')
const { runChild } = require('./spawn-child')
const { scalingFits } = require('../report/fit')
const confidence = require('../report/confidence')
const cpuPin = require('./cpu-pin')

const SCHEMA = 'timerbench/1'
// A child still running this long after its own timeout (spec.timeoutMs) has hung: it is killed.
const KILL_SLACK_MS = 5000

function machine () {
  const cpus = os.cpus()
  return {
    cpus: cpus.length,
    cpuModel: cpus.length ? cpus[0].model.trim() : 'unknown',
    os: `${os.platform()} ${os.release()}`,
    arch: os.arch()
  }
}

function childSpec (cell, opts) {
  return {
    scenario: cell.scenario.name,
    impl: cell.impl,
    libPath: opts.libPath || paths.libPath(),
    modulePath: opts.modules && opts.modules[cell.impl] ? opts.modules[cell.impl].path : undefined,
    engines: opts.engines || paths.engines(),
    sampler: opts.sampler || 'auto',
    tinybench: paths.tinybench(),
    ...profile.sampling(opts),
    durationMs: Math.round(opts.duration * 1000),
    cpuWarmupMs: profile.cpuWarmupMs(opts.duration),
    cpuWarmupFires: profile.cpuWarmupFires(cell.scenario, opts),
    cpuWarmupMaxMs: profile.CPU_WARMUP_MAX_MS,
    timeoutMs: profile.timeoutMs(cell.scenario, opts),
    batchTimeoutMs: profile.batchTimeoutMs(opts),
    ...(cell.scenario.app ? { loadNode: process.execPath, loadScript: paths.HTTP_LOAD, packages: opts.appPackages || {} } : {})
  }
}

// Where each module:<x> and undici implementation came from, for the report.
function modulesOf (opts) {
  const out = {}
  for (const [id, m] of Object.entries(opts.modules || {})) out[id] = { path: m.path, version: m.version || null }
  return out
}

// A browser page's report as the JSON keeps it.
function pageOf (page) {
  return { crossOriginIsolated: Boolean(page.crossOriginIsolated), timerResolutionMs: page.timerResolutionMs, userAgent: String(page.userAgent || '') }
}

// The pinned CPU's probe at the end of the run, beside the start's (cpu-pin.js).
function endProbe (pin) {
  const again = cpuPin.recheck(pin)
  return again ? { end: again.after, ...(again.warning ? { warning: again.warning } : {}) } : {}
}

// How precise each scenario's comparisons are: the widest half-width (in %) of its ratios against
// native, or, where a scenario has none (native alone, no-timer rows), of its cells' own means.
function widestHalfWidth (group, state) {
  const valuesOf = (cell) => state.get(cell).runs.map((r) => r.value)
  const live = group.filter((cell) => !state.get(cell).error)
  const natives = live.filter((c) => c.impl === 'native')
  const widths = []
  for (const cell of live) {
    const native = natives.find((n) => n.node === cell.node)
    if (cell.impl === 'native' || !native) continue
    widths.push(confidence.halfWidth(confidence.ratioInterval(valuesOf(cell), valuesOf(native), { paired: true })))
  }
  if (!widths.length) for (const cell of live) widths.push(confidence.halfWidth(confidence.meanInterval(valuesOf(cell))))
  if (widths.some((w) => w === null)) return Infinity
  return widths.length ? Math.max(...widths) : 0
}

// opts (normalized, see options.js): { nodes: [{path, version, source}], impls: [id], scenarios: [scenario],
// runs (fixed, or null: adaptive), precision ({ target, maxTimeMs, minRuns, maxRuns } when adaptive),
// duration, quick, sampleTime, sampler, libPath, engines, childTimeoutMs, pin, and killSlackMs: how long
// after its own timeout a child is killed, KILL_SLACK_MS unless given }.
// onProgress({ done, total, cell, run, elapsedMs, etaMs }) is called before each child starts.
async function runBench (opts, onProgress = () => {}) {
  const started = new Date()
  const cellList = plan.cells(opts.nodes, opts.impls, opts.scenarios)
  const adaptive = opts.precision || null
  const order = plan.schedule(cellList, adaptive ? adaptive.minRuns : opts.runs)
  const state = new Map(cellList.map((cell) => [cell, { runs: [], error: null }]))
  // What each browser's pages reported of themselves (isolation, clock resolution), by binary.
  const pages = new Map()

  const expectedOf = ({ cell }) => profile.expectedMs(cell.scenario, opts)
  let expectedLeft = order.map(expectedOf).reduce((a, b) => a + b, 0)
  let expectedDone = 0
  let done = 0
  const t0 = Date.now()

  async function runChildren (batch, total) {
    for (const item of batch) {
      const { cell, run } = item
      const cellState = state.get(cell)
      const elapsedMs = Date.now() - t0
      // Scale the estimate by how fast children have really been so far.
      const pace = expectedDone > 0 ? elapsedMs / expectedDone : 1
      onProgress({ done, total, cell, run, elapsedMs, etaMs: expectedLeft * pace })
      done++
      expectedLeft -= expectedOf(item)
      expectedDone += expectedOf(item)
      // A cell that failed once would fail again (or hang again): its other runs are skipped.
      if (cellState.error) continue
      const spec = childSpec(cell, opts)
      const outcome = await runChild(cell.node, spec, spec.timeoutMs + (opts.killSlackMs ?? KILL_SLACK_MS), { pin: opts.pin, driverDir: opts.browserDriver })
      if (outcome.page && !pages.has(cell.node.path)) pages.set(cell.node.path, outcome.page)
      if (outcome.error) cellState.error = outcome.error
      else cellState.runs.push(outcome.run)
    }
  }

  await runChildren(order, order.length)
  const precision = adaptive ? await refine() : null

  // Adaptive precision: while the budget lasts, passes over the scenarios whose comparisons are
  // not yet precise, least precise first, one more interleaved round each, until every scenario
  // is within the target or at maxRuns. A pass gives each open scenario one round, so one that
  // stays imprecise cannot take the whole budget.
  async function refine () {
    // Where a run compares implementations, its precision is its ratios'; rows without a ratio
    // (the fn-* rows, which call no timer) would only spend the budget on their own spread.
    const all = plan.byScenario(cellList)
    const compared = all.filter((g) => g.some((c) => c.impl !== 'native' && !c.scenario.implIndependent))
    const groups = compared.length ? compared : all
    const rounds = new Map(groups.map((g) => [g, adaptive.minRuns]))
    // Precise only after a round more than the minimum: after 3 rounds an interval rests on 2
    // degrees of freedom, and stopping the moment it looks narrow keeps exactly the runs whose
    // first rounds agreed by chance, whose intervals then miss the truth more often than 5 %
    // (docs/timerbench.md, "How far to trust a run").
    const precise = (g, width) => width <= adaptive.target && rounds.get(g) > adaptive.minRuns
    const cost = (g) => g.reduce((sum, cell) => sum + profile.expectedMs(cell.scenario, opts), 0)
    let added = true
    while (added) {
      added = false
      const open = groups
        .map((g) => ({ g, width: widestHalfWidth(g, state) }))
        .filter(({ g, width }) => !precise(g, width) && rounds.get(g) < adaptive.maxRuns && g.some((c) => !state.get(c).error))
        .sort((a, b) => b.width - a.width)
      for (const { g } of open) {
        const pace = expectedDone > 0 ? (Date.now() - t0) / expectedDone : 1
        if (cost(g) * pace > adaptive.maxTimeMs - (Date.now() - t0)) continue
        const next = plan.round(g, rounds.get(g))
        rounds.set(g, rounds.get(g) + 1)
        expectedLeft += next.map(expectedOf).reduce((a, b) => a + b, 0)
        await runChildren(next, done + next.length)
        added = true
      }
    }
    const widths = groups.map((g) => ({ scenario: g[0].scenario.name, halfWidth: widestHalfWidth(g, state) }))
      .filter((w) => Number.isFinite(w.halfWidth))
    return {
      target: adaptive.target,
      maxTime: adaptive.maxTimeMs / 1000,
      minRuns: adaptive.minRuns,
      maxRuns: adaptive.maxRuns,
      reached: widths.filter((w) => w.halfWidth <= adaptive.target).length,
      scenarios: widths.length,
      widest: widths.length ? widths.reduce((a, b) => (b.halfWidth > a.halfWidth ? b : a)) : null
    }
  }

  const results = cellList.map((cell) => {
    const s = state.get(cell)
    return aggregate.result(cell, s.runs, s.error)
  })
  const report = {
    schema: SCHEMA,
    tool: { name: 'timerbench', version: paths.pkg.version || '0.0.0' },
    machine: machine(),
    started: started.toISOString(),
    options: {
      scenarios: opts.scenarios.map((s) => s.name),
      impls: opts.impls.slice(),
      runs: opts.runs,
      ...(precision ? { precision: { ...precision, widest: precision.widest && { scenario: precision.widest.scenario, halfWidth: Number(precision.widest.halfWidth.toFixed(2)) } } } : {}),
      duration: opts.duration,
      quick: Boolean(opts.quick),
      sampleTime: profile.sampling(opts).sampleTime,
      sampler: opts.sampler || 'auto',
      cpu: opts.pin && typeof opts.pin.cpu === 'number' ? opts.pin.cpu : null,
      ...(opts.pin && opts.pin.probe ? { cpuProbe: { start: opts.pin.probe, ...endProbe(opts.pin) } } : {}),
      modules: modulesOf(opts),
      nodes: opts.nodes.map((n) => ({
        runtime: n.runtime || 'node',
        release: n.release || n.version,
        version: n.version,
        path: n.path,
        source: n.source,
        ...(pages.has(n.path) ? { page: pageOf(pages.get(n.path)) } : {})
      }))
    },
    results
  }
  const fits = scalingFits(results)
  if (fits.length) report.fits = fits
  return report
}

module.exports = { runBench, childSpec, KILL_SLACK_MS }
