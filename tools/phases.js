'use strict'

// Nanoseconds per timeout in `timeout-run-10k`'s two phases, creating and running, timed apart,
// for several implementations in interleaved child processes. timerbench times the two together;
// this tells which phase holds a difference between two implementations.
//
//   node tools/phases.js [--node <binary>] [--runs 9] [--batches 300] [--drain-off] <impl> ...
//
// An <impl> is `native` or the path of a module with Node's timer functions (lib/index.js,
// tools/floor.js, a build of heaptimers copied aside). `--drain-off` configures each
// one that has configure() with { drainBetweenCallbacks: false }. Each child creates 10,000
// `setTimeout(f, 1)` per batch, spins (unmeasured) until every deadline is past, then times the
// run to the last callback, as timerbench's row does; it reports the median of its batches (300
// unless --batches says), after 40 unmeasured ones. Each batch starts in a promise job queued by
// the last callback of the one before, so inside that callback's pass when ticks are drained
// between callbacks. Prints, per implementation, the median of the runs for each phase and for
// both, and the runs' ratio to the first implementation.

const { execFileSync } = require('child_process')
const path = require('path')
const { median } = require('../bench/child/stats')

const OPS = 10000
const BATCHES = 300
const WARMUP_BATCHES = 40
const SETTLE_MS = 2.5 // past the 1 ms deadlines, with room for whole-millisecond rounding

/** One child's measurement: median ns per timeout for creating, running, and both. */
function childMain (impl, drainOff, measuredBatches) {
  const T = impl === 'native' ? require('timers') : require(path.resolve(impl))
  if (drainOff && typeof T.configure === 'function') T.configure({ drainBetweenCallbacks: false })
  const { performance } = require('perf_hooks')
  const now = performance.now.bind(performance)
  const create = []
  const run = []
  let batches = 0
  let count = 0
  let created = 0
  let resumed = 0
  let startedAt = 0
  function callback () {
    if (++count < OPS) return
    const ended = now()
    if (batches++ >= WARMUP_BATCHES) {
      create.push((created - startedAt) * 1e6 / OPS)
      run.push((ended - resumed) * 1e6 / OPS)
    }
    if (batches < WARMUP_BATCHES + measuredBatches) Promise.resolve().then(batch)
    else report()
  }
  function batch () {
    count = 0
    startedAt = now()
    for (let i = 0; i < OPS; i++) T.setTimeout(callback, 1)
    created = now()
    while (now() < created + SETTLE_MS);
    resumed = now()
  }
  function report () {
    const both = create.map((c, i) => c + run[i])
    process.stdout.write(JSON.stringify({ create: median(create), run: median(run), both: median(both) }) + '\n')
  }
  Promise.resolve().then(batch)
}

function parseArgs (argv) {
  const args = { node: process.execPath, runs: 9, batches: BATCHES, drainOff: false, impls: [] }
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--node') args.node = argv[++i]
    else if (argv[i] === '--runs') args.runs = Number(argv[++i])
    else if (argv[i] === '--batches') args.batches = Number(argv[++i])
    else if (argv[i] === '--drain-off') args.drainOff = true
    else args.impls.push(argv[i])
  }
  if (args.impls.length === 0) throw new Error('name at least one implementation: native, or a module path')
  return args
}

function main (argv) {
  const args = parseArgs(argv)
  const results = args.impls.map(() => [])
  for (let run = 0; run < args.runs; run++) {
    args.impls.forEach((impl, i) => {
      const out = execFileSync(args.node, [__filename, '--child', impl, args.drainOff ? '1' : '0', String(args.batches)], { encoding: 'utf8' })
      results[i].push(JSON.parse(out))
    })
  }
  console.log(`ns per timeout, median of ${args.runs} runs (each the median of ${args.batches} batches of ${OPS}), ` +
    `${args.drainOff ? 'drain off, ' : ''}Node ${execFileSync(args.node, ['--version'], { encoding: 'utf8' }).trim()}`)
  console.log('implementation'.padEnd(40) + 'create'.padStart(9) + 'run'.padStart(9) + 'both'.padStart(9) + '  both / first')
  const first = median(results[0].map(r => r.both))
  args.impls.forEach((impl, i) => {
    const phase = name => median(results[i].map(r => r[name]))
    console.log(impl.padEnd(40) + phase('create').toFixed(1).padStart(9) + phase('run').toFixed(1).padStart(9) +
      phase('both').toFixed(1).padStart(9) + '  ' + (phase('both') / first).toFixed(3))
  })
}

if (process.argv[2] === '--child') childMain(process.argv[3], process.argv[4] === '1', Number(process.argv[5]))
else main(process.argv.slice(2))
