#!/usr/bin/env node
// The Pyodide scheduler study's threshold table from a timerbench run of the accuracy rows with
// `pyodide:k=<n>` implementations: per runtime, a row per implementation (native, then each k)
// and a column per sleep (0, 1, 2, 16 ms), each cell the median time from setTimeout to the
// callback in ms (the median over the run's children of each child's median) and how many of the
// recorded timers fired before the requested delay had passed. A sleep of 0 cannot fire early.
// Implementations with no measured cell (n/a: immediate-only strategies) get no row.
//   node tools/threshold-table.js run.json
// Reads the accuracy-<d>ms-p50 cells' `extra` (latenessP50Ms, early, timers); prints Markdown.
'use strict'

const fs = require('fs')
const { median } = require('../bench/child/stats')
const { effectiveDelay } = require('../bench/scenarios/accuracy')
const { isBrowser } = require('../bench/runtimes/runtime')

const SLEEPS = [0, 1, 2, 16]

// One cell's text: "1.02 (0/300)": median ms to fire, early fires of recorded timers. browser:
// the column is a browser's, whose rows measured from a due of 0 ms for a sleep of 0.
function cellText (result, sleep, browser = false) {
  if (!result) return '-'
  if (result.error) return result.error.kind
  const runs = result.runs.filter((r) => r.extra && typeof r.extra.latenessP50Ms === 'number')
  if (!runs.length) return '-'
  const toFire = median(runs.map((r) => r.extra.latenessP50Ms + effectiveDelay(sleep, browser)))
  const timers = runs.reduce((n, r) => n + r.extra.timers, 0)
  // Early against the requested delay: for sleep 0 nothing can be (Node's rows measure from a due
  // of 1 ms, later than what was asked).
  const early = sleep === 0 ? 0 : runs.reduce((n, r) => n + r.extra.early, 0)
  return `${toFire.toFixed(2)} (${early}/${timers})`
}

function tables (report) {
  const out = []
  for (const { version: node, runtime } of report.options.nodes) {
    out.push(`${node}: median ms from setTimeout(f, sleep) to f (early fires / timers)`, '')
    out.push(`| implementation | ${SLEEPS.map((s) => `sleep(${s})`).join(' | ')} |`)
    out.push(`|:---|${SLEEPS.map(() => '---:').join('|')}|`)
    for (const impl of report.options.impls) {
      const cells = SLEEPS.map((s) => cellText(report.results.find((r) =>
        r.node === node && r.impl === impl && r.scenario === `accuracy-${s}ms-p50`), s, isBrowser(runtime)))
      if (!cells.some((c) => /^\d/.test(c))) continue // nothing measured: not a timeout strategy
      out.push(`| ${impl} | ${cells.join(' | ')} |`)
    }
    out.push('')
  }
  return out.join('\n')
}

if (require.main === module) {
  const file = process.argv[2]
  if (!file) {
    process.stderr.write('usage: node tools/threshold-table.js run.json\n')
    process.exit(2)
  }
  process.stdout.write(tables(JSON.parse(fs.readFileSync(file, 'utf8'))))
}

module.exports = { tables, cellText }
