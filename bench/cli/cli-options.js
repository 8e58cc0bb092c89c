// Turns what the user typed into validated run options, or throws a UsageError whose one-line
// message names the bad value and the valid ones. Defaults live here, in one place.
'use strict'

const fs = require('fs')
const path = require('path')
const registry = require('../scenarios')
const implSpec = require('../child/impl-spec')
const nodes = require('../runtimes/resolve')
const { UsageError } = require('./usage-error')
const { validate } = require('./schema')
const { LAYOUTS } = require('../report/model')
const { CHART_UNDER } = require('../report')
const { ROOT } = require('./paths')
const { resolveCpu } = require('./cpu-pin')

// `-i floor` runs the maintainers' floor, which the npm package does not ship (docs/performance.md).
const FLOOR = path.join(ROOT, 'tools', 'floor.js')

const DEFAULT_IMPLS = ['native', 'heaptimers', 'heaptimers:maxTickDepth=10']
// With no -s: the classic groups but cpu, whose rows need seconds of warm-up each before their
// window shows the steady state (bench/cli/profile.js): `-s cpu` runs them.
const PLAIN_LEFT_OUT = ['cpu']
const DEFAULT_DURATION = 10
const QUICK_DURATION = 1
// Without --runs, a run is adaptive: every cell gets MIN_RUNS children, then rounds are added to
// the least precise scenarios until each ratio's 95 % interval is within ±DEFAULT_PRECISION % or
// DEFAULT_MAX_TIME seconds have passed (run-cells.js). About 2 minutes for the plain run here.
const DEFAULT_PRECISION = 5
const DEFAULT_MAX_TIME = 120
const MIN_RUNS = 3
const MAX_RUNS = 15
const FORMATS = ['table', 'md', 'json', 'chart']
const SAMPLERS = ['auto', 'tinybench', 'builtin']
const NODES_FORMATS = ['table', 'json']

// Commander gives a string, or an array when the option is repeated.
function listOf (value) {
  if (value === undefined || value === null) return []
  return [].concat(value).join(',').split(',').map((s) => s.trim()).filter(Boolean)
}

function defaultScenarios () {
  return registry.all.filter((s) => registry.inDefault(s) && !PLAIN_LEFT_OUT.includes(s.group))
}

// Names and group names (and `all`), in any order; the result follows the registry's order.
function resolveScenarios (value) {
  const tokens = listOf(value)
  if (!tokens.length) return defaultScenarios()
  const wanted = new Set()
  for (const token of tokens) {
    if (token === 'all') registry.all.forEach((s) => wanted.add(s))
    else if (registry.GROUPS.includes(token)) registry.inGroup(token).forEach((s) => wanted.add(s))
    else if (registry.get(token)) wanted.add(registry.get(token))
    else {
      throw new UsageError(`unknown scenario '${token}' (valid: all, groups ${registry.GROUPS.join(', ')}; ` +
        `names ${registry.all.map((s) => s.name).join(', ')})`)
    }
  }
  return registry.all.filter((s) => wanted.has(s))
}

function resolveImpls (value) {
  const specs = value === undefined ? DEFAULT_IMPLS : implSpec.splitList([].concat(value).join(','))
  if (!specs.length) throw new UsageError(`no implementation given (valid: ${implSpec.VALID})`)
  const ids = []
  for (const spec of specs) {
    let parsed
    try {
      parsed = implSpec.parse(spec)
    } catch (err) {
      throw new UsageError(err.message)
    }
    if (parsed.name === 'floor' && !fs.existsSync(FLOOR)) {
      throw new UsageError(`implementation '${spec}' needs ${path.relative(ROOT, FLOOR)}, which only a clone of the repository has (valid: native, heaptimers)`)
    }
    if (!ids.includes(parsed.id)) ids.push(parsed.id)
  }
  return ids
}

function number (name, raw, { integer = false, min = 0, exclusive = true } = {}) {
  const text = String(raw).trim()
  const value = Number(text)
  const ok = text !== '' && Number.isFinite(value) && (integer ? Number.isInteger(value) : true) &&
    (exclusive ? value > min : value >= min)
  if (!ok) {
    const want = `${integer ? 'an integer' : 'a number'} ${exclusive ? '>' : '>='} ${min}`
    throw new UsageError(`bad value '${raw}' for ${name} (valid: ${want})`)
  }
  return value
}

function oneOf (name, raw, valid) {
  if (!valid.includes(raw)) throw new UsageError(`bad value '${raw}' for ${name} (valid: ${valid.join(', ')})`)
  return raw
}

// Reads and validates a saved --format json run; bad input, so a UsageError if anything is off.
// what: how the message names the file ('baseline', 'report').
function loadReport (file, what) {
  let report
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new UsageError(`cannot read ${what} '${file}': ${String(err.message).split('\n')[0]} (valid: a file written by timerbench -f json or -o)`)
  }
  const problems = validate(report)
  if (problems.length) {
    throw new UsageError(`${what} '${file}' is not a timerbench/1 report: ${problems[0]} (valid: a file written by timerbench -f json or -o)`)
  }
  return report
}

function loadBaseline (file) {
  return loadReport(file, 'baseline')
}

// An output file must be creatable now, not after a run of minutes: its directory exists and is a
// writable directory, and the file itself, if there, is a writable file.
function checkOut (file, option = '-o') {
  // Commander takes the next word as the value, even another option: `--svg -o x.json`.
  if (typeof file !== 'string' || !file.trim() || file.startsWith('-')) {
    const got = typeof file === 'string' && file ? `, not '${file}'` : ''
    throw new UsageError(`${option} needs a file name${got} (valid: e.g. ${option} ${option === '--svg' ? 'chart.svg' : 'run.json'})`)
  }
  const resolved = path.resolve(file)
  const dir = path.dirname(resolved)
  const fail = (why) => new UsageError(`cannot write '${file}': ${why} (valid: a file in an existing, writable directory)`)
  if (!fs.existsSync(dir)) throw fail(`directory ${dir} does not exist`)
  if (!fs.statSync(dir).isDirectory()) throw fail(`${dir} is not a directory`)
  const exists = fs.existsSync(resolved)
  if (exists && fs.statSync(resolved).isDirectory()) throw fail('it is a directory')
  try {
    fs.accessSync(exists ? resolved : dir, fs.constants.W_OK)
  } catch (err) {
    throw fail(`permission denied (${err.code})`)
  }
  return file
}

// What both `run` and `report` print and write: --format, --layout, --chart, --width, -o, --svg.
function outputOptions (raw) {
  const format = oneOf('--format', raw.format === undefined ? 'table' : raw.format, FORMATS)
  const chart = Boolean(raw.chart)
  if (chart && !CHART_UNDER.includes(format) && format !== 'chart') {
    throw new UsageError(`--chart draws a chart under a table, not under --format ${format} ` +
      '(valid: -f table --chart, -f md --chart, -f chart; --svg <file> with any format)')
  }
  const out = raw.out === undefined ? null : checkOut(raw.out, '-o')
  const svg = raw.svg === undefined ? null : checkOut(raw.svg, '--svg')
  if (out && svg && path.resolve(out) === path.resolve(svg)) {
    throw new UsageError(`-o and --svg both name '${svg}' (valid: two different files)`)
  }
  return {
    format,
    layout: oneOf('--layout', raw.layout === undefined ? 'auto' : raw.layout, LAYOUTS),
    chart,
    // null: the terminal's width, found where the output goes (bin/timerbench.js).
    width: raw.width === undefined ? null : number('--width', raw.width, { integer: true }),
    out,
    svg
  }
}

// Adaptive precision (runs null) or a fixed count: --precision and --max-time go with neither
// --runs nor --quick, which fix the count.
function precisionOf (raw, runs) {
  const asked = raw.precision !== undefined || raw.maxTime !== undefined
  if (runs !== null) {
    if (asked) throw new UsageError('--precision and --max-time adapt the number of runs; they cannot go with --runs or --quick (valid: one or the other)')
    return null
  }
  return {
    target: raw.precision === undefined ? DEFAULT_PRECISION : number('--precision', raw.precision),
    maxTimeMs: 1000 * (raw.maxTime === undefined ? DEFAULT_MAX_TIME : number('--max-time', raw.maxTime)),
    minRuns: MIN_RUNS,
    maxRuns: MAX_RUNS
  }
}

// raw: commander's options for `run`. Returns everything runBench and the reporters need.
function normalize (raw) {
  const quick = Boolean(raw.quick)
  const scenarios = resolveScenarios(raw.scenario)
  const impls = resolveImpls(raw.impl)
  const output = outputOptions(raw)
  const sampler = oneOf('--sampler', raw.sampler === undefined ? 'auto' : raw.sampler, SAMPLERS)
  const runs = raw.runs === undefined ? (quick ? 1 : null) : number('--runs', raw.runs, { integer: true })
  const precision = precisionOf(raw, runs)
  let duration
  if (raw.duration !== undefined) duration = number('--duration', raw.duration)
  else if (quick) duration = QUICK_DURATION
  else duration = DEFAULT_DURATION
  const sampleTime = raw.sampleTime === undefined ? undefined : number('--sample-time', raw.sampleTime)
  const maxRegression = raw.maxRegression === undefined
    ? 10
    : number('--max-regression', raw.maxRegression, { exclusive: false })
  const baseline = raw.baseline === undefined ? null : loadBaseline(raw.baseline)
  // --runtime is --node's other name; both may be given, and add up.
  const nodeSpecs = nodes.parseSpecs(listOf([].concat(raw.node || [], raw.runtime || [])))
  const install = Boolean(raw.install)
  if (install && !nodeSpecs.length && !impls.includes('undici') && !scenarios.some((s) => s.app)) {
    throw new UsageError('--install needs --node to say which runtimes to fetch, -i undici or -s apps (valid: e.g. --node 18,22,bun --install)')
  }
  return {
    scenarios,
    impls,
    runs,
    precision,
    duration,
    quick,
    sampleTime,
    sampler,
    pin: resolveCpu(raw.cpu === undefined ? 'auto' : raw.cpu),
    ...output,
    baseline,
    baselineFile: raw.baseline || null,
    maxRegression,
    progress: raw.progress !== false,
    // --node needs discovery (it runs binaries), so index.prepare resolves it; without --node
    // the running Node is known already.
    nodeSpecs,
    install,
    nodes: nodeSpecs.length ? null : [nodes.running()]
  }
}

// `timerbench report <files...>`: every file read and validated, plus the output options.
function normalizeReport (files, raw) {
  if (!files || !files.length) throw new UsageError('report needs at least one file (valid: JSON files written by timerbench -f json or -o)')
  return {
    // The same file twice is a slip of the shell, not two measurements: read it once.
    inputs: [...new Map(files.map((f) => [path.resolve(f), f])).values()].map((file) => ({ file, report: loadReport(file, 'report') })),
    ...outputOptions(raw)
  }
}

const COMPARE_FORMATS = ['table', 'md', 'json']

// `timerbench compare <first> <second>`: both files read and validated.
function normalizeCompare (first, second, raw) {
  const files = [first, second].filter((f) => f !== undefined)
  if (files.length !== 2) throw new UsageError('compare needs two files (valid: two JSON files written by timerbench -f json or -o)')
  return {
    first: { file: first, report: loadReport(first, 'compare') },
    second: { file: second, report: loadReport(second, 'compare') },
    format: oneOf('--format', raw.format === undefined ? 'table' : raw.format, COMPARE_FORMATS)
  }
}

// `timerbench nodes`.
function normalizeNodes (raw) {
  return { format: oneOf('--format', raw.format === undefined ? 'table' : raw.format, NODES_FORMATS) }
}

module.exports = {
  normalize, normalizeReport, normalizeNodes, normalizeCompare, DEFAULT_IMPLS
}
