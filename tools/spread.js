'use strict'

// How far timerbench's answers reproduce: reads saved JSON runs of the same command and prints,
// per row, the coefficient of variation of each cell's child processes (the per-process CV) and,
// across the runs, the max/min of each implementation's ratio against native.
//
//   node tools/spread.js run-1.json run-2.json run-3.json
//
// The closing figures are the two the method is judged on: the median per-process CV over every
// cell, and the share of rows whose ratio stays within 1.2x (max/min) across the runs.

const fs = require('fs')
const stats = require('../bench/child/stats')
const { allRatios } = require('../bench/report/ratio')
const { comparisonsOf } = require('../bench/report/verdicts')

function cv (values) {
  const m = stats.mean(values)
  if (values.length < 2 || !(m > 0)) return null
  let acc = 0
  for (const v of values) acc += (v - m) ** 2
  return Math.sqrt(acc / (values.length - 1)) / m
}

function main (files) {
  if (!files.length) {
    console.error('spread.js: name one or more timerbench JSON reports')
    process.exit(2)
  }
  const reports = files.map((f) => JSON.parse(fs.readFileSync(f, 'utf8')))
  const cvs = new Map() // scenario -> impl -> [cv per report]
  for (const report of reports) {
    for (const r of report.results) {
      if (r.error || r.runs.length < 2) continue
      const c = cv(r.runs.map((run) => run.value))
      if (c === null) continue
      const key = `${r.scenario}\0${r.impl}\0${r.node}`
      if (!cvs.has(key)) cvs.set(key, [])
      cvs.get(key).push(c)
    }
  }
  const ratios = new Map()
  for (const report of reports) {
    for (const r of allRatios(report)) {
      if (r.ratio === null) continue
      const key = `${r.scenario}\0${r.impl}\0${r.node}`
      if (!ratios.has(key)) ratios.set(key, [])
      ratios.get(key).push(r.ratio)
    }
  }
  const allCv = []
  console.log('scenario | impl | node | per-process CV in each run | ratios | max/min')
  const keys = [...new Set([...cvs.keys(), ...ratios.keys()])]
  let within = 0
  let counted = 0
  for (const key of keys) {
    const [scenario, impl, node] = key.split('\0')
    const c = cvs.get(key) || []
    allCv.push(...c)
    const rs = ratios.get(key) || []
    let spread = ''
    if (rs.length >= 2) {
      const s = Math.max(...rs) / Math.min(...rs)
      counted++
      if (s <= 1.2) within++
      spread = s.toFixed(2)
    }
    console.log(`${scenario} | ${impl} | ${node} | ${c.map((x) => x.toFixed(3)).join(' ')} | ${rs.map((x) => x.toFixed(2)).join(' ')} | ${spread}`)
  }
  console.log(`median per-process CV over ${allCv.length} cells: ${stats.median(allCv).toFixed(3)}`)
  if (counted) console.log(`ratios within 1.2x (max/min) across ${reports.length} runs: ${within} of ${counted} rows`)
  verdicts(reports)
}

// From each report's verdicts: how many runs flagged any row better or worse, and per row how
// often its interval held 1. For an A/A run (-i native,module:tools/impls/native-aa.js) every
// flag is a false positive and the share of intervals holding 1 their real coverage; for
// tools/impls/native-slowed.js, how often each row is found slower (the power).
function verdicts (reports) {
  let flagged = 0
  const rows = new Map()
  for (const report of reports) {
    const comparisons = comparisonsOf(report.results)
    if (comparisons.some((c) => c.verdict === 'better' || c.verdict === 'worse')) flagged++
    for (const c of comparisons) {
      const key = c.scenario
      if (!rows.has(key)) rows.set(key, { holds: 0, intervals: 0, verdicts: {} })
      const row = rows.get(key)
      if (c.low !== null) {
        row.intervals++
        if (c.low <= 1 && c.high >= 1) row.holds++
      }
      row.verdicts[c.verdict] = (row.verdicts[c.verdict] || 0) + 1
    }
  }
  console.log(`runs that flagged any row better or worse: ${flagged} of ${reports.length}`)
  let holds = 0
  let intervals = 0
  for (const [key, row] of rows) {
    holds += row.holds
    intervals += row.intervals
    console.log(`  ${key}: interval held 1 in ${row.holds} of ${row.intervals}; ${Object.entries(row.verdicts).map(([k, n]) => `${k} ${n}`).join(', ')}`)
  }
  console.log(`intervals that held 1: ${holds} of ${intervals}`)
}

if (require.main === module) main(process.argv.slice(2))
