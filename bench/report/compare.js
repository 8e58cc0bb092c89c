// Two saved runs side by side (`timerbench compare a.json b.json`): every cell measured in both,
// the second run over the first as a ratio oriented so that above 1 means the second is better,
// with its 95 % interval and verdict, corrected across the rows like a table's ratios
// (verdicts.js). Cells are matched by implementation, scenario and runtime column; when each run
// has one runtime column and they differ (two Node builds, two machines), by implementation and
// scenario alone.
'use strict'

const confidence = require('./confidence')
const fmt = require('./format')
const { METHOD, usable, rounded, statistics } = require('./verdicts')

const nodesOf = (report) => [...new Set(report.results.map((r) => r.node))]

/** The rows of `b` over `a`: [{ scenario, impl, node (a's label, and b's when it differs), a, b
 * (the results), ratio, low, high, p, pAdjusted, verdict }]. */
function compareRuns (a, b) {
  const [aNodes, bNodes] = [nodesOf(a), nodesOf(b)]
  const byColumn = !(aNodes.length === 1 && bNodes.length === 1 && aNodes[0] !== bNodes[0])
  const key = (r) => (byColumn ? `${r.node}\0${r.impl}\0${r.scenario}` : `${r.impl}\0${r.scenario}`)
  const before = new Map(a.results.map((r) => [key(r), r]))
  const pairs = []
  for (const now of b.results) {
    const was = before.get(key(now))
    if (!was || !usable(was) || !usable(now)) continue
    pairs.push({
      scenario: now.scenario,
      impl: now.impl,
      node: was.node === now.node ? now.node : `${was.node} -> ${now.node}`,
      unit: now.unit,
      a: was,
      b: now,
      values: now.runs.map((r) => r.value),
      baseline: was.runs.map((r) => r.value),
      higherIsBetter: now.higherIsBetter
    })
  }
  return confidence.compareAll(pairs, METHOD)
}

function verdictWord (row) {
  return row.low === null && row.verdict === 'inconclusive' ? 'no interval (fewer than 2 runs)' : row.verdict
}

/** The comparison as rows of text cells, for the table and Markdown. */
function textRows (rows) {
  return rows.map((r) => [
    `${r.scenario} (${r.unit})`, r.impl, r.node,
    fmt.measurement(r.a.median, r.unit), fmt.measurement(r.b.median, r.unit),
    r.low === null ? fmt.ratio(r.ratio) : `${fmt.ratio(r.ratio)} ${fmt.interval(r.low, r.high)}`,
    verdictWord(r)
  ])
}

const HEAD = ['scenario (unit)', 'impl', 'runtime', 'first', 'second', 'second/first', 'verdict']

function summary (rows, aFile, bFile) {
  const count = (v) => rows.filter((r) => r.verdict === v).length
  return `${bFile} against ${aFile}: ${rows.length} cells, ${count('better')} better, ${count('worse')} worse, ` +
    `${count('same')} the same, ${count('inconclusive')} inconclusive. second/first: above 1 means the second run is better ` +
    '(for lower-is-better units, first over second); [low-high] its 95% interval over the runs; verdicts corrected ' +
    'across the rows (Benjamini-Hochberg, 5%), the same when the interval is within ±5%.'
}

/** JSON: the method and one record per cell. */
function toJson (rows, aFile, bFile) {
  return {
    schema: 'timerbench-compare/1',
    first: aFile,
    second: bFile,
    confidence: METHOD,
    rows: rows.map((r) => ({
      scenario: r.scenario,
      impl: r.impl,
      node: r.node,
      unit: r.unit,
      first: rounded(r.a.median),
      second: rounded(r.b.median),
      ...statistics(r),
      verdict: r.verdict,
      runs: [r.a.runs.length, r.b.runs.length]
    }))
  }
}

module.exports = { compareRuns, textRows, HEAD, summary, toJson }
