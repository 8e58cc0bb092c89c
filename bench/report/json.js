// The full report as JSON (schema timerbench/1, see ../schema.js): for --format json, -o, and
// --baseline / merging later.
'use strict'

function render (report) {
  return `${JSON.stringify(report, null, 2)}\n`
}

module.exports = { render }
