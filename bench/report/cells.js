// What every table layout shares: which Nodes and implementations a report has (versions oldest
// first, native first), the row order, the text of one cell with its `**`/`++` mark, and the
// numbered footnotes of error and n/a cells. The layouts (wide.js, by-version.js) only arrange
// these cells.
'use strict'

const registry = require('../scenarios')
const { compareLabels } = require('../runtimes/runtime')
const fmt = require('./format')
const { ratio, NATIVE } = require('./ratio')
const implSpec = require('../child/impl-spec')
const { judge, BEST, BEST_NATIVE } = require('./verdicts')

const NONE = '-'

function unique (list) {
  return [...new Set(list)]
}

function columnsOf (results) {
  const nodes = unique(results.map((r) => r.node)).sort(compareLabels)
  let impls = unique(results.map((r) => r.impl)).filter((i) => i !== NONE)
  if (impls.includes(NATIVE)) impls = [NATIVE, ...impls.filter((i) => i !== NATIVE)]
  if (!impls.length) impls = [NONE]
  const others = impls.filter((i) => i !== NATIVE && i !== NONE)
  const hasRatio = impls.includes(NATIVE) && others.length > 0
  return { nodes, impls, others, hasRatio }
}

function scenarioOrder (results) {
  const names = unique(results.map((r) => r.scenario))
  const known = registry.all.map((s) => s.name).filter((n) => names.includes(n))
  return [...known, ...names.filter((n) => !known.includes(n))]
}

// The header of an implementation column: name and each option on its own line, to stay narrow.
function implHeader (impl) {
  if (impl === NONE) return ['no timers']
  if (impl.startsWith(`${implSpec.MODULE}:`)) return [implSpec.label(impl)]
  const colon = impl.indexOf(':')
  if (colon < 0) return [impl]
  return [impl.slice(0, colon), ...impl.slice(colon + 1).split(',')]
}

// Numbered footnotes for error and n/a cells; identical messages share a number.
function footnoteBook () {
  const entries = new Map()
  return {
    ref (result) {
      const key = `${result.error.kind}\0${result.error.message}`
      if (!entries.has(key)) entries.set(key, { n: entries.size + 1, error: result.error, where: new Set(), cells: 0 })
      const entry = entries.get(key)
      entry.where.add(result.impl === NONE ? result.node : `${result.impl} on ${result.node}`)
      entry.cells++
      return entry.n
    },
    lines () {
      return [...entries.values()].map((e) =>
        `[${e.n}] ${e.error.kind}: ${e.error.message} (${[...e.where].join('; ')}; ${e.cells} cell${e.cells > 1 ? 's' : ''})`)
    }
  }
}

// The `++` (best value of the row) and `**` (best native value, when native is not also the best)
// marks of a row's results, where the row's verdicts support them (verdicts.js). `judged`: the
// whole table's judge(), so that the row is corrected with the table; alone, the row is its family.
function marksOf (rowResults, judged = judge(rowResults)) {
  const marks = new Map()
  for (const r of rowResults) if (judged.marks.has(r)) marks.set(r, judged.marks.get(r))
  return marks
}

function cellText (result, marks, notes) {
  if (!result) return ''
  if (result.error) return `${result.error.kind === 'n/a' ? 'n/a' : 'error'} [${notes.ref(result)}]`
  const parts = [fmt.measurement(result.median, result.unit)]
  const margin = fmt.margin(result.rme)
  if (margin) parts.push(margin)
  if (marks.has(result)) parts.push(marks.get(result))
  return parts.join(' ')
}

// One scenario's results, with lookups the layouts need.
function rowContext (scenario, results) {
  const rowResults = results.filter((r) => r.scenario === scenario)
  const judged = judge(results)
  return {
    unit: rowResults[0].unit,
    marks: marksOf(rowResults, judged),
    find: (node, impl) => rowResults.find((r) => r.node === node && r.impl === impl),
    judged
  }
}

// The name of an implementation's ratio to native, short enough for a column: `ht/native` for
// heaptimers, `ht:maxTickDepth=10/native` for one with options, `floor/native`.
function ratioName (impl) {
  return `${implSpec.label(impl).replace(/^heaptimers(?=:|$)/, 'ht')}/native`
}

// The same split over lines, as implHeader(): `ht/native` then each option.
function ratioHeader (impl) {
  const [name, ...options] = implHeader(impl)
  return [ratioName(name), ...options]
}

// The verdict of a ratio, as a mark after its interval.
const VERDICT_MARKS = { better: '▲', worse: '▼', same: '=', inconclusive: '?' }

/** The ratio cell of `impl` on `node`: the implementation over native on the same runtime, with
 * its 95 % interval and verdict where the runs allow one (judged: the table's judge()). */
function ratioText (find, node, impl, judged) {
  const result = find(node, impl)
  const j = judged && result ? judged.ratios.get(result) : null
  if (!j || j.low === null) return fmt.ratio(ratio(result, find(node, NATIVE)))
  return `${fmt.ratio(j.ratio)} ${fmt.interval(j.low, j.high)} ${VERDICT_MARKS[j.verdict]}`
}

module.exports = {
  implLabel: implSpec.label,
  NONE,
  BEST,
  BEST_NATIVE,
  unique,
  columnsOf,
  scenarioOrder,
  implHeader,
  footnoteBook,
  marksOf,
  cellText,
  rowContext,
  ratioName,
  ratioHeader,
  ratioText,
  VERDICT_MARKS
}
