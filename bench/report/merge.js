// `timerbench report`: merges the JSON reports of separate runs -- typically one per Node version,
// from a shell loop over `nvm exec` or `fnm exec` -- into one timerbench/1 report, which the
// usual reporters then draw with a column per version. A cell measured in more than one report
// gets its runs pooled (they are independent child processes either way, exactly what --runs
// gives). What the inputs disagree on (machine, run count) is kept per input under
// options.merged, so the table can say so instead of hiding it.
'use strict'

const registry = require('../scenarios')
const aggregate = require('../cli/aggregate')
const paths = require('../cli/paths')
const { compareLabels } = require('../runtimes/runtime')
const { scalingFits } = require('./fit')

function unique (list) {
  return [...new Set(list)]
}

function same (values) {
  const u = unique(values.map((v) => JSON.stringify(v === undefined ? null : v)))
  return u.length === 1 ? JSON.parse(u[0]) : null
}

function machineKey (m) {
  return `${m.cpus} x ${m.cpuModel} | ${m.os} ${m.arch}`
}

function scenarioRank (name) {
  const i = registry.all.findIndex((s) => s.name === name)
  return i < 0 ? registry.all.length : i
}

// Several results for one (node, impl, scenario): pool their runs; an error only if none ran.
function pool (results) {
  if (results.length === 1) return results[0]
  const ok = results.filter((r) => !r.error)
  if (!ok.length) return results[0]
  const first = ok[0]
  const cell = {
    node: { version: first.node },
    impl: first.impl,
    scenario: { name: first.scenario, unit: first.unit, higherIsBetter: first.higherIsBetter }
  }
  return aggregate.result(cell, ok.flatMap((r) => r.runs), null)
}

function oldestNode (report) {
  return unique(report.results.map((r) => r.node)).sort(compareLabels)[0] || 'v0.0.0'
}

// inputs: [{ file, report }], each already validated. Returns the merged timerbench/1 report,
// the same whatever order the files were given in: inputs are taken oldest Node first.
function merge (unordered) {
  const inputs = unordered.slice().sort((a, b) =>
    compareLabels(oldestNode(a.report), oldestNode(b.report)) || String(a.report.started).localeCompare(String(b.report.started)))
  const groups = new Map()
  const implOrder = []
  for (const { report } of inputs) {
    for (const r of report.results) {
      const key = `${r.node}\0${r.impl}\0${r.scenario}`
      if (!groups.has(key)) groups.set(key, [])
      groups.get(key).push(r)
      if (!implOrder.includes(r.impl)) implOrder.push(r.impl)
    }
  }
  const results = [...groups.values()].map(pool).sort((a, b) =>
    scenarioRank(a.scenario) - scenarioRank(b.scenario) || a.scenario.localeCompare(b.scenario) ||
    compareLabels(a.node, b.node) || implOrder.indexOf(a.impl) - implOrder.indexOf(b.impl))

  const reports = inputs.map((i) => i.report)
  const opts = reports.map((r) => r.options || {})
  const nodes = new Map()
  for (const o of opts) for (const n of o.nodes || []) if (!nodes.has(n.version)) nodes.set(n.version, n)
  const scenarios = unique(results.map((r) => r.scenario))
  const started = reports.map((r) => r.started).sort()[0]

  const pooled = [...groups.values()].filter((g) => g.length > 1).length
  const merged = {
    schema: reports[0].schema,
    // The tool that measured, when the inputs agree; else this one (each input's is kept below).
    tool: same(reports.map((r) => r.tool)) || { name: 'timerbench', version: paths.pkg.version || '0.0.0' },
    machine: reports[0].machine,
    started,
    options: {
      scenarios,
      impls: implOrder.filter((i) => i !== '-'),
      // Pooled cells have more runs than any input asked for: the title counts them instead.
      runs: pooled ? null : same(opts.map((o) => o.runs)),
      duration: same(opts.map((o) => o.duration)),
      quick: same(opts.map((o) => o.quick)),
      sampleTime: same(opts.map((o) => o.sampleTime)),
      sampler: same(opts.map((o) => o.sampler)),
      nodes: [...nodes.values()].sort((a, b) => compareLabels(a.version, b.version)),
      pooled,
      // How precise an adaptive run got describes that run only: kept when it is the one input.
      ...(reports.length === 1 && opts[0].precision ? { precision: opts[0].precision } : {}),
      merged: inputs.map(({ file, report }) => ({
        file,
        started: report.started,
        tool: report.tool,
        machine: report.machine,
        nodes: unique(report.results.map((r) => r.node)).sort(compareLabels),
        runs: report.options ? report.options.runs : undefined
      }))
    },
    results
  }
  // Recomputed from the pooled results: an input's own fits cover only its runs.
  const fits = scalingFits(results)
  if (fits.length) merged.fits = fits
  return merged
}

// Distinct machines of a merged report's inputs (one entry for an ordinary report).
function machinesOf (report) {
  const merged = report.options && report.options.merged
  if (!Array.isArray(merged)) return [machineKey(report.machine)]
  return unique(merged.map((m) => machineKey(m.machine)))
}

module.exports = { merge, machinesOf }
