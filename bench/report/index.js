// Picks the reporter for a --format, puts a chart under a table or Markdown table for --chart,
// and draws the SVG chart for --svg.
'use strict'

const chart = require('./chart')
const svg = require('./svg')

const reporters = {
  table: require('./table'),
  md: require('./md'),
  json: require('./json'),
  chart
}

// The formats --chart can add a chart to; json must stay JSON, and chart is one already.
const CHART_UNDER = ['table', 'md']

// A fence longer than any run of backticks in the chart, so nothing in it can close the block.
function fenced (text) {
  const longest = Math.max(2, ...(text.match(/`+/g) || []).map((run) => run.length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}text\n${text}${fence}\n`
}

/** The report in a --format; options: color, layout (tables), width (chart columns), chart
 * (true: a chart under a table or md table, fenced in md). */
function render (report, format, options = {}) {
  const text = reporters[format].render(report, options)
  if (!options.chart || !CHART_UNDER.includes(format)) return text
  const drawn = chart.body(report, options)
  return `${text}\n${format === 'md' ? fenced(drawn) : drawn}`
}

/** The SVG chart of a report (--svg); options.width in pixels. */
function renderSvg (report, options = {}) {
  return svg.render(report, options)
}

module.exports = {
  render,
  renderSvg,
  formats: Object.keys(reporters),
  CHART_UNDER,
  wantColor: reporters.table.wantColor,
  terminalWidth: chart.terminalWidth
}
