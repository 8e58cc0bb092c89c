// The full report as JSON (schema timerbench/1, see ../schema.js): for --format json, -o, and
// --baseline / merging later. The ratio comparisons (interval and verdict) are derived from the
// runs each time a report is written, so a merged or re-rendered report carries its own.
'use strict'

const { comparisonsOf, METHOD } = require('./verdicts')

function render (report) {
  const { confidence, comparisons, ...rest } = report
  return `${JSON.stringify({ ...rest, confidence: METHOD, comparisons: comparisonsOf(report.results) }, null, 2)}\n`
}

module.exports = { render }
