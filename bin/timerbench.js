#!/usr/bin/env node
// timerbench: the command line. Parses arguments with commander, hands them to bench/, prints
// what comes back. Knows nothing about timers, heaps or how a benchmark runs.
// Exit codes: 0 done, 1 a --baseline regression (or an unexpected failure), 2 bad input,
// 3 cells that crashed, timed out or failed (the table still shows the others).
'use strict'

const MIN_NODE = 20
if (Number(process.versions.node.split('.')[0]) < MIN_NODE) {
  process.stderr.write('timerbench: needs Node >= ' + MIN_NODE + ' to run (this is ' + process.version +
    '); it can still benchmark older Nodes as children\n')
  process.exit(2)
}

const fs = require('fs')
const { Command, CommanderError } = require('commander')
const bench = require('../bench')
const { version } = require('../package.json')

const EXIT_REGRESSION = 1
const EXIT_USAGE = 2
const EXIT_CELLS_FAILED = 3
const HARMLESS = new Set(['commander.helpDisplayed', 'commander.help', 'commander.version'])

function usageError (message) {
  process.stderr.write(`timerbench: ${message.replace(/^error:\s*/, '').replace(/\s*\n\s*/g, ' ').trim()}\n`)
  process.exitCode = EXIT_USAGE
}

const COMMANDS = ['run', 'scenarios', 'nodes', 'runtimes', 'report', 'compare']

// Operands reach `run` when it is the default command: `timerbench foo` is a mistyped command,
// and `timerbench --quick run` names the default command after its options.
function checkOperands (operands) {
  const unknown = operands.filter((o) => o !== 'run')
  if (unknown.length) throw new bench.UsageError(`unknown command '${unknown[0]}' (valid: ${COMMANDS.join(', ')})`)
}

// The files were checked before the run; a write can still fail (disk full, a path that changed
// meanwhile): that is the user's environment, so a one-line usage error, not a stack.
function writeFile (file, text) {
  try {
    fs.writeFileSync(file, text)
  } catch (err) {
    throw new bench.UsageError(`cannot write '${file}': ${String(err.message).split('\n')[0]}`)
  }
}

function writeOutputs (report, opts) {
  process.stdout.write(bench.render(report, opts.format, {
    color: bench.wantColor(process.stdout),
    layout: opts.layout,
    chart: opts.chart,
    width: opts.width || bench.terminalWidth(process.stdout, process.env)
  }))
  if (opts.out) writeFile(opts.out, bench.render(report, 'json'))
  if (opts.svg) writeFile(opts.svg, bench.renderSvg(report))
}

async function runAction (raw, command) {
  checkOperands(command.args)
  const opts = await bench.prepare(raw)
  const report = await bench.run(opts)
  writeOutputs(report, opts)
  if (opts.baseline) {
    const comparison = bench.compareBaseline(report, opts.baseline, opts.maxRegression)
    // JSON on stdout must stay parseable, so the comparison goes to stderr then.
    const stream = opts.format === 'json' ? process.stderr : process.stdout
    stream.write(bench.renderBaseline(comparison, opts.baselineFile, { color: bench.wantColor(stream) }))
    if (comparison.regressions.length) process.exitCode = EXIT_REGRESSION
  }
  const failed = bench.failedCells(report)
  if (failed.length) {
    const kinds = [...new Set(failed.map((r) => r.error.kind))].join(', ')
    process.stderr.write(`timerbench: ${failed.length} of ${report.results.length} cells did not measure (${kinds}); ` +
      'their footnotes say why\n')
    process.exitCode = EXIT_CELLS_FAILED
  }
}

function reportAction (files, raw) {
  const opts = bench.normalizeReport(files, raw)
  writeOutputs(bench.merge(opts.inputs), opts)
}

function compareAction (first, second, raw) {
  process.stdout.write(bench.compareText(first, second, raw, { color: bench.wantColor(process.stdout) }))
}

async function nodesAction (raw) {
  process.stdout.write(await bench.nodesText(raw))
}

function collect (value, previous) {
  return previous ? previous.concat(value) : [value]
}

function build () {
  const program = new Command('timerbench')
    .description('Micro-benchmarks of Node timers: native vs heaptimers, each cell in its own process')
    .version(version)
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .showSuggestionAfterError(true)

  const run = program.command('run', { isDefault: true })
    .description('run scenarios and print a table (the default command)')
    .allowExcessArguments(true)
    .option('-s, --scenario <names|groups>', 'scenarios or groups, comma-separated (see `timerbench scenarios`)', collect)
    .option('-i, --impl <list>', 'implementations: native, heaptimers, heaptimers:key=value,... (keys maxTickDepth, drainBetweenCallbacks, asyncContext)', collect)
    .option('--runs <n>', 'child processes per cell, a fixed count (1 with --quick; default: adaptive, see --precision)')
    .option('--precision <pct>', 'without --runs: add interleaved runs (3 to 15 a cell) until every ratio\'s 95% interval is within ±pct (default 5) or --max-time is spent')
    .option('--max-time <s>', 'the time budget of --precision\'s added runs, in seconds from the start (default 120)')
    .option('--duration <s>', 'seconds per cpu-* run (default 10; 1 with --quick)')
    .option('--sample-time <ms>', 'sampling time per child for rate scenarios, after a warm-up to a steady rate (default 100; 25 with --quick, 10 ms warm-up)')
    .option('--quick', 'one run per cell, short sampling, cpu scenarios 1 s')
    .option('--sampler <name>', 'auto, tinybench or builtin (default auto)')
    .option('--cpu <n>', 'pin every child to one CPU: auto (the fastest by a short probe), none, or a CPU number (Linux, with taskset; default auto)')
    .option('--node <list>', 'runtimes: Node versions (22, v22.3.0, 0.10), bun, deno, bun@1.4, deno@2.9.6, the browsers chromium, chrome, firefox, firefox-esr, paths of node, bun, deno or browser binaries, current or all (every installed Node; default: the running Node)', collect)
    .option('--runtime <list>', 'the same as --node', collect)
    .option('--install', 'fetch --node runtimes that are not installed (Node, Bun, Deno) from the npm registry into the timerbench cache, and puppeteer-core for browsers')
    .option('-f, --format <format>', 'table, md, json or chart (bar charts; default table)')
    .option('--layout <layout>', 'auto, wide (a column per Node and implementation) or versions (a column per Node); auto: wide for one Node')
    .option('--chart', 'with -f table or md: bar charts of every scenario under the table')
    .option('--width <columns>', 'chart width in columns (default: $COLUMNS, the terminal width, or 80)')
    .option('-o, --out <file.json>', 'also write the full JSON report to this file')
    .option('--svg <file.svg>', 'also write the bar chart as a self-contained SVG file (with any format)')
    .option('--baseline <file.json>', 'compare ratios with a saved JSON report; exit 1 on regression')
    .option('--max-regression <pct>', 'largest tolerated drop of a ratio, in percent (default 10)')
    .option('--no-progress', 'no progress line on stderr')
    .action(runAction)

  const scenarios = program.command('scenarios')
    .description('list scenarios and groups, their units and what they measure')
    .action(() => { process.stdout.write(bench.scenariosText()) })

  const nodes = program.command('nodes').alias('runtimes')
    .description('list the runtimes found: Node, Bun and Deno installations (running, PATH, nvm, n, fnm, volta, asdf, nodenv, mise, ~/.bun, ~/.deno, the timerbench cache) and browsers (CHROME_PATH, FIREFOX_PATH, PATH)')
    .option('-f, --format <format>', 'table or json (default table)')
    .action(nodesAction)

  const compare = program.command('compare')
    .description('compare two saved runs cell by cell (two versions of a library, two machines, two Node builds): the second over the first, with its 95% interval and verdict')
    .argument('<first>', 'the earlier or reference run (JSON written by timerbench -f json or -o)')
    .argument('<second>', 'the run to compare with it')
    .option('-f, --format <format>', 'table, md or json (default table)')
    .action(compareAction)

  const report = program.command('report')
    .description('merge JSON reports of separate runs (e.g. one per Node version) into one table or chart; re-render a saved run')
    .argument('<files...>', 'JSON reports written by timerbench -f json or -o')
    .option('-f, --format <format>', 'table, md, json or chart (bar charts; default table)')
    .option('--layout <layout>', 'auto, wide or versions (default auto: versions for several Nodes)')
    .option('--chart', 'with -f table or md: bar charts of every scenario under the table')
    .option('--width <columns>', 'chart width in columns (default: $COLUMNS, the terminal width, or 80)')
    .option('-o, --out <file.json>', 'also write the merged JSON report to this file')
    .option('--svg <file.svg>', 'also write the bar chart as a self-contained SVG file (with any format)')
    .action(reportAction)

  // `timerbench --help` shows what `timerbench` alone does: the default command's options, then
  // examples and the exit codes.
  program.addHelpText('after', () => {
    const runOptions = run.helpInformation().replace(/^[\s\S]*?\nOptions:\n/, '')
    return `\nOptions of run, the default command (timerbench [run] [options]):\n${runOptions}${EXAMPLES}`
  })

  return { program, run, scenarios, nodes, report, compare }
}

const EXAMPLES = `
Examples:
  timerbench                                  native vs heaptimers on this Node (about two minutes)
  timerbench -s cpu-1ms-loops-100 --runs 3 --duration 3
                                              CPU of 100 concurrent 1 ms loops, in steady state
  timerbench -s primitives,recursion --node 18,22,24 --install
                                              one table across Node versions, fetching missing ones
  timerbench --node 22,bun,deno --install --quick
                                              Node 22, Bun and Deno side by side
  timerbench --node current,chromium,firefox --install --quick -s nested,accuracy
                                              Node beside Chromium and Firefox pages
  timerbench --quick -o run.json              a quick run, also saved as JSON
  timerbench report run-*.json -f md          merge saved runs into one Markdown table
  timerbench compare before.json after.json   every cell of two saved runs: ratio, interval, verdict
  timerbench scenarios                        every scenario and group, and what it measures

Exit codes:
  0  done (cells that are n/a for a stated reason included)
  1  --baseline: a ratio against native fell significantly, by more than --max-regression
  2  bad input: the message names what is valid
  3  cells crashed, timed out or failed; the table shows the rest and footnotes say why
`

// Which command's options an unknown option was given to: the first command name in argv.
function commandOf (commands, argv) {
  const name = argv.slice(2).find((a) => COMMANDS.includes(a))
  return commands[name === 'runtimes' ? 'nodes' : name] || commands.run
}

function explain (err, commands, argv) {
  if (err.code === 'commander.unknownOption') {
    const valid = commandOf(commands, argv).options.map((o) => o.long).concat(['--help', '--version'])
    return `${err.message} (valid: ${valid.join(', ')})`
  }
  if (err.code === 'commander.unknownCommand') return `${err.message} (valid: ${COMMANDS.join(', ')})`
  if (err.code === 'commander.missingArgument' && commandOf(commands, argv) === commands.report) {
    return 'report needs at least one file (valid: JSON files written by timerbench -f json or -o)'
  }
  if (err.code === 'commander.missingArgument' && commandOf(commands, argv) === commands.compare) {
    return 'compare needs two files (valid: two JSON files written by timerbench -f json or -o)'
  }
  return err.message
}

async function main () {
  const commands = build()
  try {
    await commands.program.parseAsync(process.argv)
  } catch (err) {
    if (err instanceof CommanderError) {
      if (HARMLESS.has(err.code)) process.exitCode = err.exitCode
      else usageError(explain(err, commands, process.argv))
    } else if (err instanceof bench.UsageError) {
      usageError(err.message)
    } else {
      process.stderr.write(`timerbench: ${err && err.stack ? err.stack : err}\n`)
      process.exitCode = 1
    }
  }
}

main()
