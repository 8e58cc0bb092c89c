'use strict'
// bench/results/targets.js: issue #5's targets checked against a timerbench report.

const t = require('tap')
const path = require('node:path')
const { execFileSync } = require('node:child_process')
const { checkTargets, compareTargets, ratioTable, targetOf } = require('../../bench/results/targets')

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

t.test('the CLI counts a saved run', async t => {
  const out = execFileSync(process.execPath, [SCRIPT, path.join(__dirname, '..', '..', 'bench', 'results', 'issue-5-2026-11-25.json')], { encoding: 'utf8' })
  t.match(out, /^61 of 84 cells met their targets\n/)
  t.match(out, /immediate-recursion heaptimers v20\.20\.2: 0\.64x, target 0\.9x/)
  const table = execFileSync(process.execPath, [SCRIPT, '--markdown', path.join(__dirname, '..', '..', 'bench', 'results', 'issue-5-2026-11-25.json')], { encoding: 'utf8' })
  t.match(table, /^\| row \| default options \|/)
  t.match(table, /\n\| immediate-recursion \| _0\.64x_ \/ /)
  t.equal(table.trim().split('\n').length, 2 + 19, 'a row per scenario with a target')
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
