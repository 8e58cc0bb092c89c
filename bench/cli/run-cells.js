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

// opts (normalized, see options.js): { nodes: [{path, version, source}], impls: [id], scenarios: [scenario],
// runs, duration, quick, sampleTime, sampler, libPath, engines, childTimeoutMs }.
// onProgress({ done, total, cell, run, elapsedMs, etaMs }) is called before each child starts.
async function runBench (opts, onProgress = () => {}) {
  const started = new Date()
  const cellList = plan.cells(opts.nodes, opts.impls, opts.scenarios)
  const order = plan.schedule(cellList, opts.runs)
  const state = new Map(cellList.map((cell) => [cell, { runs: [], error: null }]))

  const expected = order.map(({ cell }) => profile.expectedMs(cell.scenario, opts))
  let expectedLeft = expected.reduce((a, b) => a + b, 0)
  let expectedDone = 0
  const t0 = Date.now()

  for (let i = 0; i < order.length; i++) {
    const { cell, run } = order[i]
    const cellState = state.get(cell)
    const elapsedMs = Date.now() - t0
    // Scale the estimate by how fast children have really been so far.
    const pace = expectedDone > 0 ? elapsedMs / expectedDone : 1
    onProgress({ done: i, total: order.length, cell, run, elapsedMs, etaMs: expectedLeft * pace })
    expectedLeft -= expected[i]
    expectedDone += expected[i]
    // A cell that failed once would fail again (or hang again): its other runs are skipped.
    if (cellState.error) continue
    const spec = childSpec(cell, opts)
    const outcome = await runChild(cell.node, spec, spec.timeoutMs + KILL_SLACK_MS, { pin: opts.pin })
    if (outcome.error) cellState.error = outcome.error
    else cellState.runs.push(outcome.run)
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
      duration: opts.duration,
      quick: Boolean(opts.quick),
      sampleTime: profile.sampling(opts).sampleTime,
      sampler: opts.sampler || 'auto',
      cpu: opts.pin && opts.pin.cpu !== undefined ? opts.pin.cpu : null,
      modules: modulesOf(opts),
      nodes: opts.nodes.map((n) => ({ runtime: n.runtime || 'node', release: n.release || n.version, version: n.version, path: n.path, source: n.source }))
    },
    results
  }
  const fits = scalingFits(results)
  if (fits.length) report.fits = fits
  return report
}

module.exports = { runBench, childSpec, KILL_SLACK_MS }
