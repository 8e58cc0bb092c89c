// The report as a grid, independent of how it is drawn: a title, the column headers (one column
// per (Node, implementation), versions oldest first, plus a ratio column per Node), one row per
// scenario with the `**`/`++` marks, and the footnotes. table.js and md.js only draw it.
'use strict';

const registry = require('../scenarios');
const { compareVersions } = require('../nodes');
const stats = require('../stats');
const fmt = require('./format');
const { ratio, NATIVE } = require('./ratio');

const NONE = '-';
const BEST = '++';
const BEST_NATIVE = '**';

function unique(list) {
  return [...new Set(list)];
}

function columnsOf(results) {
  const nodes = unique(results.map((r) => r.node)).sort(compareVersions);
  let impls = unique(results.map((r) => r.impl)).filter((i) => i !== NONE);
  if (impls.includes(NATIVE)) impls = [NATIVE, ...impls.filter((i) => i !== NATIVE)];
  if (!impls.length) impls = [NONE];
  const others = impls.filter((i) => i !== NATIVE && i !== NONE);
  const hasRatio = impls.includes(NATIVE) && others.length > 0;
  return { nodes, impls, others, hasRatio };
}

function scenarioOrder(results) {
  const names = unique(results.map((r) => r.scenario));
  const known = registry.all.map((s) => s.name).filter((n) => names.includes(n));
  return [...known, ...names.filter((n) => !known.includes(n))];
}

// The header of an implementation column: name and each option on its own line, to stay narrow.
function implHeader(impl) {
  if (impl === NONE) return ['no timers'];
  const colon = impl.indexOf(':');
  if (colon < 0) return [impl];
  return [impl.slice(0, colon), ...impl.slice(colon + 1).split(',')];
}

function headerOf(cols) {
  const head = [['scenario (unit)']];
  for (const node of cols.nodes) {
    for (const impl of cols.impls) head.push([node, ...implHeader(impl)]);
    if (cols.hasRatio) head.push([node, 'ht/native']);
  }
  return head;
}

// Numbered footnotes for error and n/a cells; identical messages share a number.
function footnoteBook() {
  const entries = new Map();
  return {
    ref(result) {
      const key = `${result.error.kind}\0${result.error.message}`;
      if (!entries.has(key)) entries.set(key, { n: entries.size + 1, error: result.error, where: new Set(), cells: 0 });
      const entry = entries.get(key);
      entry.where.add(result.impl === NONE ? result.node : `${result.impl} on ${result.node}`);
      entry.cells++;
      return entry.n;
    },
    lines() {
      return [...entries.values()].map((e) =>
        `[${e.n}] ${e.error.kind}: ${e.error.message} (${[...e.where].join('; ')}; ${e.cells} cell${e.cells > 1 ? 's' : ''})`);
    }
  };
}

// Marks the best value overall (`++`) and the best native value (`**`, when native is not also
// the best overall). Rows that call no timers count as native: they are what native costs.
function marksOf(rowResults) {
  const ok = rowResults.filter((r) => !r.error && r.median > 0);
  const marks = new Map();
  if (!ok.length) return marks;
  const better = ok[0].higherIsBetter ? (a, b) => a > b : (a, b) => a < b;
  const bestOf = (list) => list.reduce((best, r) => (better(r.median, best) ? r.median : best), list[0].median);
  const best = bestOf(ok);
  const natives = ok.filter((r) => r.impl === NATIVE || r.impl === NONE);
  const bestNative = natives.length ? bestOf(natives) : null;
  for (const r of ok) {
    if (r.median === best) marks.set(r, BEST);
    else if (bestNative !== null && r.median === bestNative && (r.impl === NATIVE || r.impl === NONE)) marks.set(r, BEST_NATIVE);
  }
  return marks;
}

function cellText(result, marks, notes) {
  if (!result) return '';
  if (result.error) return `${result.error.kind === 'n/a' ? 'n/a' : 'error'} [${notes.ref(result)}]`;
  const parts = [fmt.measurement(result.median, result.unit)];
  const margin = fmt.margin(result.rme);
  if (margin) parts.push(margin);
  if (marks.has(result)) parts.push(marks.get(result));
  return parts.join(' ');
}

function rowOf(scenario, results, cols, notes) {
  const rowResults = results.filter((r) => r.scenario === scenario);
  const unit = rowResults[0].unit;
  const marks = marksOf(rowResults);
  const find = (node, impl) => rowResults.find((r) => r.node === node && r.impl === impl);
  const cells = [`${scenario} (${unit})`];
  for (const node of cols.nodes) {
    const shared = find(node, NONE);
    // A row without timers has one value per Node: it goes in the first column of that Node.
    if (shared) cols.impls.forEach((_, i) => cells.push(i === 0 ? cellText(shared, marks, notes) : ''));
    else for (const impl of cols.impls) cells.push(cellText(find(node, impl), marks, notes));
    if (cols.hasRatio) {
      const nativeResult = find(node, NATIVE);
      cells.push(shared ? '' : cols.others.map((impl) => fmt.ratio(ratio(find(node, impl), nativeResult))).join(' '));
    }
  }
  return cells;
}

function titleOf(report) {
  const m = report.machine;
  const samplers = unique(report.results.flatMap((r) => r.runs.map((run) => run.sampler)));
  const runs = report.options && report.options.runs;
  return [
    `${report.tool.name} ${report.tool.version} | ${m.cpus} x ${m.cpuModel} | ${m.os} ${m.arch} | ${report.started}`,
    `median of ${runs === undefined ? '?' : runs} run${runs === 1 ? '' : 's'} per cell, each in its own process; samplers: ${samplers.join(', ') || 'none'}`
  ];
}

function notesOf(cols, results) {
  const lines = [
    '± is the 95% margin of error across runs (within the single run when --runs 1).',
    'M/s: millions of operations per second, higher is better. % cpu: CPU time in % of one core, lower is better.',
    `${BEST} marks the best value in the row; ${BEST_NATIVE} the best native value when native is not also the best.`
  ];
  if (cols.hasRatio) {
    lines.push(`ht/native: each of ${cols.others.join(', ')} over native on the same Node, in column order; ` +
      'for % cpu rows native over heaptimers, so above 1 always means heaptimers is better.');
  }
  if (results.some((r) => r.impl === NONE)) {
    lines.push('fn-* rows call no timer function: measured once per Node, shown in its first column.');
  }
  return lines;
}

// A cpu cell is only comparable with native if it did comparable work: an implementation whose
// timers fire less often uses less CPU for the wrong reason. Flag any below 80% of native's rate.
const FIRE_RATE_TOLERANCE = 0.8;

function firesPerSec(result) {
  const rates = result.runs.map((run) => run.extra && run.extra.firesPerSec).filter((v) => v > 0);
  return rates.length ? stats.median(rates) : null;
}

function fireRateWarnings(results) {
  const lines = [];
  for (const r of results) {
    if (r.unit !== '% cpu' || r.impl === NATIVE || r.error) continue;
    const nativeResult = results.find((n) => n.impl === NATIVE && n.node === r.node && n.scenario === r.scenario && !n.error);
    const mine = firesPerSec(r);
    const theirs = nativeResult && firesPerSec(nativeResult);
    if (mine && theirs && mine < theirs * FIRE_RATE_TOLERANCE) {
      lines.push(`warning: ${r.scenario} ${r.impl} on ${r.node} fired ${Math.round(mine)}/s against native's ` +
        `${Math.round(theirs)}/s, so its % cpu is for less work.`);
    }
  }
  return lines;
}

function build(report) {
  const results = report.results;
  const cols = columnsOf(results);
  const notes = footnoteBook();
  const rows = scenarioOrder(results).map((s) => rowOf(s, results, cols, notes));
  return {
    title: titleOf(report),
    header: headerOf(cols),
    rows,
    notes: [...notesOf(cols, results), ...notes.lines(), ...fireRateWarnings(results)]
  };
}

module.exports = { build, marksOf, BEST, BEST_NATIVE };
