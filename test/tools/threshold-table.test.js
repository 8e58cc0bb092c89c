'use strict'
// tools/threshold-table.js: the Pyodide study's threshold table from the accuracy rows' extras,
// on a synthetic report: time to fire is the lateness plus the delay the rows measured from, early
// fires count against the requested sleep (none for sleep 0), missing and n/a cells say so.

const t = require('tap')
const { tables, cellText } = require('../../tools/threshold-table')

const run = (latenessP50Ms, early, timers = 100) => ({ value: 0, extra: { latenessP50Ms, early, timers } })
const cell = (impl, sleep, runs) => ({ node: 'v20.20.2', impl, scenario: `accuracy-${sleep}ms-p50`, runs })

t.test('a cell: median over children of the time to fire, early fires over timers', async t => {
  t.equal(cellText(cell('x', 1, [run(0.1, 0), run(0.3, 2), run(0.2, 1)]), 1), '1.20 (3/300)')
  t.equal(cellText(cell('x', 2, [run(-1.95, 100), run(-1.97, 100)]), 2), '0.04 (200/200)', 'fired at once: early')
  t.equal(cellText(cell('x', 0, [run(-0.96, 100)]), 0), '0.04 (0/100)', 'sleep(0) is never early')
  t.equal(cellText(cell('x', 16, [run(0.5, 0), run(0.7, 0)]), 16), '16.60 (0/200)', 'an even count: the mean of the middle two')
  t.equal(cellText({ error: { kind: 'n/a', message: 'no' } }, 1), 'n/a')
  t.equal(cellText(undefined, 1), '-')
})

t.test('the table: a row per implementation with a measured cell, a column per sleep', async t => {
  const report = {
    options: { nodes: [{ version: 'v20.20.2' }], impls: ['native', 'pyodide:k=1', 'channel'] },
    results: [
      { node: 'v20.20.2', impl: 'channel', scenario: 'accuracy-1ms-p50', error: { kind: 'n/a', message: 'channel exports no setTimeout()' } },
      cell('native', 0, [run(0.1, 0)]), cell('native', 1, [run(0.1, 0)]),
      cell('pyodide:k=1', 0, [run(-0.95, 100)]), cell('pyodide:k=1', 1, [run(-0.95, 100)]), cell('pyodide:k=1', 16, [run(0.2, 0)])
    ]
  }
  t.equal(tables(report), [
    'v20.20.2: median ms from setTimeout(f, sleep) to f (early fires / timers)',
    '',
    '| implementation | sleep(0) | sleep(1) | sleep(2) | sleep(16) |',
    '|:---|---:|---:|---:|---:|',
    '| native | 1.10 (0/100) | 1.10 (0/100) | - | - |',
    '| pyodide:k=1 | 0.05 (0/100) | 0.05 (100/100) | - | 16.20 (0/100) |',
    ''
  ].join('\n'))
})
