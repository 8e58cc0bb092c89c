// A hand-written validator for the timerbench/1 JSON report (no dependencies). Returns a list of
// problems, each naming the path and what was expected; an empty list means valid. Used on
// --baseline input, by `report` merging later, and by the tests on real output.
//
// timerbench/1:
//   { schema: 'timerbench/1', tool: { name, version }, machine: { cpus, cpuModel, os, arch },
//     started: ISO date, options: {...},
//     results: [ { node: 'vX.Y.Z', impl, scenario, unit: 'M/s' | '% cpu', higherIsBetter,
//                  median, min, max (numbers, or null when error), runs: [ run ], samples, rme,
//                  error: null | { kind, message } } ] }
//   run: { value > 0, samples >= 1, rme: number | null, sampler, extra?: {} }
'use strict';

const UNITS = { 'M/s': true, '% cpu': false };
const ERROR_KINDS = ['n/a', 'load', 'crash', 'timeout', 'failed'];

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isString = (v) => typeof v === 'string' && v.length > 0;
const isFiniteNumber = (v) => typeof v === 'number' && Number.isFinite(v);

function check(problems, ok, where, expected) {
  if (!ok) problems.push(`${where}: expected ${expected}`);
  return ok;
}

function validateRun(problems, run, where) {
  if (!check(problems, isObject(run), where, 'an object')) return;
  check(problems, isFiniteNumber(run.value) && run.value > 0, `${where}.value`, 'a finite number > 0');
  check(problems, Number.isInteger(run.samples) && run.samples >= 1, `${where}.samples`, 'an integer >= 1');
  check(problems, run.rme === null || (isFiniteNumber(run.rme) && run.rme >= 0), `${where}.rme`, 'a number >= 0 or null');
  check(problems, isString(run.sampler), `${where}.sampler`, 'a non-empty string');
  if (run.extra !== undefined) check(problems, isObject(run.extra), `${where}.extra`, 'an object');
}

function validateResult(problems, r, where) {
  if (!check(problems, isObject(r), where, 'an object')) return;
  check(problems, typeof r.node === 'string' && /^v\d+\.\d+\.\d+/.test(r.node), `${where}.node`, 'a version like v20.1.0');
  check(problems, isString(r.impl), `${where}.impl`, 'a non-empty string');
  check(problems, isString(r.scenario), `${where}.scenario`, 'a non-empty string');
  if (check(problems, Object.prototype.hasOwnProperty.call(UNITS, r.unit), `${where}.unit`, `one of ${Object.keys(UNITS).join(', ')}`)) {
    check(problems, r.higherIsBetter === UNITS[r.unit], `${where}.higherIsBetter`, `${UNITS[r.unit]} for unit ${r.unit}`);
  }
  if (check(problems, Array.isArray(r.runs), `${where}.runs`, 'an array')) {
    r.runs.forEach((run, i) => validateRun(problems, run, `${where}.runs[${i}]`));
  }
  check(problems, Number.isInteger(r.samples) && r.samples >= 0, `${where}.samples`, 'an integer >= 0');
  if (r.error === null) {
    check(problems, Array.isArray(r.runs) && r.runs.length > 0, `${where}.runs`, 'at least one run when error is null');
    for (const key of ['median', 'min', 'max']) {
      check(problems, isFiniteNumber(r[key]) && r[key] > 0, `${where}.${key}`, 'a finite number > 0 when error is null');
    }
    check(problems, !(r.min > r.median || r.median > r.max), `${where}`, 'min <= median <= max');
    check(problems, r.rme === null || (isFiniteNumber(r.rme) && r.rme >= 0), `${where}.rme`, 'a number >= 0 or null');
  } else if (check(problems, isObject(r.error), `${where}.error`, 'null or { kind, message }')) {
    check(problems, ERROR_KINDS.includes(r.error.kind), `${where}.error.kind`, `one of ${ERROR_KINDS.join(', ')}`);
    check(problems, typeof r.error.message === 'string', `${where}.error.message`, 'a string');
    for (const key of ['median', 'min', 'max', 'rme']) {
      check(problems, r[key] === null, `${where}.${key}`, 'null when error is set');
    }
  }
}

function validate(report) {
  const problems = [];
  if (!check(problems, isObject(report), 'report', 'an object')) return problems;
  check(problems, report.schema === 'timerbench/1', 'schema', "'timerbench/1'");
  if (check(problems, isObject(report.tool), 'tool', 'an object')) {
    check(problems, isString(report.tool.name), 'tool.name', 'a non-empty string');
    check(problems, isString(report.tool.version), 'tool.version', 'a non-empty string');
  }
  if (check(problems, isObject(report.machine), 'machine', 'an object')) {
    const m = report.machine;
    check(problems, Number.isInteger(m.cpus) && m.cpus >= 1, 'machine.cpus', 'an integer >= 1');
    check(problems, typeof m.cpuModel === 'string', 'machine.cpuModel', 'a string');
    check(problems, isString(m.os), 'machine.os', 'a non-empty string');
    check(problems, isString(m.arch), 'machine.arch', 'a non-empty string');
  }
  check(problems, typeof report.started === 'string' && !Number.isNaN(Date.parse(report.started)), 'started', 'an ISO date string');
  check(problems, isObject(report.options), 'options', 'an object');
  if (check(problems, Array.isArray(report.results), 'results', 'an array')) {
    report.results.forEach((r, i) => validateResult(problems, r, `results[${i}]`));
  }
  return problems;
}

module.exports = { validate, ERROR_KINDS, UNITS };
