'use strict'

// What loading costs a fresh process: times `require()` of heaptimers, of an empty file and of
// Node's own timer modules, each in its own process, interleaved, and prints the medians; with
// --modules, also each module's inclusive load time in one more process (Module._load wrapped).
// Loading is a one-off cost, so a fresh process is the only honest place to time it: a second
// require in the same process hits the module cache.
//
//   node tools/load-time.js [--runs 9] [--node <binary>] [--modules]
//
// Prints `<target>: <median ms> (min-max)` per target, then `over an empty require: <ms>`.

const { spawnSync } = require('child_process')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { median } = require('../bench/child/stats')

const LIB = path.join(__dirname, '..', 'lib', 'index.js')

function parseArgs (argv) {
  const args = { runs: 9, node: process.execPath, modules: false }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    if (flag === '--runs') args.runs = Number(argv[++i])
    else if (flag === '--node') args.node = argv[++i]
    else if (flag === '--modules') args.modules = true
    else throw badInput(`unknown option ${flag} (valid: --runs <n>, --node <binary>, --modules)`)
  }
  if (!(args.runs >= 1)) throw badInput('--runs takes a count of processes, at least 1')
  return args
}

// Bad input exits 2, as timerbench's does; a child that fails exits 1.
function badInput (message) {
  const err = new Error(message)
  err.badInput = true
  return err
}

// The code a fresh process runs: the require between two clock reads, in ms on stdout.
function timedRequire (expression) {
  return `const t0 = process.hrtime(); ${expression}; const d = process.hrtime(t0); ` +
    'process.stdout.write(String(d[0] * 1e3 + d[1] / 1e6))'
}

function runOnce (node, code) {
  const run = spawnSync(node, ['-e', code], { encoding: 'utf8' })
  if (run.error) throw new Error(`cannot run ${node}: ${run.error.message}`)
  if (run.status !== 0) throw new Error(`${node} -e exited ${run.status}: ${run.stderr.slice(-300)}`)
  return run.stdout
}

// Each module's load time, inclusive of what it requires, indented by depth; loads that hit the
// module cache (under 0.05 ms) are left out.
function moduleTimes (node) {
  const code = `
    const Module = require('module')
    const load = Module._load
    const rows = []
    let depth = 0
    Module._load = function (request) {
      const t0 = process.hrtime(); depth++
      try { return load.apply(this, arguments) } finally {
        depth--
        const d = process.hrtime(t0)
        rows.push([depth, request, d[0] * 1e3 + d[1] / 1e6])
      }
    }
    require(${JSON.stringify(LIB)})
    for (const [d, r, ms] of rows.reverse()) if (ms >= 0.05) console.log('  '.repeat(d + 1) + r + ' ' + ms.toFixed(2))`
  return runOnce(node, code)
}

function main (argv) {
  const args = parseArgs(argv)
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'load-time-'))
  const empty = path.join(dir, 'empty.js')
  fs.writeFileSync(empty, '')
  const targets = [
    ['heaptimers', `require(${JSON.stringify(LIB)})`],
    ['an empty file', `require(${JSON.stringify(empty)})`],
    ["Node's timers, perf_hooks, async_hooks", "require('timers'); require('perf_hooks'); require('async_hooks')"],
  ]
  const times = targets.map(() => [])
  try {
    for (let r = 0; r < args.runs; r++) {
      targets.forEach(([, expression], i) => times[i].push(Number(runOnce(args.node, timedRequire(expression)))))
    }
  } finally {
    fs.rmSync(dir, { recursive: true })
  }
  const medians = times.map(median)
  const version = runOnce(args.node, 'process.stdout.write(process.version)')
  console.log(`require() in a fresh process, Node ${version}, median of ${args.runs} (min-max), ms`)
  targets.forEach(([name], i) => {
    console.log(`${name}: ${medians[i].toFixed(2)} (${Math.min(...times[i]).toFixed(2)}-${Math.max(...times[i]).toFixed(2)})`)
  })
  console.log(`over an empty require: ${(medians[0] - medians[1]).toFixed(2)}`)
  if (args.modules) {
    console.log('each module, inclusive, in one more process (ms):')
    process.stdout.write(moduleTimes(args.node))
  }
}

if (require.main === module) {
  try {
    main(process.argv.slice(2))
  } catch (err) {
    console.error(`load-time: ${err.message}`)
    process.exitCode = err.badInput ? 2 : 1
  }
}
