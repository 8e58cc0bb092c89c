// Folds the runs of one cell into the result record of the timerbench/1 schema: median, min and
// max over runs, and the error bar. The error bar is the 95% margin of error of the mean of the
// runs (run-to-run spread is what makes a number trustworthy); with one run, the sampler's own
// margin within that run.
'use strict'

const stats = require('../child/stats')
const { parseLabel } = require('../runtimes/runtime')

function runsRme (runs) {
  if (runs.length >= 2) return stats.rme(runs.map((r) => r.value))
  if (runs.length === 1 && typeof runs[0].rme === 'number') return runs[0].rme
  return null
}

// cell: { node: { version (the column label), runtime, release }, impl, scenario }, runs: run
// records, error: null or { kind, message }.
function result (cell, runs, error) {
  const values = runs.map((r) => r.value)
  const ok = !error && runs.length > 0
  return {
    node: cell.node.version,
    runtime: cell.node.runtime || parseLabel(cell.node.version).runtime,
    runtimeVersion: cell.node.release || parseLabel(cell.node.version).version,
    impl: cell.impl,
    scenario: cell.scenario.name,
    unit: cell.scenario.unit,
    higherIsBetter: cell.scenario.higherIsBetter,
    median: ok ? stats.median(values) : null,
    min: ok ? stats.min(values) : null,
    max: ok ? stats.max(values) : null,
    runs,
    samples: runs.reduce((sum, r) => sum + r.samples, 0),
    rme: ok ? runsRme(runs) : null,
    error: error || (runs.length ? null : { kind: 'failed', message: 'no runs' })
  }
}

module.exports = { result }
