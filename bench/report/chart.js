// The report as horizontal bar charts for a terminal (--format chart, and --chart under a table):
// per scenario a heading, then one bar per (Node, implementation) cell, labelled and followed by
// its value and the tables' `**`/`++` mark:
//   v20.20.2 heaptimers  ████████▍ 12.3 M/s ++
// Bars are drawn in eighths of a character (▏▎▍▌▋▊▉█) and scaled per scenario from 0 to its
// largest value, so within a scenario their lengths compare, across scenarios they do not (units
// differ). Every line fits the width given (terminal columns) unless the labels and values leave
// fewer than MIN_BAR columns for the bars; then the lines run long rather than lose the bars.
'use strict'

const chartModel = require('./chart-model')

const FULL = '█'
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']
const DEFAULT_WIDTH = 80
// Below this a bar cannot show a difference worth reading: let the line run long instead.
const MIN_BAR = 10
const GAP = '  '

/** The chart width for a stream: the COLUMNS variable if it is a positive integer (what a user
 * or a test sets on purpose), else the terminal's columns, else 80. --width wins over both. */
function terminalWidth (stream = process.stdout, env = process.env) {
  const fromEnv = Number(env.COLUMNS)
  if (Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv
  if (stream && Number.isInteger(stream.columns) && stream.columns > 0) return stream.columns
  return DEFAULT_WIDTH
}

/** A bar of `value` on a scale where `max` takes `width` characters. A value above 0 always
 * shows at least one eighth, so a tiny value is not mistaken for 0 or an error. */
function bar (value, max, width) {
  if (!(value > 0) || !(max > 0)) return ''
  const eighths = Math.max(1, Math.round((Math.min(value, max) / max) * width * 8))
  return FULL.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]
}

// One width for every scenario's labels and bars, so the whole chart lines up.
function layout (chart, width) {
  const entries = chart.scenarios.flatMap((s) => s.entries)
  const labelWidth = Math.max(0, ...entries.map((e) => e.label.length))
  const textWidth = Math.max(0, ...entries.map((e) => e.text.length))
  return { labelWidth, barWidth: Math.max(MIN_BAR, width - labelWidth - GAP.length - 1 - textWidth) }
}

function scenarioLines (scenario, { labelWidth, barWidth }) {
  const lines = [scenario.heading]
  for (const e of scenario.entries) {
    const drawn = e.value === null ? '' : bar(e.value, scenario.max, barWidth)
    lines.push(`${e.label.padEnd(labelWidth)}${GAP}${drawn ? `${drawn} ` : ''}${e.text}`)
  }
  return lines
}

/** The charts alone, one block per scenario: what --chart puts under a table. Error cells carry
 * the footnote numbers of the table drawn with options.layout, whose notes explain them.
 * options.width: columns (default 80). */
function body (report, { width = DEFAULT_WIDTH, layout: tableLayout = 'auto' } = {}) {
  const chart = chartModel.build(report, { tableLayout: tableLayout || 'auto' })
  const sizes = layout(chart, width)
  return `${chart.scenarios.map((s) => scenarioLines(s, sizes).join('\n')).join('\n\n')}\n`
}

/** --format chart: the tables' title, the charts, and the notes a reader needs without a table
 * (what the bars and marks mean, error footnotes, the tables' warnings). */
function render (report, { width = DEFAULT_WIDTH } = {}) {
  const chart = chartModel.build(report)
  const sizes = layout(chart, width)
  const blocks = chart.scenarios.map((s) => scenarioLines(s, sizes).join('\n'))
  const notes = [...chart.legend, ...chart.footnotes, ...chart.warnings].map((n) => `- ${n}`)
  return `${chart.title.join('\n')}\n\n${blocks.join('\n\n')}\n\n${notes.join('\n')}\n`
}

module.exports = { render, body, bar, terminalWidth, DEFAULT_WIDTH }
