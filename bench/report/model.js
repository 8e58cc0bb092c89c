// The report as a grid, independent of how it is drawn: a title, the column headers, the rows with
// their `**`/`++` marks, and the footnotes. The cells are laid out by one of two layouts: `wide`
// (a column per Node and implementation; wide.js) or `versions` (a column per Node version,
// implementations as rows; by-version.js); `auto` picks wide for one Node, versions for several.
// table.js and md.js only draw the grid.
'use strict'

const stats = require('../child/stats')
const fit = require('./fit')
const { UNITS } = require('../child/units')
const { machinesOf } = require('./merge')
const { NATIVE } = require('./ratio')
const cells = require('./cells')
const wide = require('./wide')
const byVersion = require('./by-version')

const { NONE, BEST, BEST_NATIVE, VERDICT_MARKS, unique, ratioName, implLabel } = cells
const LAYOUTS = { wide, versions: byVersion }

/** The layout module (wide.js or by-version.js) for --layout `name`: 'auto' is wide for one Node. */
function layoutOf (name, cols) {
  if (name === 'wide' || name === 'versions') return LAYOUTS[name]
  return cols.nodes.length > 1 ? byVersion : wide
}

function runsText (report) {
  const runs = report.options && report.options.runs
  const plural = (n) => `${n} run${n === 1 ? '' : 's'}`
  if (typeof runs === 'number') return `median of ${plural(runs)} per cell`
  const counts = report.results.filter((r) => !r.error).map((r) => r.runs.length)
  if (!counts.length) return 'median of ? runs per cell'
  const lo = Math.min(...counts)
  const hi = Math.max(...counts)
  return lo === hi ? `median of ${plural(lo)} per cell` : `median of ${lo} to ${hi} runs per cell`
}

// "tinybench, cpu-window" for one Node; with several, which Nodes fell back to which sampler:
// "builtin (v0.10.48, v18.20.8), tinybench (v20.20.2, v22.3.0), cpu-window".
function samplersText (results) {
  const nodes = unique(results.map((r) => r.node))
  const bySampler = new Map()
  for (const r of results) {
    for (const run of r.runs) {
      if (!bySampler.has(run.sampler)) bySampler.set(run.sampler, new Set())
      bySampler.get(run.sampler).add(r.node)
    }
  }
  if (!bySampler.size) return 'none'
  return [...bySampler].map(([sampler, used]) =>
    (nodes.length === 1 || used.size === nodes.length ? sampler : `${sampler} (${[...used].join(', ')})`)).join(', ')
}

// How precise an adaptive run got: "runs added until every ratio is within ±5% or 120 s: 12 of
// 14 scenarios reached it, the widest ±7.1% (immediate-run-10k)".
function precisionText (report) {
  const p = report.options && report.options.precision
  if (!p) return []
  const widest = p.widest ? `, the widest ±${p.widest.halfWidth.toFixed(1)}% (${p.widest.scenario})` : ''
  return [`runs added until every ratio is within ±${p.target}% or ${p.maxTime} s: ${p.reached} of ${p.scenarios} scenarios reached it${widest}`]
}

function titleOf (report) {
  const m = report.machine
  const machines = machinesOf(report)
  const others = machines.length > 1 ? ` (and ${machines.length - 1} other machine${machines.length > 2 ? 's' : ''}, see below)` : ''
  const cpu = report.options && typeof report.options.cpu === 'number' ? `, on CPU ${report.options.cpu}` : ''
  return [
    `${report.tool.name} ${report.tool.version} | ${m.cpus} x ${m.cpuModel} | ${m.os} ${m.arch}${others} | ${report.started}`,
    `${runsText(report)}, each in its own process${cpu}; samplers: ${samplersText(report.results)}`,
    ...precisionText(report)
  ]
}

// What each unit of the report means, in the units table's order; M/s and % cpu are always
// explained, as they were before the other units existed.
function unitsNote (results) {
  const present = new Set(results.map((r) => r.unit))
  return Object.keys(UNITS).filter((u) => present.has(u))
    .map((u) => `${u}: ${UNITS[u].text}, ${UNITS[u].higherIsBetter ? 'higher' : 'lower'} is better.`).join(' ')
}

// The lower-is-better units of the report, for the ratio note.
function invertedUnits (results) {
  const present = new Set(results.map((r) => r.unit))
  return Object.keys(UNITS).filter((u) => present.has(u) && !UNITS[u].higherIsBetter)
}

const INTERVAL_NOTE = '[low-high]: the ratio\'s 95% confidence interval over the runs (paired by round, t on the logs); ' +
  `${VERDICT_MARKS.better} better, ${VERDICT_MARKS.worse} worse (Benjamini-Hochberg across the table, 5%), ` +
  `${VERDICT_MARKS.same} the same (the interval within ±5%), ${VERDICT_MARKS.inconclusive} inconclusive.`

function notesOf (cols, results, grid) {
  const lines = [
    '± is the 95% margin of error across runs (within the single run when --runs 1).',
    unitsNote(results),
    `${BEST} marks the best value in the row, only where it beats the next value with confidence.`
  ]
  if (cols.nodes.length > 1) {
    lines[2] = `${BEST} marks the best value of a scenario across every Node and implementation; ` +
    `${BEST_NATIVE} the best native value across the columns (Node versions, Bun, Deno, browsers) when native is not also the best; ` +
    'each only where it beats the next value with confidence.'
  }
  if (cols.hasRatio) {
    const zero = results.some((r) => !r.error && r.median === 0)
      ? ' 0 against 0 is 1.00x; against a 0 on the other side there is no finite ratio (-).'
      : ''
    // One implementation: its ratio's name and what it divides; several: each name says it.
    const what = cols.others.length > 1
      ? `<implementation>/native: each implementation over native on the same runtime (ht: heaptimers), ${grid.ratioPlace}`
      : `${ratioName(cols.others[0])}: ${implLabel(cols.others[0])} over native on the same runtime`
    const inverted = invertedUnits(results)
    // heaptimers and heaptimers:maxTickDepth=10 are both heaptimers; undici beside them is not.
    const names = unique(cols.others.map((i) => implLabel(i).replace(/:.*/, '')))
    const only = names.length === 1 ? names[0] : null
    const flipped = inverted.length ? `; for ${inverted.join(', ')} rows native over ${only || 'it'}, so ` : ', so '
    lines.push(`${what}${flipped}above 1 always means ${only || 'the implementation'} is better.${zero}`)
    if (results.some((r) => r.runs.length > 1)) lines.push(INTERVAL_NOTE)
  }
  if (results.some((r) => r.impl === NONE)) {
    lines.push(`fn-* rows call no timer function: ${grid.fnNote}.`)
  }
  return lines
}

// Where a merged report came from, and what its inputs disagree on.
function mergeNotes (report) {
  const merged = report.options && report.options.merged
  if (!Array.isArray(merged)) return []
  const base = (file) => String(file).split(/[\\/]/).pop()
  const lines = [`merged from ${merged.length} report${merged.length > 1 ? 's' : ''}: ` +
    merged.map((m) => `${base(m.file)} (${m.nodes.join(', ')})`).join(', ')]
  const machines = machinesOf(report)
  if (machines.length > 1) {
    lines.push(`warning: the merged runs come from ${machines.length} different machines (${machines.join('; ')}): ` +
      'numbers in different columns are not comparable.')
  }
  if (report.options.pooled > 0) {
    lines.push(`${report.options.pooled} cell${report.options.pooled > 1 ? 's were' : ' was'} measured in more than one report: their runs are pooled.`)
  }
  return lines
}

// The pinned CPU slowed down during the run (cpu-pin.js recheck).
function probeWarnings (report) {
  const probe = report.options && report.options.cpuProbe
  return probe && probe.warning ? [`warning: ${probe.warning}.`] : []
}

// A cpu cell is only comparable with native if it did comparable work: an implementation whose
// timers fire less often uses less CPU for the wrong reason. Flag any below 80% of native's rate.
const FIRE_RATE_TOLERANCE = 0.8

function firesPerSec (result) {
  const rates = result.runs.map((run) => run.extra && run.extra.firesPerSec).filter((v) => v > 0)
  return rates.length ? stats.median(rates) : null
}

function fireRateWarnings (results) {
  const lines = []
  for (const r of results) {
    if (r.unit !== '% cpu' || r.impl === NATIVE || r.error) continue
    const nativeResult = results.find((n) => n.impl === NATIVE && n.node === r.node && n.scenario === r.scenario && !n.error)
    const mine = firesPerSec(r)
    const theirs = nativeResult && firesPerSec(nativeResult)
    if (mine && theirs && mine < theirs * FIRE_RATE_TOLERANCE) {
      lines.push(`warning: ${r.scenario} ${r.impl} on ${r.node} fired ${Math.round(mine)}/s against native's ` +
        `${Math.round(theirs)}/s, so its % cpu is for less work.`)
    }
  }
  return lines
}

// The app rows' figures beside their CPU per request, one line per cell: medians over its runs.
function appNotes (results) {
  const lines = []
  const median = (r, key) => {
    const v = r.runs.map((run) => run.extra && run.extra[key]).filter((x) => typeof x === 'number')
    return v.length ? stats.median(v) : null
  }
  for (const r of results) {
    if (r.unit === 'us/entry' && !r.error && median(r, 'entries') !== null) {
      const bytes = median(r, 'heapBytesPerEntry')
      lines.push(`${r.scenario}, ${implLabel(r.impl)} on ${r.node}: ${median(r, 'entries')} entries, ` +
        `${bytes === null ? 'heap not measured' : Math.round(bytes) + ' heap bytes per pending entry'}, ${median(r, 'early')} purged early, ` +
        `purges late by ${median(r, 'lateP50Ms').toFixed(2)} ms (p50) and ${median(r, 'lateP99Ms').toFixed(2)} ms (p99).`)
      continue
    }
    if (r.unit === 'us/job' && !r.error && median(r, 'jobs') !== null) {
      lines.push(`${r.scenario}, ${implLabel(r.impl)} on ${r.node}: ${median(r, 'jobs')} jobs, ` +
        `${Math.round(median(r, 'jobsPerSecond'))} jobs/s, ${median(r, 'expired')} over their time limit, ${median(r, 'early')} early fires.`)
      continue
    }
    if (r.unit !== 'us/request' || r.error) continue
    const rps = median(r, 'rps')
    const p50 = median(r, 'p50Ms')
    const p99 = median(r, 'p99Ms')
    if (rps === null) continue
    lines.push(`${r.scenario}, ${implLabel(r.impl)} on ${r.node}: ${Math.round(rps)} req/s, p50 ${p50.toFixed(2)} ms, ` +
      `p99 ${p99.toFixed(2)} ms, ${median(r, 'errors')} errors, ${median(r, 'deadlines')} deadlines hit, ` +
      `${median(r, 'early')} early fires, peak ${median(r, 'peakPending')} pending app timers.`)
  }
  return lines
}

// How cost grows with N over the scaling rows, one line per (Node, implementation) after a line
// saying how to read the exponent.
function scalingNotes (results) {
  const lines = fit.fitLines(fit.scalingFits(results))
  if (!lines.length) return []
  return ['scaling: k in N^k is the slope of log(cost) against log(N) over the scaling rows: ' +
    '0 is a constant cost per timer, 1 a cost per timer that grows in proportion to N.', ...lines]
}

// options.layout: 'auto' (default), 'wide' or 'versions'.
function build (report, { layout = 'auto' } = {}) {
  const results = report.results
  const cols = cells.columnsOf(results)
  const notes = cells.footnoteBook()
  const chosen = layoutOf(layout, cols)
  const grid = chosen.grid(results, cols, cells.scenarioOrder(results), notes)
  return {
    title: titleOf(report),
    header: grid.header,
    rows: grid.rows,
    labelColumns: grid.labelColumns,
    notes: [...notesOf(cols, results, grid), ...notes.lines(), ...mergeNotes(report), ...probeWarnings(report), ...fireRateWarnings(results),
      ...scalingNotes(results), ...appNotes(results)]
  }
}

module.exports = { build, layoutOf, marksOf: cells.marksOf, BEST, BEST_NATIVE, LAYOUTS: ['auto', ...Object.keys(LAYOUTS)] }
