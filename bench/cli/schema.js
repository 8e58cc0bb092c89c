// A hand-written validator for the timerbench/1 JSON report (no dependencies). Returns a list of
// problems, each naming the path and what was expected; an empty list means valid. Used on
// --baseline input, by `report` merging later, and by the tests on real output.
//
// timerbench/1:
//   { schema: 'timerbench/1', tool: { name, version }, machine: { cpus, cpuModel, os, arch },
//     started: ISO date, options: {... nodes: [ { runtime, release, version, path, source,
//       page?: { crossOriginIsolated, timerResolutionMs, userAgent } (browsers: what their pages
//       reported) } ] },
//     results: [ { node: the column label ('vX.Y.Z' for Node, 'bun X.Y.Z', 'deno X.Y.Z',
//                  'chromium N', 'chrome N', 'firefox N' for browsers, by major),
//                  runtime?: 'node' | 'bun' | 'deno' | 'chromium' | 'chrome' | 'firefox' (absent
//                  in reports before Bun and Deno: node), runtimeVersion?: the runtime's own version,
//                  impl, scenario, unit (one of ./units.js), higherIsBetter (the
//                  unit's), median, min, max (numbers, or null when error), runs: [ run ],
//                  samples, rme, error: null | { kind, message } } ],
//     fits?: [ fit ], confidence?: { level, interval, correction, alpha, same },
//     comparisons?: [ comparison ] }
//   run: { value, samples >= 1, rme: number | null, sampler, extra?: {} }
//   A value (run value, median, min, max) is finite and > 0, or >= 0 in units where 0 is a real
//   measurement (ms of lateness or jitter, early-fire counts, fires/s).
//   comparison (derived from the runs whenever JSON is written; absent in reports before it): one
//     implementation against native on one runtime: { node, impl, scenario, ratio (> 0, above 1
//     means better than native), low, high (its 95 % interval, or both null with fewer than 2
//     runs a side), p, pAdjusted (Benjamini-Hochberg across the report; null without an
//     interval), verdict: 'better' | 'worse' | 'same' | 'inconclusive', runs: [n, native's n] }
//   fit (optional; how a cost grows with N, see fit.js): { group, unit, node, impl, exponent,
//     points: [ { scenario, n > 0 integer, value > 0 } ] (at least 2, n ascending) }
'use strict'

const { UNITS: UNIT_INFO, validValue } = require('../child/units')

// unit -> higherIsBetter, as before the units table existed.
const UNITS = Object.fromEntries(Object.entries(UNIT_INFO).map(([unit, u]) => [unit, u.higherIsBetter]))
const ERROR_KINDS = ['n/a', 'load', 'crash', 'timeout', 'failed']

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)
const isString = (v) => typeof v === 'string' && v.length > 0
const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v)

function check (problems, ok, where, expected) {
  if (!ok) problems.push(`${where}: expected ${expected}`)
  return ok
}

// What a value of the unit must be, for the messages.
function valueRule (unit) {
  return UNIT_INFO[unit] && UNIT_INFO[unit].zero ? 'a finite number >= 0' : 'a finite number > 0'
}

// A value in `unit`; an unknown unit is reported once, on the result, so any number passes here.
function validValueOf (unit, v) {
  return Object.prototype.hasOwnProperty.call(UNITS, unit) ? validValue(unit, v) : isFiniteNumber(v) && v > 0
}

function validateRun (problems, run, where, unit) {
  if (!check(problems, isObject(run), where, 'an object')) return
  check(problems, validValueOf(unit, run.value), `${where}.value`, valueRule(unit))
  check(problems, Number.isInteger(run.samples) && run.samples >= 1, `${where}.samples`, 'an integer >= 1')
  check(problems, run.rme === null || (isFiniteNumber(run.rme) && run.rme >= 0), `${where}.rme`, 'a number >= 0 or null')
  check(problems, isString(run.sampler), `${where}.sampler`, 'a non-empty string')
  if (run.extra !== undefined) check(problems, isObject(run.extra), `${where}.extra`, 'an object')
}

// A column label (runtime.js): a Node version, a Bun or Deno one after the runtime's name, or a
// browser's major after its name.
const LABEL = /^((v|bun |deno )\d+\.\d+\.\d+|(chromium|chrome|firefox) \d+$)/
const LABEL_RULE = "a Node version like v20.1.0, or 'bun 1.4.5', 'deno 2.9.6', 'chromium 156' or 'firefox 153'"

function validateResult (problems, r, where) {
  if (!check(problems, isObject(r), where, 'an object')) return
  check(problems, typeof r.node === 'string' && LABEL.test(r.node), `${where}.node`, LABEL_RULE)
  if (r.runtime !== undefined) {
    const named = /^(bun|deno|chromium|chrome|firefox) /.exec(String(r.node))
    check(problems, r.runtime === (named ? named[1] : 'node'), `${where}.runtime`, `'${named ? named[1] : 'node'}' for node '${r.node}'`)
  }
  if (r.runtimeVersion !== undefined) check(problems, isString(r.runtimeVersion), `${where}.runtimeVersion`, 'a non-empty string')
  check(problems, isString(r.impl), `${where}.impl`, 'a non-empty string')
  check(problems, isString(r.scenario), `${where}.scenario`, 'a non-empty string')
  if (check(problems, Object.prototype.hasOwnProperty.call(UNITS, r.unit), `${where}.unit`, `one of ${Object.keys(UNITS).join(', ')}`)) {
    check(problems, r.higherIsBetter === UNITS[r.unit], `${where}.higherIsBetter`, `${UNITS[r.unit]} for unit ${r.unit}`)
  }
  if (check(problems, Array.isArray(r.runs), `${where}.runs`, 'an array')) {
    r.runs.forEach((run, i) => validateRun(problems, run, `${where}.runs[${i}]`, r.unit))
  }
  check(problems, Number.isInteger(r.samples) && r.samples >= 0, `${where}.samples`, 'an integer >= 0')
  if (r.error === null) {
    check(problems, Array.isArray(r.runs) && r.runs.length > 0, `${where}.runs`, 'at least one run when error is null')
    for (const key of ['median', 'min', 'max']) {
      check(problems, validValueOf(r.unit, r[key]), `${where}.${key}`, `${valueRule(r.unit)} when error is null`)
    }
    check(problems, !(r.min > r.median || r.median > r.max), `${where}`, 'min <= median <= max')
    check(problems, r.rme === null || (isFiniteNumber(r.rme) && r.rme >= 0), `${where}.rme`, 'a number >= 0 or null')
  } else if (check(problems, isObject(r.error), `${where}.error`, 'null or { kind, message }')) {
    check(problems, ERROR_KINDS.includes(r.error.kind), `${where}.error.kind`, `one of ${ERROR_KINDS.join(', ')}`)
    check(problems, typeof r.error.message === 'string', `${where}.error.message`, 'a string')
    for (const key of ['median', 'min', 'max', 'rme']) {
      check(problems, r[key] === null, `${where}.${key}`, 'null when error is set')
    }
  }
}

function validateFit (problems, f, where) {
  if (!check(problems, isObject(f), where, 'an object')) return
  check(problems, isString(f.group), `${where}.group`, 'a non-empty string')
  check(problems, Object.prototype.hasOwnProperty.call(UNITS, f.unit), `${where}.unit`, `one of ${Object.keys(UNITS).join(', ')}`)
  check(problems, typeof f.node === 'string' && LABEL.test(f.node), `${where}.node`, LABEL_RULE)
  check(problems, isString(f.impl), `${where}.impl`, 'a non-empty string')
  check(problems, isFiniteNumber(f.exponent), `${where}.exponent`, 'a finite number')
  if (!check(problems, Array.isArray(f.points) && f.points.length >= 2, `${where}.points`, 'an array of at least 2 points')) return
  f.points.forEach((p, i) => {
    const at = `${where}.points[${i}]`
    if (!check(problems, isObject(p), at, 'an object')) return
    check(problems, isString(p.scenario), `${at}.scenario`, 'a non-empty string')
    check(problems, Number.isInteger(p.n) && p.n > 0, `${at}.n`, 'an integer > 0')
    check(problems, isFiniteNumber(p.value) && p.value > 0, `${at}.value`, 'a finite number > 0')
    if (i > 0 && isObject(f.points[i - 1])) check(problems, p.n > f.points[i - 1].n, `${at}.n`, 'larger than the previous point\'s n')
  })
}

const VERDICTS = ['better', 'worse', 'same', 'inconclusive']
const isProbability = (v) => v === null || (isFiniteNumber(v) && v >= 0 && v <= 1)

function validateComparison (problems, c, where) {
  if (!check(problems, isObject(c), where, 'an object')) return
  for (const key of ['node', 'impl', 'scenario']) check(problems, isString(c[key]), `${where}.${key}`, 'a non-empty string')
  check(problems, c.ratio === null || (isFiniteNumber(c.ratio) && c.ratio > 0), `${where}.ratio`, 'null (no finite ratio) or a finite number > 0')
  const bounded = c.low === null && c.high === null
  check(problems, bounded || (isFiniteNumber(c.low) && isFiniteNumber(c.high) && c.low > 0 && c.low <= c.high),
    `${where}.low/high`, 'both null, or 0 < low <= high')
  check(problems, isProbability(c.p), `${where}.p`, 'null or a number in 0..1')
  check(problems, isProbability(c.pAdjusted), `${where}.pAdjusted`, 'null or a number in 0..1')
  check(problems, VERDICTS.includes(c.verdict), `${where}.verdict`, `one of ${VERDICTS.join(', ')}`)
  check(problems, Array.isArray(c.runs) && c.runs.length === 2 && c.runs.every((n) => Number.isInteger(n) && n >= 1),
    `${where}.runs`, 'two integers >= 1')
}

function validate (report) {
  const problems = []
  if (!check(problems, isObject(report), 'report', 'an object')) return problems
  check(problems, report.schema === 'timerbench/1', 'schema', "'timerbench/1'")
  if (check(problems, isObject(report.tool), 'tool', 'an object')) {
    check(problems, isString(report.tool.name), 'tool.name', 'a non-empty string')
    check(problems, isString(report.tool.version), 'tool.version', 'a non-empty string')
  }
  if (check(problems, isObject(report.machine), 'machine', 'an object')) {
    const m = report.machine
    check(problems, Number.isInteger(m.cpus) && m.cpus >= 1, 'machine.cpus', 'an integer >= 1')
    check(problems, typeof m.cpuModel === 'string', 'machine.cpuModel', 'a string')
    check(problems, isString(m.os), 'machine.os', 'a non-empty string')
    check(problems, isString(m.arch), 'machine.arch', 'a non-empty string')
  }
  check(problems, typeof report.started === 'string' && !Number.isNaN(Date.parse(report.started)), 'started', 'an ISO date string')
  check(problems, isObject(report.options), 'options', 'an object')
  if (check(problems, Array.isArray(report.results), 'results', 'an array')) {
    report.results.forEach((r, i) => validateResult(problems, r, `results[${i}]`))
  }
  if (report.fits !== undefined && check(problems, Array.isArray(report.fits), 'fits', 'an array when present')) {
    report.fits.forEach((f, i) => validateFit(problems, f, `fits[${i}]`))
  }
  if (report.confidence !== undefined) check(problems, isObject(report.confidence), 'confidence', 'an object when present')
  if (report.comparisons !== undefined && check(problems, Array.isArray(report.comparisons), 'comparisons', 'an array when present')) {
    report.comparisons.forEach((c, i) => validateComparison(problems, c, `comparisons[${i}]`))
  }
  return problems
}

module.exports = { validate, UNITS, VERDICTS }
