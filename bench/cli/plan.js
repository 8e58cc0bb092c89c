// The cells of a run and the order their child processes run in. Like Node's
// benchmark/compare.js: scenario by scenario, and within a scenario run 1 of every
// (node, implementation), then run 2 of every one, ... so slow drift of the machine (thermal,
// other load) hits every implementation alike instead of whichever happened to run last. Each
// round starts one cell later than the one before (A B, B A, A B, ...): in a fixed order, a
// disturbance of the host that recurs in step with the rounds would hit the same cell of every
// round and bias the whole run one way, where rotated it shows as spread between rounds.
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

// Round `run` of a scenario's cells: [{ cell, run }], the group rotated by `run` places.
function round (group, run) {
  const start = run % group.length
  return group.slice(start).concat(group.slice(0, start)).map((cell) => ({ cell, run }))
}

// Every child to run, interleaved: [{ cell, run }] with run counted from 0.
function schedule (cellList, runs) {
  const order = []
  for (const group of byScenario(cellList)) {
    for (let run = 0; run < runs; run++) order.push(...round(group, run))
  }
  return order
}

module.exports = { cells, schedule, byScenario, round }
