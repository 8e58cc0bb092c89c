'use strict';

// The odds that one run of issue #5's command meets its targets, estimated from the children of
// one or more runs of that command:
//
//   node bench/results/odds.js [--draws 10000] [--runs 5] [--seed 1] [--cells] <report.json>...
//
// A run's cell is a ratio of two medians of 5 children each (heaptimers' and native's), and on
// these hosts one child can read 30 % off the next one, so a cell near its target lands on
// either side of it from run to run. targets.js says what one run met; this says how often a run
// would meet it, by drawing runs from the reports given (a bootstrap). timerbench runs a
// scenario in rounds: child k of every Node and implementation, side by side, then child k+1
// (bench/plan.js). A drawn run picks one report, then for each scenario `--runs` of that
// report's rounds, with replacement, and takes every arm's median over those same rounds, so
// each ratio keeps the pairing of children that ran side by side, every column of a Node shares
// one native median, and the cells of a drawn run share one run's host state, as a real run's do.
//
// It prints, for each group of cells (heaptimers' 84; the floor's 75, bench/floor/timers.js, when
// the reports ran it; heaptimers' on those same 75), the mean number of cells a drawn run meets
// with its 5-95 % range and how many drawn runs met every cell; then the same for the group's
// cells whose typical ratio (the median over the reports of each report's ratio) meets its
// target. That subset is chosen from the data it is then drawn from, which flatters its odds.
// With --cells, each cell's typical ratio and the share of drawn runs that met it.
//
// What it assumes: the reports are runs like the next one will be. A drawn run is always one of
// them, resampled, so with one report the odds cover only the noise within that run, centred on
// what it read: more reports, better estimates. Give reports of one library for heaptimers'
// figures; the floor's compare across reports since its code last changed. A cell is drawn only
// if every report has it (a report of other rows leaves it out).

const fs = require('fs');
const { median, percentile } = require('../stats');
const { FLOOR_OF, majorOf, ratio, targetOf } = require('./targets');

const DEFAULTS = { draws: 10000, runs: 5, seed: 1, cells: false };
// The heaptimers column each floor column stands beside (FLOOR_OF turned around).
const HEAPTIMERS_OF = Object.fromEntries(Object.entries(FLOOR_OF).map(([heaptimers, floor]) => [floor, heaptimers]));

/** Whether `impl` is one of the floor's columns rather than heaptimers'. */
function isFloor(impl) {
  return Object.hasOwn(HEAPTIMERS_OF, impl);
}

/**
 * The cells of `reports` that have a target and are in every report, in report order:
 * [{ scenario, impl, major, target, higherIsBetter, children, natives }], `children[r]` and
 * `natives[r]` being the cell's and native's children in report r, by round. A floor column
 * takes the target of the heaptimers column it stands beside. Cells are matched by row,
 * option set and Node major.
 */
function cellsOf(reports) {
  const arms = new Map();
  reports.forEach((report, index) => {
    for (const cell of report.results) {
      if (cell.error || !Array.isArray(cell.runs) || cell.runs.length === 0) continue;
      const key = `${cell.scenario} ${cell.impl} ${majorOf(cell.node)}`;
      let arm = arms.get(key);
      if (arm === undefined) {
        arm = { scenario: cell.scenario, impl: cell.impl, major: majorOf(cell.node), higherIsBetter: cell.higherIsBetter, byReport: [] };
        arms.set(key, arm);
      }
      arm.byReport[index] = cell.runs.map(child => child.value);
    }
  });
  const cells = [];
  for (const arm of arms.values()) {
    const target = targetOf(HEAPTIMERS_OF[arm.impl] || arm.impl, arm.scenario);
    const native = arms.get(`${arm.scenario} native ${arm.major}`);
    if (target === null || native === undefined) continue;
    if (!reports.every((report, r) => arm.byReport[r] !== undefined && native.byReport[r] !== undefined)) continue;
    const { scenario, impl, major, higherIsBetter } = arm;
    cells.push({ scenario, impl, major, higherIsBetter, target, children: arm.byReport, natives: native.byReport });
  }
  return cells;
}

/** A cell's typical ratio: the median over the reports of each report's ratio of medians. */
function typicalRatio(cell) {
  return median(cell.children.map((children, r) => ratio(cell.higherIsBetter, median(children), median(cell.natives[r]))));
}

/**
 * Draws `draws` runs of `cells` (cellsOf()) from `reportCount` reports, with a seeded generator
 * (see the top for how a run is drawn): { draws, cells, met }, `met[draw * cells.length + i]`
 * being 1 when drawn run `draw` met cell i.
 */
function drawRuns(cells, reportCount, { draws, runs, seed }) {
  const random = mulberry32(seed);
  const met = new Uint8Array(draws * cells.length);
  const sample = new Array(runs);
  const scenarios = [...new Set(cells.map(cell => cell.scenario))];
  const scenarioOf = cells.map(cell => scenarios.indexOf(cell.scenario));
  // The rounds of each scenario in each report. Its arms' counts agree unless a child failed,
  // which ends its cell's runs: then only the rounds every arm has are drawn.
  const roundCounts = Array.from({ length: reportCount }, (_, report) => scenarios.map((_, s) => Math.min(
    ...cells.filter((cell, i) => scenarioOf[i] === s).flatMap(cell => [cell.children[report].length, cell.natives[report].length]))));
  const roundsOf = scenarios.map(() => new Array(runs));
  for (let draw = 0; draw < draws; draw++) {
    const report = Math.floor(random() * reportCount);
    // The same rounds for every arm of a scenario in this draw.
    for (let s = 0; s < scenarios.length; s++) {
      for (let k = 0; k < runs; k++) roundsOf[s][k] = Math.floor(random() * roundCounts[report][s]);
    }
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i];
      const chosen = roundsOf[scenarioOf[i]];
      const value = medianAt(cell.children[report], chosen, sample);
      const native = medianAt(cell.natives[report], chosen, sample);
      if (ratio(cell.higherIsBetter, value, native) >= cell.target) met[draw * cells.length + i] = 1;
    }
  }
  return { draws, cells: cells.length, met };
}

// The median of `values` at the indices `chosen` (`sample`: scratch space of their length).
function medianAt(values, chosen, sample) {
  for (let k = 0; k < chosen.length; k++) sample[k] = values[chosen[k]];
  return median(sample);
}

/**
 * The odds of one group of drawRuns()'s cells, given by index: { size, expected, low, high,
 * allMet, metByCell }, `expected` being the mean count of the group's cells met per drawn run,
 * low/high its 5 % and 95 % quantiles, `allMet` the drawn runs that met every cell of the
 * group, and `metByCell[j]` the drawn runs that met its j-th cell.
 */
function oddsOf(drawn, indices) {
  const counts = new Array(drawn.draws);
  const metByCell = new Array(indices.length).fill(0);
  let allMet = 0;
  for (let draw = 0; draw < drawn.draws; draw++) {
    let count = 0;
    indices.forEach((i, j) => {
      if (drawn.met[draw * drawn.cells + i] === 1) {
        count++;
        metByCell[j]++;
      }
    });
    counts[draw] = count;
    if (count === indices.length) allMet++;
  }
  const expected = counts.reduce((sum, count) => sum + count, 0) / drawn.draws;
  return { size: indices.length, expected, low: percentile(counts, 5), high: percentile(counts, 95), allMet, metByCell };
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

/**
 * The groups of cells the odds are given for: [{ name, indices, listed }], `indices` into
 * `cells`, `listed` whether --cells lists the group's cells (heaptimers' on the floor's cells
 * are listed under heaptimers already).
 */
function groupsOf(cells) {
  const indicesWhere = test => cells.flatMap((cell, i) => test(cell) ? [i] : []);
  const groups = [{ name: 'heaptimers', indices: indicesWhere(cell => !isFloor(cell.impl)), listed: true }];
  const floorKeys = new Set(cells.filter(cell => isFloor(cell.impl)).map(cell => `${cell.scenario} ${HEAPTIMERS_OF[cell.impl]} ${cell.major}`));
  if (floorKeys.size > 0) {
    groups.push({ name: 'the floor', indices: indicesWhere(cell => isFloor(cell.impl)), listed: true });
    groups.push({ name: 'heaptimers on the floor\'s cells', indices: indicesWhere(cell => floorKeys.has(`${cell.scenario} ${cell.impl} ${cell.major}`)), listed: false });
  }
  return groups.filter(group => group.indices.length > 0);
}

function parseArgs(argv) {
  const options = { ...DEFAULTS };
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--cells') {
      options.cells = true;
    } else if (arg === '--draws' || arg === '--runs' || arg === '--seed') {
      const value = Number(argv[++i]);
      const least = arg === '--seed' ? 0 : 1;
      if (!(Number.isInteger(value) && value >= least)) throw new UsageError(`${arg} takes a whole number of at least ${least}`);
      options[arg.slice(2)] = value;
    } else if (arg.startsWith('--')) {
      throw new UsageError(`unknown option ${arg}`);
    } else {
      files.push(arg);
    }
  }
  if (files.length === 0) throw new UsageError('give one or more timerbench JSON reports');
  return { options, files };
}

class UsageError extends Error {}

function percent(share) {
  return `${(share * 100).toFixed(share > 0 && share < 0.001 ? 3 : 1)} %`;
}

function summaryLine(name, odds, draws) {
  return `${name}: ${odds.expected.toFixed(1)} of ${odds.size} cells met in a drawn run (5-95 %: ${odds.low}-${odds.high});` +
    ` all ${odds.size} in ${odds.allMet} of ${draws} draws (${percent(odds.allMet / draws)})`;
}

function cellLine(cell, typical, met, draws) {
  return `  ${cell.scenario} ${cell.impl} ${cell.major}: typical ${typical.toFixed(2)}x, target ${cell.target}x,` +
    ` met in ${percent(met / draws)} of draws`;
}

function main(argv) {
  const { options, files } = parseArgs(argv);
  const reports = files.map(file => JSON.parse(fs.readFileSync(file, 'utf8')));
  const cells = cellsOf(reports);
  if (cells.length === 0) throw new Error('no cell with a target is in every report, beside native\'s');
  const drawn = drawRuns(cells, reports.length, options);
  const typical = cells.map(typicalRatio);
  console.log(`${files.length} report(s); drawn runs of ${options.runs} rounds, ${options.draws} draws, seed ${options.seed}`);
  for (const group of groupsOf(cells)) {
    const odds = oddsOf(drawn, group.indices);
    console.log(summaryLine(group.name, odds, options.draws));
    const reachable = group.indices.filter(i => typical[i] >= cells[i].target);
    if (reachable.length > 0 && reachable.length < group.indices.length) {
      console.log(`  ${summaryLine('of them, those whose typical ratio meets the target', oddsOf(drawn, reachable), options.draws)}`);
    }
    if (options.cells && group.listed) {
      group.indices.forEach((i, j) => console.log(cellLine(cells[i], typical[i], odds.metByCell[j], options.draws)));
    }
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`odds.js: ${error.message}`);
    console.error('usage: node bench/results/odds.js [--draws 10000] [--runs 5] [--seed 1] [--cells] <report.json>...');
    process.exit(2);
  }
}

module.exports = { cellsOf, drawRuns, groupsOf, isFloor, oddsOf, typicalRatio };
