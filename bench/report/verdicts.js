// Every comparison a table makes, judged at once: each implementation against native on the same
// runtime (the ratio columns), and each `++`/`**` mark (the marked cell against the runner-up of
// its row). Each gets a 95 % interval of its ratio from the cells' runs (confidence.js), paired
// by round: the plan interleaves the i-th run of every cell of a scenario side by side, so what
// the host did during a round touches both sides of a ratio alike. Then a verdict; the p-values
// of the whole table are corrected together (Benjamini–Hochberg), so that a table of dozens of
// rows does not flag the few that differ by chance. A mark stands only where
// its verdict is 'better': a best value that is within the spread of the next is not the best.
'use strict'

const confidence = require('./confidence')
const { allRatios, NATIVE } = require('./ratio')
const { validValue } = require('../child/units')
const { NONE } = require('../child/impl-spec')

const BEST = '++'
const BEST_NATIVE = '**'

/** How a report's comparisons are judged; recorded in the JSON so that a reader knows. */
const METHOD = {
  level: 0.95,
  interval: 'geometric mean of the per-round ratios, paired t on the logs (Welch t where the runs cannot be paired)',
  correction: 'bh',
  alpha: 0.05,
  same: 0.05
}

const valuesOf = (result) => result.runs.map((run) => run.value)
/** A cell that measured: the only kind a comparison can be made of. */
const usable = (r) => r && !r.error && validValue(r.unit, r.median) && r.runs.length > 0
/** A statistic as the JSON carries it: six significant figures, or null. */
const rounded = (x) => (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(6)) : null)

function bestOf (list) {
  const better = list[0].higherIsBetter ? (a, b) => a > b : (a, b) => a < b
  return list.reduce((best, r) => (better(r.median, best.median) ? r : best), list[0])
}

// The mark candidates of one row: the best cell overall (`++`) and, when that is not native, the
// best native cell (`**`), each with the runner-up it has to beat (null: nothing to beat).
function markCandidates (rowResults) {
  const ok = rowResults.filter(usable)
  if (!ok.length) return []
  const out = []
  const best = bestOf(ok)
  const rest = ok.filter((r) => r !== best && r.median !== best.median)
  out.push({ result: best, mark: BEST, rival: rest.length ? bestOf(rest) : null, ties: ok.filter((r) => r.median === best.median) })
  const natives = ok.filter((r) => r.impl === NATIVE || r.impl === NONE)
  if (natives.length && !natives.some((r) => r.median === best.median)) {
    const bestNative = bestOf(natives)
    const others = natives.filter((r) => r.median !== bestNative.median)
    // `**` compares native cells with one another, so a lone native cell gets none; and it says
    // native is not the best of the row, which the best cell beating it with confidence (`gate`) shows.
    if (others.length) {
      out.push({ result: bestNative, mark: BEST_NATIVE, rival: bestOf(others), ties: natives.filter((r) => r.median === bestNative.median) })
      out.push({ result: best, mark: null, gate: bestNative, rival: bestNative, ties: [] })
    }
  }
  return out
}

function compute (results) {
  const ratioRows = allRatios({ results })
    .filter(({ result, native }) => usable(result) && usable(native))
    .map(({ result, native }) => ({ kind: 'ratio', result, native, values: valuesOf(result), baseline: valuesOf(native), higherIsBetter: result.higherIsBetter, paired: true }))
  const markRows = []
  const unopposed = []
  const scenarios = [...new Set(results.map((r) => r.scenario))]
  for (const scenario of scenarios) {
    for (const c of markCandidates(results.filter((r) => r.scenario === scenario))) {
      if (!c.rival) unopposed.push(c)
      else markRows.push({ kind: 'mark', ...c, values: valuesOf(c.result), baseline: valuesOf(c.rival), higherIsBetter: c.result.higherIsBetter, paired: true })
    }
  }
  const judged = confidence.compareAll([...ratioRows, ...markRows], METHOD)
  const ratios = new Map()
  const marks = new Map()
  const beaten = new Set() // scenarios whose best native cell the best cell beat with confidence
  for (const j of judged) {
    if (j.kind === 'ratio') ratios.set(j.result, j)
    else if (j.gate) { if (j.verdict === 'better') beaten.add(j.result.scenario) } else if (j.verdict === 'better') j.ties.forEach((r) => marks.set(r, j.mark))
  }
  // A cell alone in its row keeps its `++`.
  for (const c of unopposed) c.ties.forEach((r) => marks.set(r, c.mark))
  for (const [r, mark] of marks) if (mark === BEST_NATIVE && !beaten.has(r.scenario)) marks.delete(r)
  return { ratios, marks }
}

/** A judged comparison's figures for the JSON (here and in compare.js). */
function statistics (j) {
  return { ratio: rounded(j.ratio), low: rounded(j.low), high: rounded(j.high), p: rounded(j.p), pAdjusted: rounded(j.pAdjusted) }
}

const cache = new WeakMap()

/** { ratios: Map(result -> judged comparison with native), marks: Map(result -> '++' | '**') } of
 * a report's results; computed once per results array. */
function judge (results) {
  if (!cache.has(results)) cache.set(results, compute(results))
  return cache.get(results)
}

/** The JSON form of a report's ratio comparisons: what --format json, -o and compare carry. */
function comparisonsOf (results) {
  return [...judge(results).ratios.values()].map((j) => ({
    node: j.result.node,
    impl: j.result.impl,
    scenario: j.result.scenario,
    ...statistics(j),
    verdict: j.verdict,
    runs: [j.result.runs.length, j.native.runs.length]
  }))
}

module.exports = { judge, comparisonsOf, statistics, usable, rounded, METHOD, BEST, BEST_NATIVE }
