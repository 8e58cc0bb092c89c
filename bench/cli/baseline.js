// Compares a run against a saved one (--baseline). What is compared is the ratio against native
// on the same Node, not the raw numbers: ratios survive a different or busier machine, raw
// M/s do not. The change of a ratio gets a 95 % interval from the four cells' runs (now and then,
// the implementation and native) and a verdict, corrected across the rows as a table's are
// (report/verdicts.js). A regression is a change that is significantly worse and whose estimate
// fell by more than --max-regression percent; where either run has one run a cell, no interval
// can be had, and the estimate alone decides. A cell that measured before and fails now is one too.
'use strict'

const { allRatios } = require('../report/ratio')
const confidence = require('../report/confidence')
const { METHOD } = require('../report/verdicts')
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

// The four terms of a ratio's change: (now impl / now native) / (base impl / base native),
// oriented so that above 1 is better.
function changeTerms (now, base) {
  const sign = now.result.higherIsBetter === false ? -1 : 1
  const values = (r) => r.runs.map((run) => run.value)
  return [
    { values: values(now.result), sign },
    { values: values(now.native), sign: -sign },
    { values: values(base.result), sign: -sign },
    { values: values(base.native), sign }
  ]
}

function compare (report, baseline, maxRegression) {
  const find = lookup(allRatios(baseline))
  const rows = []
  const judged = []
  for (const now of allRatios(report)) {
    const base = find(now)
    if (!base || base.ratio === null) continue
    const row = { node: now.node, impl: now.impl, scenario: now.scenario, base: base.ratio, now: now.ratio, change: null, low: null, high: null, verdict: null, regressed: false }
    if (now.ratio === null) row.regressed = Boolean(now.result.error && now.result.error.kind !== 'n/a')
    else judged.push({ row, terms: changeTerms(now, base) })
    rows.push(row)
  }
  const verdicts = confidence.compareAll(judged.map((j) => ({ terms: j.terms })), METHOD)
  judged.forEach(({ row }, i) => {
    const v = verdicts[i]
    row.change = (row.now / row.base - 1) * 100
    row.low = v.low
    row.high = v.high
    row.verdict = v.verdict
    const beyond = row.change < -maxRegression
    // Without an interval (a single run a cell), the estimate alone decides, as it must.
    row.regressed = beyond && (v.low === null ? true : v.verdict === 'worse')
  })
  return { rows, regressions: rows.filter((r) => r.regressed), maxRegression }
}

function render (comparison, file, { color = false } = {}) {
  const table = new Table({
    head: ['scenario', 'impl', 'node', 'baseline', 'now', 'change', 'verdict', ''],
    colAligns: ['left', 'left', 'left', 'right', 'right', 'right', 'left', 'left'],
    style: color ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] }
  })
  for (const r of comparison.rows) {
    const interval = r.low === null ? '' : ` [${fmt.percentChange((r.low - 1) * 100)} ${fmt.percentChange((r.high - 1) * 100)}]`
    table.push([r.scenario, r.impl, r.node, fmt.ratio(r.base), fmt.ratio(r.now),
      r.change === null ? 'error' : `${fmt.percentChange(r.change)}${interval}`, r.change === null ? '' : r.low === null ? 'no interval' : r.verdict,
      r.regressed ? 'REGRESSION' : ''])
  }
  const n = comparison.regressions.length
  const verdict = n
    ? `${n} ratio${n > 1 ? 's' : ''} regressed significantly, by more than ${comparison.maxRegression}%, against ${file}`
    : `no ratio regressed significantly by more than ${comparison.maxRegression}% against ${file}`
  const head = `ratios (vs native) compared with baseline ${file}:`
  if (!comparison.rows.length) return `${head} nothing in common to compare\n`
  return `${head}\n${table.toString()}\n${verdict}\n`
}

module.exports = { compare, render }
