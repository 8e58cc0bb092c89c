// The cells of a run and the order their child processes run in. Like Node's
// benchmark/compare.js: scenario by scenario, and within a scenario run 1 of every
// (node, implementation), then run 2 of every one, ... so slow drift of the machine (thermal,
// other load) hits every implementation alike instead of whichever happened to run last.
'use strict'

const implSpec = require('../child/impl-spec')

// A cell is one table entry: (node, implementation, scenario). Scenarios that call no timer
// function get one cell per node under the pseudo implementation `-`.
function cells (nodes, impls, scenarios) {
  const out = []
  for (const scenario of scenarios) {
    const cellImpls = scenario.implIndependent ? [implSpec.NONE] : impls
    for (const node of nodes) {
      for (const impl of cellImpls) out.push({ node, impl, scenario })
    }
  }
  return out
}

// The cells grouped by scenario, in plan order: the unit a round of runs is interleaved over.
function byScenario (cellList) {
  const groups = new Map()
  for (const cell of cellList) {
    const name = cell.scenario.name
    if (!groups.has(name)) groups.set(name, [])
    groups.get(name).push(cell)
  }
  return [...groups.values()]
}

// Every child to run, interleaved: [{ cell, run }] with run counted from 0.
function schedule (cellList, runs) {
  const order = []
  for (const group of byScenario(cellList)) {
    for (let run = 0; run < runs; run++) {
      for (const cell of group) order.push({ cell, run })
    }
  }
  return order
}

module.exports = { cells, schedule, byScenario }
