'use strict';

// Issue #5's targets, checked against a timerbench JSON report of its full command:
//
//   node bench/results/targets.js <report.json>
//
// prints how many of the 84 cells met their targets (ratios heaptimers/native of medians per
// Node; native/heaptimers for % cpu rows) and lists the cells that did not.

const path = require('path');

const DEFAULT_TARGETS = {
  'timeout-set-clear': 3,
  'immediate-set-clear': 1.0,
  'immediate-set-clear-40k-run-1': 2,
  'immediate-set': 1.5,
  'cpu-1ms-loops-100': 1.4,
  'cpu-1ms-loops-1000': 1.4,
};
const EVERY_OTHER_ROW = 0.95;

/** The target of `scenario` for implementation `impl`, or null when the issue sets none. */
function targetOf(impl, scenario) {
  const bulkImmediates = /^immediate-run-10k/.test(scenario);
  const bulkTimeouts = /^timeout-run-10k/.test(scenario);
  const recursion = /^immediate-recursion/.test(scenario);
  if (impl === 'heaptimers') {
    if (scenario in DEFAULT_TARGETS) return DEFAULT_TARGETS[scenario];
    if (bulkImmediates || bulkTimeouts) return 1.3;
    return recursion ? 0.9 : EVERY_OTHER_ROW;
  }
  if (impl === 'heaptimers:maxTickDepth=10') return recursion ? 5 : null;
  if (impl === 'heaptimers:drainBetweenCallbacks=false') return bulkImmediates ? 2.5 : bulkTimeouts ? 2 : null;
  return null;
}

/** Every cell with a target: { scenario, impl, node, ratio, target, met }. */
function checkTargets(report) {
  const byKey = new Map(report.results.map(cell => [`${cell.node} ${cell.impl} ${cell.scenario}`, cell]));
  const cells = [];
  for (const cell of report.results) {
    const target = targetOf(cell.impl, cell.scenario);
    if (target === null) continue;
    const native = byKey.get(`${cell.node} native ${cell.scenario}`);
    if (native === undefined) continue;
    const ratio = cell.higherIsBetter ? cell.median / native.median : native.median / cell.median;
    cells.push({ scenario: cell.scenario, impl: cell.impl, node: cell.node, ratio, target, met: ratio >= target });
  }
  return cells;
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/results/targets.js <report.json>');
    process.exit(2);
  }
  const cells = checkTargets(require(path.resolve(file)));
  console.log(`${cells.filter(cell => cell.met).length} of ${cells.length} cells met their targets`);
  for (const cell of cells.filter(cell => !cell.met)) {
    console.log(`  ${cell.scenario} ${cell.impl} ${cell.node}: ${cell.ratio.toFixed(2)}x, target ${cell.target}x`);
  }
}

module.exports = { checkTargets, targetOf };
