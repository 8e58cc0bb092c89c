// Compares a run against a saved one (--baseline). What is compared is the ratio against native
// on the same Node, not the raw numbers: ratios survive a different or busier machine, raw
// M/s do not. A ratio that fell by more than --max-regression percent is a regression; so is a
// cell that measured before and fails now.
'use strict'

const { allRatios } = require('../report/ratio')
const fmt = require('../report/format')
const Table = require('cli-table3')

const major = (version) => String(version).replace(/^v/, '').split('.')[0]

// Baseline ratios by (node, impl, scenario), falling back to the same major when the exact
// version is not in the baseline (a patch upgrade should not hide every comparison).
function lookup (baseRatios) {
  const exact = new Map()
  const byMajor = new Map()
  for (const r of baseRatios) {
    exact.set(`${r.node}\0${r.impl}\0${r.scenario}`, r)
    const key = `${major(r.node)}\0${r.impl}\0${r.scenario}`
    if (!byMajor.has(key)) byMajor.set(key, r)
  }
  return (r) => exact.get(`${r.node}\0${r.impl}\0${r.scenario}`) || byMajor.get(`${major(r.node)}\0${r.impl}\0${r.scenario}`)
}

function compare (report, baseline, maxRegression) {
  const find = lookup(allRatios(baseline))
  const rows = []
  for (const now of allRatios(report)) {
    const base = find(now)
    if (!base || base.ratio === null) continue
    let change = null
    let regressed = false
    if (now.ratio === null) regressed = Boolean(now.result.error && now.result.error.kind !== 'n/a')
    else {
      change = (now.ratio / base.ratio - 1) * 100
      regressed = change < -maxRegression
    }
    rows.push({ node: now.node, impl: now.impl, scenario: now.scenario, base: base.ratio, now: now.ratio, change, regressed })
  }
  return { rows, regressions: rows.filter((r) => r.regressed), maxRegression }
}

function render (comparison, file, { color = false } = {}) {
  const table = new Table({
    head: ['scenario', 'impl', 'node', 'baseline', 'now', 'change', ''],
    colAligns: ['left', 'left', 'left', 'right', 'right', 'right', 'left'],
    style: color ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] }
  })
  for (const r of comparison.rows) {
    table.push([r.scenario, r.impl, r.node, fmt.ratio(r.base), fmt.ratio(r.now),
      r.change === null ? 'error' : fmt.percentChange(r.change), r.regressed ? 'REGRESSION' : ''])
  }
  const n = comparison.regressions.length
  const verdict = n
    ? `${n} ratio${n > 1 ? 's' : ''} regressed by more than ${comparison.maxRegression}% against ${file}`
    : `no ratio regressed by more than ${comparison.maxRegression}% against ${file}`
  const head = `ratios (vs native) compared with baseline ${file}:`
  if (!comparison.rows.length) return `${head} nothing in common to compare\n`
  return `${head}\n${table.toString()}\n${verdict}\n`
}

module.exports = { compare, render }
