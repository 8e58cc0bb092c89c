// The `versions` layout, the classic cross-version table: one column per Node version, oldest
// first, and per scenario one row per implementation (native first) plus a ratio row for each. The
// default as soon as a report has more than one Node: six versions times four columns each
// would not fit any terminal, while this stays as wide as the number of versions.
'use strict'

const { NONE, implHeader, implLabel, cellText, rowContext, ratioName, ratioText } = require('./cells')

function header (cols) {
  return [['scenario (unit)'], ['implementation'], ...cols.nodes.map((n) => [n])]
}

// The full id (heaptimers:maxTickDepth=10), as -i takes it: rows have the room columns lack.
// module:<x> reads as its package or file name.
function implName (impl) {
  return impl === NONE ? implHeader(impl).join(' ') : implLabel(impl)
}

function rowsOf (scenario, results, cols, notes) {
  const { unit, marks, find, judged } = rowContext(scenario, results)
  const label = `${scenario} (${unit})`
  // Rows without timers have one value per Node and no implementations to compare.
  if (cols.nodes.some((node) => find(node, NONE))) {
    return [[label, implName(NONE), ...cols.nodes.map((node) => cellText(find(node, NONE), marks, notes))]]
  }
  const rows = cols.impls.map((impl, i) =>
    [i === 0 ? label : '', implName(impl), ...cols.nodes.map((node) => cellText(find(node, impl), marks, notes))])
  if (cols.hasRatio) {
    for (const impl of cols.others) rows.push(['', ratioName(impl), ...cols.nodes.map((node) => ratioText(find, node, impl, judged))])
  }
  return rows
}

// Returns { header, rows, labelColumns } for model.js.
function grid (results, cols, scenarios, notes) {
  return {
    header: header(cols),
    rows: scenarios.flatMap((s) => rowsOf(s, results, cols, notes)),
    labelColumns: 2,
    ratioPlace: 'one row each',
    fnNote: 'measured once per Node'
  }
}

module.exports = { grid }
