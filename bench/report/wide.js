// The `wide` layout: one row per scenario, one column per (Node, implementation) with versions
// oldest first, plus a ratio column per Node and implementation. Best for one Node, where it is the default: every
// number of a scenario on one line.
'use strict'

const { NONE, implHeader, cellText, rowContext, ratioHeader, ratioText } = require('./cells')

function header (cols) {
  const head = [['scenario (unit)']]
  for (const node of cols.nodes) {
    for (const impl of cols.impls) head.push([node, ...implHeader(impl)])
    if (cols.hasRatio) for (const impl of cols.others) head.push([node, ...ratioHeader(impl)])
  }
  return head
}

function rowOf (scenario, results, cols, notes) {
  const { unit, marks, find, judged } = rowContext(scenario, results)
  const cells = [`${scenario} (${unit})`]
  for (const node of cols.nodes) {
    const shared = find(node, NONE)
    // A row without timers has one value per Node: it goes in the first column of that Node.
    if (shared) cols.impls.forEach((_, i) => cells.push(i === 0 ? cellText(shared, marks, notes) : ''))
    else for (const impl of cols.impls) cells.push(cellText(find(node, impl), marks, notes))
    if (cols.hasRatio) for (const impl of cols.others) cells.push(shared ? '' : ratioText(find, node, impl, judged))
  }
  return [cells]
}

// Returns { header, rows, labelColumns } for model.js.
function grid (results, cols, scenarios, notes) {
  return {
    header: header(cols),
    rows: scenarios.flatMap((s) => rowOf(s, results, cols, notes)),
    labelColumns: 1,
    ratioPlace: 'one column each per Node',
    fnNote: 'measured once per Node, shown in its first column'
  }
}

module.exports = { grid }
