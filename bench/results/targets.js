'use strict';

// Issue #5's targets, checked against a timerbench JSON report of its full command:
//
//   node bench/results/targets.js <report.json> [<later report.json>]
//   node bench/results/targets.js --markdown <report.json>
//
// prints how many of the 84 cells met their targets (ratios heaptimers/native of medians per
// Node; native/heaptimers for % cpu rows) and lists the cells that did not. Given two reports,
// it prints both counts, how many cells both missed, and the cells met in one and not the
// other (by Node major, as two runs may have different patch releases): on a noisy host, two
// runs of one build swap cells, which tells noise from a change. With --markdown, it prints the
// ratios as README's Results table: a row per scenario, a column per option set of the issue,
// each cell the ratios by Node (oldest first), a missed one in italics.
//
// A report that also ran the floor (`-i ...,floor,floor:drainBetweenCallbacks=false`, see
// bench/floor/timers.js) gets the floor's ratio beside each cell with the same options: a cell
// that the floor missed too, in the same run, is out of this design's reach on that host at that
// time, which only a run of both side by side can tell (the hosts' speeds differ by day). The
// listing says so per missed cell; the Markdown table marks such a cell with a dagger.

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

// The floor's column for each option set of heaptimers that it can run (it has no maxTickDepth).
const FLOOR_OF = {
  heaptimers: 'floor',
  'heaptimers:drainBetweenCallbacks=false': 'floor:drainBetweenCallbacks=false',
};

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

/**
 * Every cell with a target: { scenario, impl, node, ratio, target, met, floor }, `floor` being
 * the floor's ratio in the same run with the same options, or null when the report has none.
 */
function checkTargets(report) {
  const byKey = new Map(report.results.map(cell => [`${cell.node} ${cell.impl} ${cell.scenario}`, cell]));
  const cells = [];
  for (const cell of report.results) {
    const target = targetOf(cell.impl, cell.scenario);
    if (target === null) continue;
    const native = byKey.get(`${cell.node} native ${cell.scenario}`);
    if (native === undefined) continue;
    const ratio = ratioOf(cell, native);
    const floorImpl = FLOOR_OF[cell.impl];
    const floorCell = floorImpl === undefined ? undefined : byKey.get(`${cell.node} ${floorImpl} ${cell.scenario}`);
    const floor = floorCell === undefined ? null : ratioOf(floorCell, native);
    cells.push({ scenario: cell.scenario, impl: cell.impl, node: cell.node, ratio, target, met: ratio >= target, floor });
  }
  return cells;
}

// A cell's ratio to native's, higher better: rates over native's, native's % cpu over the cell's.
function ratioOf(cell, native) {
  return ratio(cell.higherIsBetter, cell.median, native.median);
}

/** `value`'s ratio to native's `nativeValue`, higher better (see ratioOf()). */
function ratio(higherIsBetter, value, nativeValue) {
  return higherIsBetter ? value / nativeValue : nativeValue / value;
}

/** Whether any of checkTargets()'s `cells` has the floor's ratio: the run ran the floor. */
function ranFloor(cells) {
  return cells.some(cell => cell.floor !== null);
}

/** Whether the floor missed `cell`'s target too, in the same run: out of the design's reach there. */
function floorMissed(cell) {
  return cell.floor !== null && cell.floor < cell.target;
}

/**
 * The cells of two reports side by side, matched by row, column and Node major:
 * { missedInBoth, changed: [{ scenario, impl, major, before, after, won }] }, `before` and
 * `after` being ratios, `won` true for a cell met only in the later report.
 */
function compareTargets(earlier, later) {
  const keyOf = cell => `${cell.scenario} ${cell.impl} ${majorOf(cell.node)}`;
  const earlierCells = new Map(checkTargets(earlier).map(cell => [keyOf(cell), cell]));
  let missedInBoth = 0;
  const changed = [];
  for (const cell of checkTargets(later)) {
    const before = earlierCells.get(keyOf(cell));
    if (before === undefined) continue;
    if (!before.met && !cell.met) missedInBoth++;
    if (before.met === cell.met) continue;
    changed.push({ scenario: cell.scenario, impl: cell.impl, major: majorOf(cell.node), before: before.ratio, after: cell.ratio, won: cell.met });
  }
  return { missedInBoth, changed };
}

const COLUMNS = [
  ['heaptimers', 'default options'],
  ['heaptimers:maxTickDepth=10', '`maxTickDepth: 10`'],
  ['heaptimers:drainBetweenCallbacks=false', '`drainBetweenCallbacks: false`'],
];

/** The ratios of every cell with a target, as a Markdown table (see the top). */
function ratioTable(report) {
  const cells = checkTargets(report);
  const nodes = [...new Set(cells.map(cell => cell.node))].sort(byVersion);
  const scenarios = [...new Set(cells.map(cell => cell.scenario))];
  const byKey = new Map(cells.map(cell => [`${cell.scenario} ${cell.impl} ${cell.node}`, cell]));
  const shown = cell => cell === undefined ? 'n/a' : cell.met ? `${cell.ratio.toFixed(2)}x`
    : `_${cell.ratio.toFixed(2)}x_${floorMissed(cell) ? ' †' : ''}`;
  const lines = [
    `| row | ${COLUMNS.map(([, title]) => title).join(' | ')} |`,
    `|:---|${COLUMNS.map(() => ':---').join('|')}|`,
  ];
  for (const scenario of scenarios) {
    const row = COLUMNS.map(([impl]) => targetOf(impl, scenario) === null ? ''
      : nodes.map(node => shown(byKey.get(`${scenario} ${impl} ${node}`))).join(' / '));
    lines.push(`| ${scenario} | ${row.join(' | ')} |`);
  }
  if (ranFloor(cells)) {
    lines.push('', '† missed by the floor (bench/floor/timers.js) too, in the same run, with the same options.');
  }
  return lines.join('\n');
}

function byVersion(a, b) {
  const [x, y] = [a, b].map(version => version.slice(1).split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

function majorOf(version) {
  return version.split('.')[0];
}

function printCount(cells, file) {
  console.log(`${cells.filter(cell => cell.met).length} of ${cells.length} cells met their targets${file ? ` in ${file}` : ''}`);
}

// One missed cell, with the floor's ratio when the run has it.
function missLine(cell) {
  const floor = cell.floor === null ? '' : `; the floor ${cell.floor.toFixed(2)}x${floorMissed(cell) ? ', missed too' : ''}`;
  return `  ${cell.scenario} ${cell.impl} ${cell.node}: ${cell.ratio.toFixed(2)}x, target ${cell.target}x${floor}`;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const markdown = args[0] === '--markdown';
  const [file, laterFile] = markdown ? args.slice(1) : args;
  if (!file || (markdown && laterFile !== undefined)) {
    console.error('usage: node bench/results/targets.js [--markdown] <report.json> [<later report.json>]');
    process.exit(2);
  }
  const report = require(path.resolve(file));
  if (markdown) {
    console.log(ratioTable(report));
  } else if (laterFile === undefined) {
    const cells = checkTargets(report);
    printCount(cells);
    const missed = cells.filter(cell => !cell.met);
    if (ranFloor(cells)) {
      console.log(`of the ${missed.length} missed, the floor missed ${missed.filter(floorMissed).length} too, in the same run`);
    }
    for (const cell of missed) console.log(missLine(cell));
  } else {
    const later = require(path.resolve(laterFile));
    printCount(checkTargets(report), file);
    printCount(checkTargets(later), laterFile);
    const { missedInBoth, changed } = compareTargets(report, later);
    console.log(`${missedInBoth} cells missed in both; ${changed.length} met in one only:`);
    for (const cell of changed) {
      const ratios = `${cell.before.toFixed(2)}x -> ${cell.after.toFixed(2)}x`;
      console.log(`  ${cell.won ? 'won ' : 'lost'} ${cell.scenario} ${cell.impl} ${cell.major}: ${ratios}`);
    }
  }
}

module.exports = { FLOOR_OF, checkTargets, compareTargets, floorMissed, majorOf, ratio, ratioTable, targetOf };
