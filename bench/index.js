// timerbench's engine, as the CLI sees it: normalize options, resolve the Nodes to run on (which
// may install some), run, render (tables, charts, the SVG chart), compare with a baseline, merge
// saved reports, list Nodes.
// The CLI calls only this module.
'use strict'

const options = require('./options')
const { runBench } = require('./run')
const report = require('./report')
const baseline = require('./baseline')
const progress = require('./progress')
const describe = require('./describe')
const { validate } = require('./schema')
const { UsageError } = require('./errors')
const plan = require('./plan')
const nodes = require('./nodes')
const listNodes = require('./list-nodes')
const { merge } = require('./merge')

// normalize, then --node: discovery, and --install's downloads (progress on `stream`).
async function prepare (raw, { stream = process.stderr, env = process.env } = {}) {
  const opts = options.normalize(raw)
  if (!opts.nodes) opts.nodes = await nodes.resolveNodes(opts.nodeSpecs, { install: opts.install, stream, env })
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
  render: report.render,
  renderSvg: report.renderSvg,
  wantColor: report.wantColor,
  terminalWidth: report.terminalWidth,
  compareBaseline: baseline.compare,
  renderBaseline: baseline.render,
  merge,
  nodesText,
  scenariosText: describe.text,
  validate,
  UsageError
}
