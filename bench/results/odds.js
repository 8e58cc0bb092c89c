'use strict';

// The odds that one run of issue #5's command meets its targets, estimated from the children of
// one or more runs of that command:
//
//   node bench/results/odds.js [--draws 10000] [--runs 5] [--seed 1] [--cells] <report.json>...
//
// A run's cell is a ratio of two medians of 5 children each (heaptimers' and native's), and on
// these hosts one child can read 30 % off the next one, so a cell near its target lands on
// either side of it from run to run. targets.js says what one run met; this says how often a run
// would meet it. It draws runs from the reports given (a bootstrap): a drawn run picks one of the
// reports, then for each cell `--runs` children of each arm from that report's, with
// replacement, and checks the ratio of their medians against the cell's target. It prints,
// for heaptimers' 84 cells and for the floor's cells (bench/floor/timers.js, when the reports ran
// it), how many cells a drawn run meets and how often it meets them all; with --cells, each
// cell's pooled ratio (all children's medians) and the share of drawn runs that met it.
//
// What it assumes: the children of an arm in one run are independent readings of it, and the
// reports are runs like the next one will be (a drawn run is always like one of them: more
// reports, better odds). Give only reports of one library for heaptimers' figures; the floor's
// are comparable across reports since its code last changed (bench/floor/timers.js).

const path = require('path');
const { FLOOR_OF, targetOf } = require('./targets');

const DEFAULTS = { draws: 10000, runs: 5, seed: 1, cells: false };

/**
 * The cells of `reports` with a target, each with its children and native's by report:
 * [{ scenario, impl, major, target, higherIsBetter, values, natives, pairs }], `values` and
 * `natives` pooled over the reports, `pairs[r]` = [values, natives] of report r (undefined when
 * report r lacks the cell). A floor column takes the target of the heaptimers column it stands
 * beside. Cells are matched by row, option set and Node major.
 */
function pooledCells(reports) {
  const arms = new Map();
  reports.forEach((report, index) => {
    for (const cell of report.results) {
      if (cell.error || !Array.isArray(cell.runs)) continue;
      const values = cell.runs.map(child => child.value).filter(Number.isFinite);
      if (values.length === 0) continue;
      const key = `${cell.scenario} ${cell.impl} ${majorOf(cell.node)}`;
      let arm = arms.get(key);
      if (arm === undefined) {
        arm = { scenario: cell.scenario, impl: cell.impl, major: majorOf(cell.node), higherIsBetter: cell.higherIsBetter, byReport: [] };
        arms.set(key, arm);
      }
      arm.byReport[index] = values;
    }
  });
  const cells = [];
  for (const arm of arms.values()) {
    const target = targetOf(HEAPTIMERS_OF[arm.impl] || arm.impl, arm.scenario);
    const native = arms.get(`${arm.scenario} native ${arm.major}`);
    if (target === null || native === undefined) continue;
    const pairs = reports.map((report, r) => arm.byReport[r] && native.byReport[r] ? [arm.byReport[r], native.byReport[r]] : undefined);
    const present = pairs.filter(Boolean);
    if (present.length === 0) continue;
    cells.push({
      scenario: arm.scenario, impl: arm.impl, major: arm.major, higherIsBetter: arm.higherIsBetter, target,
      values: present.flatMap(pair => pair[0]), natives: present.flatMap(pair => pair[1]), pairs, present,
    });
  }
  return cells;
}

const HEAPTIMERS_OF = Object.fromEntries(Object.entries(FLOOR_OF).map(([heaptimers, floor]) => [floor, heaptimers]));

/** Whether `impl` is one of the floor's columns rather than heaptimers'. */
function isFloor(impl) {
  return impl in HEAPTIMERS_OF;
}

/** A cell's ratio to native's, higher better: rates over native's, native's % cpu over the cell's. */
function ratio(higherIsBetter, value, native) {
  return higherIsBetter ? value / native : native / value;
}

/**
 * Draws `draws` runs from `cells` (pooledCells()), with a seeded generator. A drawn run is one of
 * the reports' runs again: it picks a report, then for each cell `runs` children of each arm
 * from that report's, with replacement (a cell that report lacks draws from a report that has
 * it). So the cells of a drawn run share one run's host state, as a real run's do, and each
 * cell keeps the pairing of interleaved children. Returns { met: per cell, the draws that met
 * it; counts: per draw, the cells met; allMet: the draws that met every cell }.
 */
function drawRuns(cells, { draws, runs, seed }) {
  const random = mulberry32(seed);
  const reports = cells.reduce((most, cell) => Math.max(most, cell.pairs.length), 0);
  const met = new Array(cells.length).fill(0);
  const counts = new Array(draws);
  const sample = new Array(runs);
  let allMet = 0;
  for (let draw = 0; draw < draws; draw++) {
    const report = Math.floor(random() * reports);
    let count = 0;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const [values, natives] = cell.pairs[report] || cell.present[Math.floor(random() * cell.present.length)];
      const value = medianOfDraw(values, sample, random);
      const native = medianOfDraw(natives, sample, random);
      if (ratio(cell.higherIsBetter, value, native) >= cell.target) {
        met[i]++;
        count++;
      }
    }
    counts[draw] = count;
    if (count === cells.length) allMet++;
  }
  return { met, counts, allMet };
}

// The median of `sample.length` values drawn from `values` with replacement.
function medianOfDraw(values, sample, random) {
  for (let i = 0; i < sample.length; i++) sample[i] = values[Math.floor(random() * values.length)];
  return median(sample);
}

/** The median of `values` (sorted in place). */
function median(values) {
  values.sort((a, b) => a - b);
  const middle = values.length >> 1;
  return values.length % 2 === 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

/** The `share` quantile (0 to 1) of `values`, nearest rank (sorted in place). */
function quantile(values, share) {
  values.sort((a, b) => a - b);
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil(share * values.length) - 1))];
}

// A small seeded generator (mulberry32): the same reports and seed give the same figures.
function mulberry32(seed) {
  let state = seed >>> 0;
  return function random() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function majorOf(version) {
  return version.split('.')[0];
}

/**
 * The odds for one group of cells: { cells, drawn: drawRuns()'s result, expected, low, high },
 * `expected` being the mean count of cells met per drawn run and low/high its 5 % and 95 %
 * quantiles.
 */
function oddsOf(cells, options) {
  const drawn = drawRuns(cells, options);
  const counts = drawn.counts.slice();
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return { cells, drawn, expected, low: quantile(counts, 0.05), high: quantile(counts, 0.95) };
}

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--cells') options.cells = true;
    else if (arg === '--draws' || arg === '--runs' || arg === '--seed') {
      const value = Number(argv[++i]);
      if (!(Number.isInteger(value) && value >= 1)) throw new Error(`${arg} takes a whole number of at least 1`);
      options[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) {
      throw new Error(`unknown option ${arg}`);
    } else {
      files.push(arg);
    }
  }
  if (files.length === 0) throw new Error('give one or more timerbench JSON reports');
  return { options, files };
}

function summaryLine(name, odds, draws) {
  const total = odds.cells.length;
  const share = odds.drawn.allMet / draws;
  return `${name}: ${odds.expected.toFixed(1)} of ${total} cells met in a drawn run (5-95 %: ${odds.low}-${odds.high});` +
    ` all ${total} in ${odds.drawn.allMet} of ${draws} draws (${(share * 100).toFixed(share > 0 && share < 0.01 ? 2 : 1)} %)`;
}

/** A cell's ratio of the medians of all its children, pooled over the reports. */
function pooledRatio(cell) {
  return ratio(cell.higherIsBetter, median(cell.values.slice()), median(cell.natives.slice()));
}

function cellLines(odds, draws) {
  return odds.cells.map((cell, i) => {
    const pooled = pooledRatio(cell);
    const share = odds.drawn.met[i] / draws;
    return `  ${cell.scenario} ${cell.impl} ${cell.major}: pooled ${pooled.toFixed(2)}x (${cell.values.length} vs ${cell.natives.length} children),` +
      ` target ${cell.target}x, met in ${(share * 100).toFixed(1)} % of draws`;
  });
}

function main(argv) {
  const { options, files } = parseArgs(argv);
  const reports = files.map(file => require(path.resolve(file)));
  const cells = pooledCells(reports);
  const ours = cells.filter(cell => !isFloor(cell.impl));
  const floors = cells.filter(cell => isFloor(cell.impl));
  console.log(`${files.length} report(s); drawn runs of ${options.runs} children an arm, ${options.draws} draws, seed ${options.seed}`);
  const groups = [['heaptimers', ours]];
  if (floors.length > 0) {
    // heaptimers on the cells the floor has (it has no maxTickDepth), drawn alike.
    const floorKeys = new Set(floors.map(cell => `${cell.scenario} ${HEAPTIMERS_OF[cell.impl]} ${cell.major}`));
    groups.push(['the floor', floors]);
    groups.push(['heaptimers on the floor\'s cells', ours.filter(cell => floorKeys.has(`${cell.scenario} ${cell.impl} ${cell.major}`))]);
  }
  for (const [name, group] of groups) {
    const odds = oddsOf(group, options);
    console.log(summaryLine(name, odds, options.draws));
    // The cells whose pooled ratio meets the target: what noise alone costs.
    const reachable = group.filter(cell => pooledRatio(cell) >= cell.target);
    if (reachable.length > 0 && reachable.length < group.length) {
      console.log(`  ${summaryLine('of them, those whose pooled ratio meets the target', oddsOf(reachable, options), options.draws)}`);
    }
    if (options.cells && name !== 'heaptimers on the floor\'s cells') for (const line of cellLines(odds, options.draws)) console.log(line);
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`odds.js: ${error.message}`);
    console.error('usage: node bench/results/odds.js [--draws 10000] [--runs 5] [--seed 1] [--cells] <report.json>...');
    process.exit(2);
  }
}

module.exports = { drawRuns, isFloor, median, oddsOf, pooledCells, pooledRatio, quantile };
