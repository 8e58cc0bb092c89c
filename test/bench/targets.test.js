'use strict'
// bench/results/targets.js: issue #5's targets checked against a timerbench report.

const t = require('tap')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const { checkTargets, compareTargets, floorMissed, ratioTable, targetOf } = require('../../bench/results/targets')

const SCRIPT = path.join(__dirname, '..', '..', 'bench', 'results', 'targets.js')

function cell (impl, scenario, median, higherIsBetter = true) {
  return { node: 'v20.0.0', impl, scenario, median, higherIsBetter }
}

t.test('targets per column', async t => {
  t.equal(targetOf('heaptimers', 'timeout-set-clear'), 3)
  t.equal(targetOf('heaptimers', 'timeout-set-clear-1arg'), 0.95)
  t.equal(targetOf('heaptimers', 'immediate-run-10k-3args'), 1.3)
  t.equal(targetOf('heaptimers', 'immediate-recursion-1arg'), 0.9)
  t.equal(targetOf('heaptimers', 'cpu-1ms-loops-10'), 0.95)
  t.equal(targetOf('heaptimers', 'cpu-1ms-loops-1000'), 1.4)
  t.equal(targetOf('heaptimers:maxTickDepth=10', 'immediate-recursion'), 5)
  t.equal(targetOf('heaptimers:maxTickDepth=10', 'immediate-set'), null)
  t.equal(targetOf('heaptimers:drainBetweenCallbacks=false', 'immediate-run-10k'), 2.5)
  t.equal(targetOf('heaptimers:drainBetweenCallbacks=false', 'timeout-run-10k-1arg'), 2)
  t.equal(targetOf('heaptimers:drainBetweenCallbacks=false', 'timeout-set-clear'), null)
  t.equal(targetOf('native', 'timeout-set-clear'), null)
})

t.test('ratios: rates over native, % cpu native over heaptimers', async t => {
  const report = {
    results: [
      cell('native', 'timeout-set-clear', 2), cell('heaptimers', 'timeout-set-clear', 7),
      cell('native', 'cpu-1ms-loops-100', 3, false), cell('heaptimers', 'cpu-1ms-loops-100', 2.5, false),
      cell('native', 'immediate-set', 10), cell('heaptimers:maxTickDepth=10', 'immediate-set', 30),
    ],
  }
  const cells = checkTargets(report)
  t.same(cells.map(c => [c.scenario, c.impl, c.met]), [
    ['timeout-set-clear', 'heaptimers', true],
    ['cpu-1ms-loops-100', 'heaptimers', false],
  ])
  t.equal(cells[0].ratio, 3.5)
  t.equal(cells[1].ratio, 1.2)
})

t.test('the ratio table: a column per option set, Nodes oldest first, misses in italics', async t => {
  const at = (node, impl, scenario, median, higherIsBetter) => ({ ...cell(impl, scenario, median, higherIsBetter), node })
  const report = {
    results: [
      at('v22.1.0', 'native', 'immediate-recursion', 1), at('v22.1.0', 'heaptimers', 'immediate-recursion', 0.8),
      at('v22.1.0', 'heaptimers:maxTickDepth=10', 'immediate-recursion', 6),
      at('v20.10.0', 'native', 'immediate-recursion', 1), at('v20.10.0', 'heaptimers', 'immediate-recursion', 0.95),
      at('v20.10.0', 'heaptimers:maxTickDepth=10', 'immediate-recursion', 4),
      at('v20.10.0', 'native', 'cpu-1ms-loops-1000', 3, false), at('v20.10.0', 'heaptimers', 'cpu-1ms-loops-1000', 2, false),
      at('v22.1.0', 'native', 'cpu-1ms-loops-1000', 3, false), at('v22.1.0', 'heaptimers', 'cpu-1ms-loops-1000', 2, false),
    ],
  }
  t.equal(ratioTable(report), [
    '| row | default options | `maxTickDepth: 10` | `drainBetweenCallbacks: false` |',
    '|:---|:---|:---|:---|',
    '| immediate-recursion | 0.95x / _0.80x_ | _4.00x_ / 6.00x |  |',
    '| cpu-1ms-loops-1000 | 1.50x / 1.50x |  |  |',
  ].join('\n'))
})

t.test('the floor beside each cell, with the same options, when the run has it', async t => {
  const report = {
    results: [
      cell('native', 'timeout-run-10k', 10),
      cell('heaptimers', 'timeout-run-10k', 12), cell('floor', 'timeout-run-10k', 12.5),
      cell('heaptimers:drainBetweenCallbacks=false', 'timeout-run-10k', 18),
      cell('floor:drainBetweenCallbacks=false', 'timeout-run-10k', 21),
      cell('native', 'cpu-1ms-loops-1000', 3, false), cell('heaptimers', 'cpu-1ms-loops-1000', 2.5, false),
      cell('native', 'immediate-recursion', 1), cell('heaptimers:maxTickDepth=10', 'immediate-recursion', 4),
      cell('floor', 'immediate-recursion', 0.5),
    ],
  }
  const cells = checkTargets(report)
  t.same(cells.map(c => [c.impl, c.scenario, c.met, c.floor]), [
    ['heaptimers', 'timeout-run-10k', false, 1.25],
    ['heaptimers:drainBetweenCallbacks=false', 'timeout-run-10k', false, 2.1],
    ['heaptimers', 'cpu-1ms-loops-1000', false, null],
    ['heaptimers:maxTickDepth=10', 'immediate-recursion', false, null],
  ], 'the floor with the same options only: none for maxTickDepth, none where it did not run')
  t.same(cells.map(floorMissed), [true, false, false, false], 'missed by the floor too: only where its ratio is under the target')
  const table = ratioTable(report).split('\n')
  t.equal(table[2], '| timeout-run-10k | _1.20x_ † |  | _1.80x_ |')
  t.equal(table[5], '')
  t.equal(table[6], '† missed by the floor (bench/floor/timers.js) too, in the same run, with the same options.')
  const noFloor = ratioTable({ results: report.results.filter(c => !c.impl.startsWith('floor')) })
  t.notMatch(noFloor, /†/, 'no dagger and no legend in a run without the floor')
})

t.test('the CLI counts a saved run', async t => {
  const out = execFileSync(process.execPath, [SCRIPT, path.join(__dirname, '..', '..', 'bench', 'results', 'issue-5-2026-11-25.json')], { encoding: 'utf8' })
  t.match(out, /^61 of 84 cells met their targets\n/)
  t.match(out, /immediate-recursion heaptimers v20\.20\.2: 0\.64x, target 0\.9x/)
  const table = execFileSync(process.execPath, [SCRIPT, '--markdown', path.join(__dirname, '..', '..', 'bench', 'results', 'issue-5-2026-11-25.json')], { encoding: 'utf8' })
  t.match(table, /^\| row \| default options \|/)
  t.match(table, /\n\| immediate-recursion \| _0\.64x_ \/ /)
  t.equal(table.trim().split('\n').length, 2 + 19, 'a row per scenario with a target')
})

t.test('the CLI gives the floor\'s ratio beside each miss of a run that ran the floor', async t => {
  const file = path.join(__dirname, '..', '..', 'bench', 'results', 'floor-beside-2026-11-28.json')
  const out = execFileSync(process.execPath, [SCRIPT, file], { encoding: 'utf8' })
  t.match(out, /^7 of 20 cells met their targets\nof the 13 missed, the floor missed 9 too, in the same run\n/)
  t.match(out, /^ {2}cpu-1ms-loops-1000 heaptimers v20\.20\.2: 1\.15x, target 1\.4x; the floor 1\.58x$/m)
  t.match(out, /^ {2}timeout-run-10k-1arg heaptimers v20\.20\.2: 1\.12x, target 1\.3x; the floor 1\.18x, missed too$/m)
  const table = execFileSync(process.execPath, [SCRIPT, '--markdown', file], { encoding: 'utf8' })
  t.match(table, /\n\| cpu-1ms-loops-1000 \| _1\.15x_ \/ _0\.96x_ † \|/)
  t.match(table, /\n† missed by the floor/)
})

t.test('two reports: cells missed in both, and cells met in one only, by Node major', async t => {
  const at = (node, impl, scenario, median) => ({ ...cell(impl, scenario, median), node })
  const earlier = {
    results: [
      at('v20.1.0', 'native', 'timeout-set-clear', 1), at('v20.1.0', 'heaptimers', 'timeout-set-clear', 2),
      at('v20.1.0', 'native', 'immediate-set', 1), at('v20.1.0', 'heaptimers', 'immediate-set', 2),
      at('v20.1.0', 'native', 'immediate-recursion', 1), at('v20.1.0', 'heaptimers', 'immediate-recursion', 0.5),
    ],
  }
  const later = {
    results: [
      at('v20.2.0', 'native', 'timeout-set-clear', 1), at('v20.2.0', 'heaptimers', 'timeout-set-clear', 4),
      at('v20.2.0', 'native', 'immediate-set', 1), at('v20.2.0', 'heaptimers', 'immediate-set', 1),
      at('v20.2.0', 'native', 'immediate-recursion', 1), at('v20.2.0', 'heaptimers', 'immediate-recursion', 0.6),
    ],
  }
  const { missedInBoth, changed } = compareTargets(earlier, later)
  t.equal(missedInBoth, 1, 'immediate-recursion, below 0.9x in both')
  t.same(changed, [
    { scenario: 'timeout-set-clear', impl: 'heaptimers', major: 'v20', before: 2, after: 4, won: true },
    { scenario: 'immediate-set', impl: 'heaptimers', major: 'v20', before: 2, after: 1, won: false },
  ])
})

t.test('the CLI compares two saved runs', async t => {
  const results = path.join(__dirname, '..', '..', 'bench', 'results')
  const out = execFileSync(process.execPath, [SCRIPT, path.join(results, 'issue-5-2026-11-25.json'), path.join(results, 'issue-5-2026-11-27-evening.json')], { encoding: 'utf8' })
  t.match(out, /^61 of 84 cells met their targets in .*issue-5-2026-11-25\.json\n66 of 84 cells met their targets in .*issue-5-2026-11-27-evening\.json\n\d+ cells missed in both; \d+ met in one only:\n/)
  t.match(out, /^12 cells missed in both; 17 met in one only:$/m)
  t.match(out, /^ {2}won {2}immediate-set heaptimers v20: 1\.48x -> 2\.11x$/m)
  t.match(out, /^ {2}lost immediate-set-clear-40k-run-1 heaptimers v24: 2\.14x -> 1\.69x$/m)
})
