// The chart as data, shared by the text chart (chart.js) and the SVG (svg.js), so both draw the
// same bars: per scenario in the tables' order, one entry per (Node, implementation) cell --
// versions oldest first, native first, as in the tables -- with its median, the `**`/`++` mark the
// tables give it (cells.marksOf, not a second opinion), and the text beside the bar. Error cells
// carry the tables' `n/a [1]` / `error [2]` text and no value; their footnotes come with the model.
// Nothing here knows the units: direction comes from each result's higherIsBetter, numbers from
// format.measurement, so a new unit needs no change here.
'use strict'

const fmt = require('./format')
const cells = require('./cells')
const model = require('./model')
const { judge } = require('./verdicts')

const { NONE, BEST, BEST_NATIVE } = cells

// The full implementation id (heaptimers:maxTickDepth=10), as -i takes it, module:<x> by its
// package or file name; rows of no-timer scenarios say so instead of '-'.
function implName (impl) {
  return impl === NONE ? cells.implHeader(impl).join(' ') : cells.implLabel(impl)
}

/** The number beside a bar: format.measurement, then the unit, so a bar label reads on its own
 * ('12.3 M/s', '0 ms'). Where the formatter already wrote the start of the unit ('4.72%' for
 * '% cpu'), only the rest follows: '4.72% cpu'. */
function valueText (value, unit) {
  const text = fmt.measurement(value, unit)
  if (!unit) return text
  for (let k = Math.min(unit.length, text.length); k > 0; k--) {
    if (text.endsWith(unit.slice(0, k))) return `${text}${unit.slice(k)}`
  }
  return `${text} ${unit}`
}

// A bar's length needs a finite number; anything else is drawn like an error, without a bar.
function valueOf (result) {
  if (result.error) return null
  return typeof result.median === 'number' && Number.isFinite(result.median) ? Math.max(0, result.median) : null
}

function entryOf (result, marks, notes) {
  const value = valueOf(result)
  const mark = marks.get(result) || ''
  let text
  if (result.error) text = cells.cellText(result, marks, notes)
  else if (value === null) text = '-'
  else text = mark ? `${valueText(value, result.unit)} ${mark}` : valueText(value, result.unit)
  return {
    node: result.node,
    impl: result.impl,
    scenario: result.scenario,
    label: `${result.node} ${implName(result.impl)}`,
    value,
    text,
    mark,
    error: result.error || null,
    result
  }
}

function scenarioOf (name, results, cols, notes) {
  const rowResults = results.filter((r) => r.scenario === name)
  const marks = cells.marksOf(rowResults, judge(results))
  const first = rowResults.find((r) => !r.error) || rowResults[0]
  const entries = []
  for (const node of cols.nodes) {
    // A no-timers scenario has one cell per Node, whatever the implementations.
    const impls = rowResults.some((r) => r.node === node && r.impl === NONE) ? [NONE] : cols.impls
    for (const impl of impls) {
      const result = rowResults.find((r) => r.node === node && r.impl === impl)
      if (result) entries.push(entryOf(result, marks, notes))
    }
  }
  const values = entries.map((e) => e.value).filter((v) => v !== null)
  const higherIsBetter = first.higherIsBetter !== false
  return {
    name,
    unit: first.unit,
    higherIsBetter,
    heading: `${name} (${first.unit ? `${first.unit}, ` : ''}${higherIsBetter ? 'higher' : 'lower'} is better)`,
    // Bars run from 0 to the largest value of the scenario; 0 when there is nothing to draw.
    max: values.length ? Math.max(...values) : 0,
    entries
  }
}

// Under a table (--chart), an error cell must carry the table's footnote number, and the table
// numbers them in its own cell order. Letting the table's layout fill the footnote book first
// gives every error the table's number; the chart then only looks them up.
function numberLikeTable (layout, results, cols, notes) {
  model.layoutOf(layout, cols).grid(results, cols, cells.scenarioOrder(results), notes)
}

/** Builds { title, scenarios: [{ name, unit, higherIsBetter, heading, max, entries }], legend,
 * footnotes, warnings } from a timerbench/1 report; title and warnings are the tables' own.
 * options.tableLayout: the --layout of a table drawn above the chart, whose footnote numbers the
 * chart then uses; without it, footnotes are numbered in the chart's own order. */
function build (report, { tableLayout = null } = {}) {
  const grid = model.build(report)
  const results = report.results
  const cols = cells.columnsOf(results)
  const notes = cells.footnoteBook()
  if (tableLayout) numberLikeTable(tableLayout, results, cols, notes)
  const scenarios = cells.scenarioOrder(results).map((name) => scenarioOf(name, results, cols, notes))
  return {
    title: grid.title,
    scenarios,
    footnotes: notes.lines(),
    // A cpu row whose timers fired less often used less CPU for the wrong reason: a bar must not
    // hide what the table says about it.
    warnings: grid.notes.filter((n) => n.startsWith('warning:')),
    legend: [
      'Bars: the median of each cell, from 0 to the largest value of its scenario.',
      `${BEST} marks the best value of a scenario; ${BEST_NATIVE} the best native value when native is not also the best; each only where it beats the next value with confidence.`
    ]
  }
}

module.exports = { build, implName }
