// timerbench's engine, as the CLI sees it: normalize options, run, render, compare with a baseline.
// The CLI calls only this module.
'use strict';

const options = require('./options');
const { runBench } = require('./run');
const report = require('./report');
const baseline = require('./baseline');
const progress = require('./progress');
const describe = require('./describe');
const { validate } = require('./schema');
const { UsageError } = require('./errors');
const plan = require('./plan');

// Runs the benchmark the normalized options describe, with a progress line if wanted.
async function run(opts, { progressStream = process.stderr } = {}) {
  const cellsTotal = plan.cells(opts.nodes, opts.impls, opts.scenarios).length;
  const bar = progress.create({
    enabled: opts.progress && Boolean(progressStream.isTTY),
    stream: progressStream,
    cellsTotal,
    runs: opts.runs
  });
  try {
    return await runBench(opts, (p) => bar.update(p));
  } finally {
    bar.done();
  }
}

module.exports = {
  normalize: options.normalize,
  run,
  render: report.render,
  wantColor: report.wantColor,
  compareBaseline: baseline.compare,
  renderBaseline: baseline.render,
  scenariosText: describe.text,
  validate,
  UsageError
};
