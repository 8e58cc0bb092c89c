'use strict'
// bench/results/odds.js: how often a run of issue #5's command would meet its targets, drawn
// from the rounds of earlier runs.

const t = require('tap')
const path = require('node:path')
const { execFileSync, spawnSync } = require('node:child_process')
const { median } = require('../../bench/stats')
const { cellsOf, drawRuns, groupsOf, isFloor, oddsOf, typicalRatio } = require('../../bench/results/odds')

const SCRIPT = path.join(__dirname, '..', '..', 'bench', 'results', 'odds.js')
const RESULTS = path.join(__dirname, '..', '..', 'bench', 'results')
const OPTIONS = { draws: 2000, runs: 5, seed: 7 }

// A report cell whose children read `values`, by round.
function cell (impl, scenario, values, node = 'v20.1.0', higherIsBetter = true) {
  return { node, impl, scenario, higherIsBetter, median: median(values), runs: values.map(value => ({ value })), error: null }
}

// The share of draws that met each cell, by "scenario impl major".
function metShares (cells, drawn) {
  const odds = oddsOf(drawn, cells.map((c, i) => i))
  return Object.fromEntries(cells.map((c, i) => [`${c.scenario} ${c.impl} ${c.major}`, odds.metByCell[i] / drawn.draws]))
}

t.test('cells: those with a target, in every report, matched by Node major; the floor takes heaptimers\' targets', async t => {
  const first = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1]),
    cell('heaptimers', 'timeout-set-clear', [4, 4, 4]),
    cell('floor', 'timeout-set-clear', [5, 5, 5]),
    cell('native', 'immediate-set', [1]),
    { ...cell('heaptimers', 'immediate-set', [2]), error: { kind: 'crashed' } }, // an error: left out
    cell('heaptimers:drainBetweenCallbacks=false', 'immediate-run-10k', [9]), // no native: left out
    cell('heaptimers:drainBetweenCallbacks=false', 'timeout-set-clear', [9]), // no target: left out
  ] }
  const second = { results: [
    cell('native', 'timeout-set-clear', [2, 2], 'v20.2.0'),
    cell('heaptimers', 'timeout-set-clear', [6, 6], 'v20.2.0'),
  ] }
  const cells = cellsOf([first, second])
  t.same(cells.map(c => `${c.scenario} ${c.impl} ${c.major}`), ['timeout-set-clear heaptimers v20'], 'the floor is not in the second report')
  t.same(cells[0].children, [[4, 4, 4], [6, 6]])
  t.same(cells[0].natives, [[1, 1, 1], [2, 2]])
  t.equal(cells[0].target, 3)
  const floor = cellsOf([first]).find(c => c.impl === 'floor')
  t.equal(floor.target, 3, 'held to heaptimers\' target')
  t.ok(isFloor('floor'))
  t.ok(isFloor('floor:drainBetweenCallbacks=false'))
  t.notOk(isFloor('heaptimers'))
  t.notOk(isFloor('constructor'))
})

t.test('typical ratio: the median of the reports\' ratios; % cpu is native over the cell', async t => {
  const reports = [[1, 2.8], [2, 7], [1, 3.2]].map(([native, ours]) => ({ results: [
    cell('native', 'timeout-set-clear', [native, native]), cell('heaptimers', 'timeout-set-clear', [ours, ours]),
  ] }))
  t.equal(typicalRatio(cellsOf(reports)[0]), 3.2, 'of 2.8x, 3.5x and 3.2x')
  const cpu = cellsOf([{ results: [
    cell('native', 'cpu-1ms-loops-100', [3, 3, 3], 'v22.0.0', false), cell('heaptimers', 'cpu-1ms-loops-100', [2, 2, 2], 'v22.0.0', false),
  ] }])
  t.equal(typicalRatio(cpu[0]), 1.5)
})

t.test('draws: a cell well over its target is always met, one well under never, whichever way is better', async t => {
  const report = { results: [
    cell('native', 'timeout-set-clear', [1, 1.1, 0.9, 1, 1.05]), cell('heaptimers', 'timeout-set-clear', [5, 5.5, 4.5, 5, 5.2]),
    cell('native', 'immediate-set', [1, 1.1, 0.9, 1, 1.05]), cell('heaptimers', 'immediate-set', [1, 1.1, 0.9, 1, 1.05]),
    cell('native', 'cpu-1ms-loops-1000', [10, 11, 9, 10, 10], 'v20.1.0', false),
    cell('heaptimers', 'cpu-1ms-loops-1000', [5, 5, 5, 5, 5], 'v20.1.0', false),
    cell('native', 'cpu-1ms-loops-100', [5, 5, 5, 5, 5], 'v20.1.0', false),
    cell('heaptimers', 'cpu-1ms-loops-100', [10, 11, 9, 10, 10], 'v20.1.0', false),
  ] }
  const cells = cellsOf([report])
  const shares = metShares(cells, drawRuns(cells, 1, OPTIONS))
  t.same(shares, {
    'timeout-set-clear heaptimers v20': 1,
    'immediate-set heaptimers v20': 0,
    'cpu-1ms-loops-1000 heaptimers v20': 1,
    'cpu-1ms-loops-100 heaptimers v20': 0,
  })
})

t.test('draws: a cell at its target is met in some, and a seed repeats them', async t => {
  const report = { results: [
    cell('native', 'immediate-set-clear', [1, 1, 1, 1, 1]),
    cell('heaptimers', 'immediate-set-clear', [0.8, 0.9, 1, 1.1, 1.2]),
  ] }
  const cells = cellsOf([report])
  const drawn = drawRuns(cells, 1, OPTIONS)
  // Met when at least 3 of the 5 drawn rounds read 1 or more: P(Bin(5, 0.6) >= 3) = 0.683.
  const share = oddsOf(drawn, [0]).metByCell[0] / OPTIONS.draws
  t.ok(share > 0.6 && share < 0.76, `met in ${share} of draws`)
  t.same(drawRuns(cells, 1, OPTIONS), drawn, 'the same seed, the same draws')
  t.notSame(drawRuns(cells, 1, { ...OPTIONS, seed: 8 }).met, drawn.met, 'another seed, other draws')
})

t.test('draws: every arm of a scenario is drawn at the same rounds, so children that ran side by side stay paired', async t => {
  // Each round, heaptimers read exactly twice native's, and the host's speed doubled every
  // other round. Drawn at the same rounds the ratio is always 2x; drawn each at its own, it
  // would often not be.
  const report = { results: [
    cell('native', 'timeout-set-clear', [1, 2, 1, 2, 1, 2]), cell('heaptimers', 'timeout-set-clear', [3, 6, 3, 6, 3, 6]),
    cell('floor', 'timeout-set-clear', [3, 6, 3, 6, 3, 6]),
  ] }
  const cells = cellsOf([report])
  const drawn = drawRuns(cells, 1, OPTIONS)
  t.same(Object.values(metShares(cells, drawn)), [1, 1], 'at 3x against 3x, always met')
})

t.test('draws: a cell whose children stopped early is drawn at the rounds it has', async t => {
  // A child that fails ends its cell's runs: heaptimers has 3 rounds, native 5.
  const report = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1, 100, 100]), cell('heaptimers', 'timeout-set-clear', [3, 3, 3]),
  ] }
  const cells = cellsOf([report])
  t.same(Object.values(metShares(cells, drawRuns(cells, 1, OPTIONS))), [1])
})

t.test('draws: each drawn run is one report\'s, so its cells share that run\'s host state', async t => {
  // In the fast run both cells are met, in the slow one neither: a drawn run meets both or
  // none, about half the time each. Cells drawn each from any report would meet both in about a
  // quarter of the draws only.
  const fast = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1, 1, 1]), cell('heaptimers', 'timeout-set-clear', [4, 4, 4, 4, 4]),
    cell('native', 'immediate-set', [1, 1, 1, 1, 1]), cell('heaptimers', 'immediate-set', [2, 2, 2, 2, 2]),
  ] }
  const slow = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1, 1, 1]), cell('heaptimers', 'timeout-set-clear', [2, 2, 2, 2, 2]),
    cell('native', 'immediate-set', [1, 1, 1, 1, 1]), cell('heaptimers', 'immediate-set', [1, 1, 1, 1, 1]),
  ] }
  const cells = cellsOf([fast, slow])
  const odds = oddsOf(drawRuns(cells, 2, OPTIONS), [0, 1])
  t.ok(odds.allMet > OPTIONS.draws * 0.4 && odds.allMet < OPTIONS.draws * 0.6, `all met in ${odds.allMet} of ${OPTIONS.draws}`)
  t.same(odds.metByCell, [odds.allMet, odds.allMet], 'never one cell without the other')
  t.equal(odds.low, 0)
  t.equal(odds.high, 2)
  t.ok(odds.expected > 0.8 && odds.expected < 1.2, `expected ${odds.expected}`)
  t.equal(odds.size, 2)
})

t.test('groups: heaptimers\' cells; with the floor, the floor\'s and heaptimers\' on the same cells', async t => {
  const report = { results: [
    cell('native', 'timeout-set-clear', [1]), cell('heaptimers', 'timeout-set-clear', [4]), cell('floor', 'timeout-set-clear', [5]),
    cell('native', 'immediate-recursion', [1]), cell('heaptimers:maxTickDepth=10', 'immediate-recursion', [6]),
  ] }
  const cells = cellsOf([report])
  const named = groups => groups.map(g => [g.name, g.indices.map(i => cells[i].impl + ' ' + cells[i].scenario), g.listed])
  t.same(named(groupsOf(cells)), [
    ['heaptimers', ['heaptimers timeout-set-clear', 'heaptimers:maxTickDepth=10 immediate-recursion'], true],
    ['the floor', ['floor timeout-set-clear'], true],
    ['heaptimers on the floor\'s cells', ['heaptimers timeout-set-clear'], false],
  ])
  const withoutFloor = cells.filter(c => !isFloor(c.impl))
  t.same(groupsOf(withoutFloor).map(g => g.name), ['heaptimers'])
})

t.test('CLI: a full run\'s report gives the odds of heaptimers, the floor, and heaptimers on the floor\'s cells', async t => {
  const report = path.join(RESULTS, 'intel-host-2026-12-01-night.json')
  const out = execFileSync(process.execPath, [SCRIPT, '--draws', '200', '--cells', report], { encoding: 'utf8' })
  const lines = out.trim().split('\n')
  t.equal(lines[0], '1 report(s); drawn runs of 5 rounds, 200 draws, seed 1')
  t.match(out, /^heaptimers: [\d.]+ of 84 cells met in a drawn run \(5-95 %: \d+-\d+\); all 84 in \d+ of 200 draws/m)
  t.match(out, /^ {2}of them, those whose typical ratio meets the target: [\d.]+ of \d+ cells met/m)
  t.match(out, /^the floor: [\d.]+ of 75 cells met in a drawn run/m)
  t.match(out, /^heaptimers on the floor's cells: [\d.]+ of 75 cells met/m)
  t.match(out, /^ {2}timeout-set-clear heaptimers v20: typical [\d.]+x, target 3x, met in [\d.]+ % of draws$/m)
  t.equal(lines.filter(line => / heaptimers(:\S+)? v\d+: typical/.test(line)).length, 84)
  t.equal(lines.filter(line => / floor(:\S+)? v\d+: typical/.test(line)).length, 75)
  t.equal(execFileSync(process.execPath, [SCRIPT, '--draws', '200', '--cells', report], { encoding: 'utf8' }), out, 'seeded: the same output')
})

t.test('CLI: bad arguments exit 2 with the usage; an unreadable report throws', async t => {
  for (const args of [[], ['--draws', '0', 'x.json'], ['--seed', '-1', 'x.json'], ['--bogus', 'x.json']]) {
    const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' })
    t.equal(run.status, 2, args.join(' '))
    t.match(run.stderr, /usage: node bench\/results\/odds\.js/)
  }
  const missing = spawnSync(process.execPath, [SCRIPT, path.join(RESULTS, 'no-such-report.json')], { encoding: 'utf8' })
  t.equal(missing.status, 1)
  t.match(missing.stderr, /ENOENT/)
})
