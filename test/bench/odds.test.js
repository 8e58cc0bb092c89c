'use strict'
// bench/results/odds.js: how often a run of issue #5's command would meet its targets, drawn
// from the children of earlier runs.

const t = require('tap')
const path = require('node:path')
const { execFileSync, spawnSync } = require('node:child_process')
const { drawRuns, isFloor, median, oddsOf, pooledCells, pooledRatio, quantile } = require('../../bench/results/odds')

const SCRIPT = path.join(__dirname, '..', '..', 'bench', 'results', 'odds.js')
const RESULTS = path.join(__dirname, '..', '..', 'bench', 'results')
const OPTIONS = { draws: 2000, runs: 5, seed: 7 }

// A report cell whose children read `values`.
function cell (impl, scenario, values, node = 'v20.1.0', higherIsBetter = true) {
  return { node, impl, scenario, higherIsBetter, median: median(values.slice()), runs: values.map(value => ({ value })), error: null }
}

t.test('median and quantile', async t => {
  t.equal(median([3, 1, 2]), 2)
  t.equal(median([4, 1, 3, 2]), 2.5)
  t.equal(quantile([5, 1, 4, 2, 3], 0.05), 1)
  t.equal(quantile([5, 1, 4, 2, 3], 0.95), 5)
  t.equal(quantile([5, 1, 4, 2, 3], 0.5), 3)
})

t.test('cells: children pooled by row, option set and Node major; floor columns take heaptimers\' targets', async t => {
  const first = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1]),
    cell('heaptimers', 'timeout-set-clear', [4, 4, 4]),
    cell('floor', 'timeout-set-clear', [5, 5, 5]),
    cell('native', 'cpu-1ms-loops-100', [3, 3], 'v20.1.0', false),
    cell('heaptimers', 'cpu-1ms-loops-100', [2, 2], 'v20.1.0', false),
    cell('heaptimers:drainBetweenCallbacks=false', 'immediate-run-10k', [9]), // no native: skipped
    { ...cell('heaptimers', 'immediate-set', [2]), error: 'crashed' }, // an error: skipped
  ] }
  const second = { results: [
    cell('native', 'timeout-set-clear', [2, 2], 'v20.2.0'),
    cell('heaptimers', 'timeout-set-clear', [6, 6], 'v20.2.0'),
  ] }
  const cells = pooledCells([first, second])
  const byKey = new Map(cells.map(c => [`${c.scenario} ${c.impl} ${c.major}`, c]))
  t.same([...byKey.keys()].sort(), ['cpu-1ms-loops-100 heaptimers v20', 'timeout-set-clear floor v20', 'timeout-set-clear heaptimers v20'])
  const setClear = byKey.get('timeout-set-clear heaptimers v20')
  t.same(setClear.values, [4, 4, 4, 6, 6])
  t.same(setClear.natives, [1, 1, 1, 2, 2])
  t.same(setClear.pairs, [[[4, 4, 4], [1, 1, 1]], [[6, 6], [2, 2]]])
  t.equal(setClear.target, 3)
  t.equal(byKey.get('timeout-set-clear floor v20').target, 3, 'the floor is held to heaptimers\' target')
  t.equal(byKey.get('timeout-set-clear floor v20').pairs[1], undefined, 'the second report has no floor')
  t.equal(pooledRatio(setClear), 4)
  t.equal(pooledRatio(byKey.get('cpu-1ms-loops-100 heaptimers v20')), 1.5, '% cpu: native over the cell')
  t.ok(isFloor('floor'))
  t.ok(isFloor('floor:drainBetweenCallbacks=false'))
  t.notOk(isFloor('heaptimers'))
})

t.test('draws: a cell well over its target is always met, one well under never', async t => {
  const report = { results: [
    cell('native', 'timeout-set-clear', [1, 1.1, 0.9, 1, 1.05]),
    cell('heaptimers', 'timeout-set-clear', [5, 5.5, 4.5, 5, 5.2]),
    cell('native', 'immediate-set', [1, 1.1, 0.9, 1, 1.05]),
    cell('heaptimers', 'immediate-set', [1, 1.1, 0.9, 1, 1.05]),
  ] }
  const cells = pooledCells([report])
  const drawn = drawRuns(cells, OPTIONS)
  const met = Object.fromEntries(cells.map((c, i) => [c.scenario, drawn.met[i]]))
  t.equal(met['timeout-set-clear'], OPTIONS.draws)
  t.equal(met['immediate-set'], 0, 'about 1x against 1.5x')
  t.equal(drawn.allMet, 0)
  t.ok(drawn.counts.every(count => count === 1))
})

t.test('draws: a cell at its target is met in some draws, and a seed repeats them', async t => {
  const report = { results: [
    cell('native', 'immediate-set-clear', [1, 1, 1, 1, 1]),
    cell('heaptimers', 'immediate-set-clear', [0.8, 0.9, 1, 1.1, 1.2]),
  ] }
  const cells = pooledCells([report])
  const drawn = drawRuns(cells, OPTIONS)
  t.ok(drawn.met[0] > OPTIONS.draws * 0.3 && drawn.met[0] < OPTIONS.draws * 0.7, `met in ${drawn.met[0]} of ${OPTIONS.draws}`)
  t.same(drawRuns(cells, OPTIONS), drawn, 'the same seed, the same draws')
  t.not(drawRuns(cells, { ...OPTIONS, seed: 8 }).met[0], drawn.met[0], 'another seed, other draws')
})

t.test('draws: each drawn run is one report\'s run, so its cells share that run\'s host state', async t => {
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
  const drawn = drawRuns(pooledCells([fast, slow]), OPTIONS)
  t.ok(drawn.allMet > OPTIONS.draws * 0.4 && drawn.allMet < OPTIONS.draws * 0.6, `all met in ${drawn.allMet} of ${OPTIONS.draws}`)
  t.ok(drawn.counts.every(count => count === 0 || count === 2), 'never one cell without the other')
})

t.test('odds: mean and 5-95 % range of the cells met per drawn run', async t => {
  const report = { results: [
    cell('native', 'timeout-set-clear', [1, 1, 1, 1, 1]), cell('heaptimers', 'timeout-set-clear', [4, 4, 4, 4, 4]),
    cell('native', 'immediate-set', [1, 1, 1, 1, 1]), cell('heaptimers', 'immediate-set', [1, 1, 1, 1, 1]),
  ] }
  const odds = oddsOf(pooledCells([report]), OPTIONS)
  t.equal(odds.expected, 1)
  t.equal(odds.low, 1)
  t.equal(odds.high, 1)
})

t.test('CLI: a full run\'s report gives odds for heaptimers, the floor, and heaptimers on the floor\'s cells', async t => {
  const report = path.join(RESULTS, 'intel-host-2026-12-01-night.json')
  const out = execFileSync(process.execPath, [SCRIPT, '--draws', '200', '--cells', report], { encoding: 'utf8' })
  const lines = out.trim().split('\n')
  t.match(lines[0], /^1 report\(s\); drawn runs of 5 children an arm, 200 draws, seed 1$/)
  t.match(out, /^heaptimers: [\d.]+ of 84 cells met in a drawn run \(5-95 %: \d+-\d+\); all 84 in \d+ of 200 draws/m)
  t.match(out, /^the floor: [\d.]+ of 75 cells met in a drawn run/m)
  t.match(out, /^heaptimers on the floor's cells: [\d.]+ of 75 cells met/m)
  t.match(out, /^ {2}timeout-set-clear heaptimers v20: pooled [\d.]+x \(5 vs 5 children\), target 3x, met in [\d.]+ % of draws$/m)
  t.equal(lines.filter(line => / heaptimers(:\S+)? v\d+: pooled/.test(line)).length, 84)
  t.equal(execFileSync(process.execPath, [SCRIPT, '--draws', '200', '--cells', report], { encoding: 'utf8' }), out, 'seeded: the same output')
})

t.test('CLI: bad arguments exit 2 with the usage', async t => {
  for (const args of [[], ['--draws', '0', 'x.json'], ['--bogus', 'x.json']]) {
    const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' })
    t.equal(run.status, 2, args.join(' '))
    t.match(run.stderr, /usage: node bench\/results\/odds\.js/)
  }
})
