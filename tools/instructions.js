'use strict'

// Instructions per timer operation, counted by valgrind (callgrind), for native timers,
// heaptimers and the floor: a measure that, unlike time, does not move when other work shares
// the machine, so small differences between builds can be seen.
//
//   node tools/instructions.js [--node <binary>] [--rows a,b] [--lib <path>] [--batches 20,60]
//     [--configure '{"asyncContext":false}']   (options for heaptimers' configure())
//
// Each cell runs count.js twice, with few and many batches, and divides the difference by the
// operations between them, so start-up and warm-up cancel out. V8 runs --single-threaded, so
// its compiler's work is counted where it happens. Needs valgrind on PATH. Numbers are
// instructions, not time: a cache miss or a system call costs more than its count says.
// `--rows timeout-loop-1ms --batches 4,24` counts a fire of one 1 ms loop (cpu-1ms-loops-1), and
// `--rows timeout-loops-10 --batches 4,24` a fire of ten (cpu-1ms-loops-10).

const { execFileSync, spawnSync } = require('child_process')
const path = require('path')

const COUNT = path.join(__dirname, 'count.js')
const DEFAULT_BATCHES = [20, 60] // more (50,150) is steadier across builds, and 2.5x slower
const { ROWS, OPS_PER_BATCH, opsPerBatch } = require('./count')

/**
 * Runs `batches` batches of count.js's `row` on `target` under callgrind; returns the finished
 * run (its stderr holds callgrind's summary). `outFile`: where callgrind writes its profile;
 * `nodeFlags`: more flags for node; `valgrindFlags`: more for callgrind.
 */
function callgrind (node, target, row, batches, configure, { outFile = '/dev/null', nodeFlags = [], valgrindFlags = [] } = {}) {
  const run = spawnSync('valgrind', ['--tool=callgrind', `--callgrind-out-file=${outFile}`,
    '--smc-check=all-non-file', ...valgrindFlags, node, '--single-threaded', ...nodeFlags, COUNT, target, row, String(batches),
    ...(configure ? [configure] : [])],
  { encoding: 'utf8', maxBuffer: 1 << 26 })
  if (run.error) throw run.error
  if (run.status !== 0) throw new Error(`${row} on ${target} exited ${run.status}: ${run.stderr.slice(-500)}`)
  return run
}

function instructions (node, target, row, batches, configure) {
  return instructionsOf(callgrind(node, target, row, batches, configure).stderr)
}

function instructionsOf (stderr) {
  const match = /Collected : (\d+)/.exec(stderr)
  if (!match) throw new Error('callgrind printed no instruction count')
  return Number(match[1])
}

function perOperation (node, target, row, [fewBatches, manyBatches] = DEFAULT_BATCHES, configure = '') {
  const few = instructions(node, target, row, fewBatches, configure)
  const many = instructions(node, target, row, manyBatches, configure)
  return Math.round((many - few) / ((manyBatches - fewBatches) * opsPerBatch(row)))
}

function parseArgs (argv) {
  const args = {
    // The rows that wait for the clock (minutes under valgrind): only when named.
    node: process.execPath,
    rows: ROWS.filter(row => opsPerBatch(row) === OPS_PER_BATCH),
    lib: path.join(__dirname, '..', 'lib', 'index.js'),
    batches: DEFAULT_BATCHES,
    configure: '',
  }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--node') args.node = value
    else if (flag === '--rows') args.rows = value.split(',')
    else if (flag === '--lib') args.lib = path.resolve(value)
    else if (flag === '--batches') args.batches = value.split(',').map(Number)
    else if (flag === '--configure') args.configure = JSON.stringify(JSON.parse(value))
    else throw new Error(`unknown option ${flag}`)
  }
  return args
}

function main () {
  const args = parseArgs(process.argv.slice(2))
  const version = execFileSync(args.node, ['--version'], { encoding: 'utf8' }).trim()
  const targets = { native: 'native', heaptimers: args.lib, floor: path.join(__dirname, 'floor.js') }
  const [few, many] = args.batches
  if (!(few >= 1 && many > few)) throw new Error('--batches takes two counts, the second larger')
  const options = args.configure ? `; heaptimers configured ${args.configure}` : ''
  console.log(`instructions per operation, Node ${version} (callgrind; ${few} vs ${many} batches of ${OPS_PER_BATCH}, ${opsPerBatch('timeout-loop-1ms')} for timeout-loop-1ms and timeout-loops-10${options})`)
  console.log('| row | native | heaptimers | floor | native/heaptimers | native/floor |')
  console.log('|:---|---:|---:|---:|---:|---:|')
  for (const row of args.rows) {
    const n = {}
    for (const [name, target] of Object.entries(targets)) {
      n[name] = perOperation(args.node, target, row, args.batches, name === 'heaptimers' ? args.configure : '')
    }
    console.log(`| ${row} | ${n.native} | ${n.heaptimers} | ${n.floor} | ` +
      `${(n.native / n.heaptimers).toFixed(2)}x | ${(n.native / n.floor).toFixed(2)}x |`)
  }
}

if (require.main === module) main()

module.exports = { callgrind, instructionsOf, perOperation }
