// timerbench's engine, as the CLI sees it: normalize options, resolve the Nodes to run on (which
// may install some), run, render (tables, charts, the SVG chart), compare with a baseline, merge
// saved reports, list Nodes.
// The CLI calls only this module.
'use strict'

const options = require('./cli/cli-options')
const { runBench } = require('./cli/run-cells')
const report = require('./report')
const baseline = require('./cli/baseline')
const progress = require('./cli/progress')
const describe = require('./cli/describe')
const { validate } = require('./cli/schema')
const { UsageError } = require('./cli/usage-error')
const plan = require('./cli/plan')
const nodes = require('./runtimes/resolve')
const listNodes = require('./runtimes/list-nodes')
const { merge } = require('./report/merge')
const compare = require('./report/compare')
const cpuPin = require('./cli/cpu-pin')
const md = require('./report/md')
const table = require('./report/table')
const { resolveModules, findPackage, resolvePuppeteer } = require('./cli/impl-modules')
const runtime = require('./runtimes/runtime')

const APP_PACKAGES = ['undici', 'lru-cache', 'bottleneck']

// normalize, then --node: discovery, and --install's downloads (progress on `stream`); then the
// files of module:<x> and undici implementations.
async function prepare (raw, { stream = process.stderr, env = process.env, cwd = process.cwd() } = {}) {
  const opts = options.normalize(raw)
  opts.pin = cpuPin.choose(opts.pin, undefined, { quick: opts.quick })
  if (!opts.nodes) opts.nodes = await nodes.resolveNodes(opts.nodeSpecs, { install: opts.install, stream, env })
  opts.modules = await resolveModules(opts.impls, { cwd, env, install: opts.install, stream })
  // Browser columns are driven by puppeteer-core, from the project or the cache.
  if (opts.nodes.some((n) => runtime.isBrowser(n.runtime))) opts.browserDriver = await resolvePuppeteer({ cwd, env, install: opts.install, stream })
  // The app rows' packages (undici's Pool drives the http server; lru-cache is the TTL cache;
  // bottleneck the job queue), from the project or the cache; without one, the rows that need it
  // say so in their cells.
  if (opts.scenarios.some((s) => s.app)) {
    opts.appPackages = {}
    for (const name of APP_PACKAGES) {
      const { dir } = await findPackage(name, { cwd, env, install: opts.install, stream })
      opts.appPackages[name] = dir ? require.resolve(dir) : null
    }
  }
  return opts
}

// Runs the benchmark the normalized options describe, with a progress line if wanted.
async function run (opts, { progressStream = process.stderr } = {}) {
  const cellsTotal = plan.cells(opts.nodes, opts.impls, opts.scenarios).length
  const bar = progress.create({
    enabled: opts.progress && Boolean(progressStream.isTTY),
    stream: progressStream,
    cellsTotal,
    runs: opts.runs
  })
  try {
    return await runBench(opts, (p) => bar.update(p))
  } finally {
    bar.done()
  }
}

// The cells that did not measure: crashed, hung, failed or could not load the library. A cell
// that is n/a (a reason documented in its footnote, such as heaptimers' engines) is not one.
function failedCells (report) {
  return report.results.filter((r) => r.error && r.error.kind !== 'n/a')
}

// `timerbench compare a.json b.json`: the rendered comparison; a UsageError when nothing is in
// common to compare.
function compareText (first, second, raw, { color = false } = {}) {
  const opts = options.normalizeCompare(first, second, raw)
  const rows = compare.compareRuns(opts.first.report, opts.second.report)
  if (!rows.length) {
    throw new UsageError(`'${first}' and '${second}' share no measured cell (valid: two runs with a scenario and implementation in common)`)
  }
  if (opts.format === 'json') return `${JSON.stringify(compare.toJson(rows, first, second), null, 2)}\n`
  const grid = { header: compare.HEAD.map((h) => [h]), rows: compare.textRows(rows), labelColumns: 3 }
  const drawn = opts.format === 'md' ? md.drawGrid(grid) : table.drawGrid(grid, color)
  return `${drawn}\n${compare.summary(rows, first, second)}\n`
}

// `timerbench nodes`: the rendered list of installations.
async function nodesText (raw, { env = process.env } = {}) {
  const opts = options.normalizeNodes(raw)
  const found = await nodes.list({ env })
  return opts.format === 'json' ? listNodes.json(found, env) : listNodes.text(found, env)
}

module.exports = {
  normalize: options.normalize,
  normalizeReport: options.normalizeReport,
  prepare,
  run,
  failedCells,
  render: report.render,
  renderSvg: report.renderSvg,
  wantColor: report.wantColor,
  terminalWidth: report.terminalWidth,
  compareBaseline: baseline.compare,
  renderBaseline: baseline.render,
  merge,
  nodesText,
  compareText,
  scenariosText: describe.text,
  validate,
  UsageError
}
