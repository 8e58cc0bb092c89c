// Cells and their order: one child per (node, implementation, scenario, run), interleaved across
// implementations run by run like Node's benchmark/compare.js; no-timer rows once per Node.
'use strict'

const t = require('tap')
const registry = require('../../bench/scenarios')
const plan = require('../../bench/cli/plan')

const NODES = [{ path: 'a', version: 'v20.0.0' }, { path: 'b', version: 'v22.0.0' }]
const IMPLS = ['native', 'heaptimers', 'heaptimers:maxTickDepth=10']

t.test('cells', async (t) => {
  const cells = plan.cells(NODES.slice(0, 1), IMPLS, [registry.get('fn-call'), registry.get('immediate-set')])
  t.same(cells.map((c) => `${c.scenario.name}/${c.impl}`),
    ['fn-call/-', 'immediate-set/native', 'immediate-set/heaptimers', 'immediate-set/heaptimers:maxTickDepth=10'])
})

t.test('schedule interleaves implementations and nodes, run by run, each round one cell later', async (t) => {
  const cells = plan.cells(NODES, IMPLS.slice(0, 2), [registry.get('immediate-set'), registry.get('fn-call')])
  const order = plan.schedule(cells, 2).map(({ cell, run }) => `${cell.scenario.name} r${run + 1} ${cell.node.version} ${cell.impl}`)
  t.same(order, [
    'immediate-set r1 v20.0.0 native', 'immediate-set r1 v20.0.0 heaptimers',
    'immediate-set r1 v22.0.0 native', 'immediate-set r1 v22.0.0 heaptimers',
    'immediate-set r2 v20.0.0 heaptimers', 'immediate-set r2 v22.0.0 native',
    'immediate-set r2 v22.0.0 heaptimers', 'immediate-set r2 v20.0.0 native',
    'fn-call r1 v20.0.0 -', 'fn-call r1 v22.0.0 -',
    'fn-call r2 v22.0.0 -', 'fn-call r2 v20.0.0 -'
  ])
})

t.test('over as many rounds as cells, every cell runs once in every place of a round', async (t) => {
  const cells = plan.cells(NODES.slice(0, 1), IMPLS, [registry.get('immediate-set')])
  const places = new Map(cells.map((c) => [c.impl, []]))
  for (let run = 0; run < cells.length; run++) {
    plan.round(cells, run).forEach(({ cell, run: r }, place) => {
      t.equal(r, run)
      places.get(cell.impl).push(place)
    })
  }
  for (const [impl, seen] of places) t.same(seen.slice().sort(), [0, 1, 2], impl)
})
