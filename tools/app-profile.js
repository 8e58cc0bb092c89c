'use strict'

// Where an app row's CPU goes, native timers against a library: runs one of timerbench's app
// rows (bench/scenarios/apps.js, the row's own code, load and figures) in a process of its own
// under `perf record` (cpu-clock samples with call stacks, V8's --perf-basic-prof naming the
// JavaScript), the two sides' rounds interleaved, keeps the samples of the row's measured
// window, and splits them by the code they were in: the timers (the library, Node's timer lists,
// the native timer dispatch), the app, its packages, Node's http and streams, I/O outside
// JavaScript, JIT compiling, garbage collection. In microseconds per unit of the row, summed over
// the rounds, so that a difference end to end can be found in one line or seen to be spread
// over all of them (docs/timerbench.md, "Where an app's CPU goes").
//
//   node tools/app-profile.js [--row app-http-timeouts] [--node <binary>] [--lib <path>|floor]
//     [--rounds 3] [--duration 10] [--frequency 4000]
//
// A sample goes to garbage collection or JIT compiling if any frame of its stack is in V8's
// collector or compilers, to promise jobs if it is in V8's microtask queue or promise builtins
// below any JavaScript, else to the innermost JavaScript function on its stack (so a system
// call made from Node's stream code counts as streams, and V8's other builtins count in the
// function that called them), else by where it is outside JavaScript. V8 may inline a timer's callback
// into the library's pass: then the app's work shows in the library's line, which is why the
// table also sums the timers with the app. Needs Linux `perf`, allowed to sample the process
// (root, or kernel.perf_event_paranoid at most 1), and the packages of the row (npm ci).

const { spawnSync } = require('child_process')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { median } = require('../bench/child/stats')

const ROOT = path.join(__dirname, '..')
const ROWS = ['app-http-timeouts', 'app-ttl-cache', 'app-rate-limit']
const PACKAGES = ['undici', 'lru-cache', 'bottleneck']
const PLURALS = { request: 'requests', entry: 'entries', job: 'jobs' }

function parseArgs (argv) {
  const args = { row: 'app-http-timeouts', node: process.execPath, lib: path.join(ROOT, 'lib', 'index.js'), rounds: 3, duration: 10, frequency: 4000 }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--row') args.row = value
    else if (flag === '--node') args.node = value
    else if (flag === '--lib') args.lib = value === 'floor' ? path.join(__dirname, 'floor.js') : path.resolve(value)
    else if (flag === '--rounds') args.rounds = Number(value)
    else if (flag === '--duration') args.duration = Number(value)
    else if (flag === '--frequency') args.frequency = Number(value)
    else throw new Error(`unknown option ${flag}; valid: --row, --node, --lib, --rounds, --duration, --frequency`)
  }
  if (!ROWS.includes(args.row)) throw new Error(`unknown row ${args.row}; valid: ${ROWS.join(', ')}`)
  for (const name of ['rounds', 'duration', 'frequency']) {
    if (!(args[name] > 0)) throw new Error(`--${name} takes a positive number`)
  }
  return args
}

// --- the profiled process ----------------------------------------------------------------

// Runs the row once, as timerbench's child does, and prints its record and measured window
// (CLOCK_MONOTONIC seconds, perf's clock with -k CLOCK_MONOTONIC) as one JSON line.
function child (spec) {
  const natives = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
  const T = spec.lib === 'native' ? natives : require(spec.lib)
  const scenario = require(path.join(ROOT, 'bench', 'scenarios', 'apps.js')).find((s) => s.name === spec.row)
  const window = {}
  const ctx = {
    natives,
    durationMs: spec.durationMs,
    loadNode: spec.loadNode,
    loadScript: path.join(ROOT, 'bench', 'apps', 'http-load.js'),
    packages: spec.packages,
    onWindow (edge) { window[edge] = Number(process.hrtime.bigint()) / 1e9 },
  }
  scenario.measure(T, ctx, (err, record) => {
    if (err) {
      process.stdout.write(`${JSON.stringify({ error: err.message })}\n`)
      process.exit(1)
    }
    process.stdout.write(`${JSON.stringify({ pid: process.pid, window, record })}\n`)
    process.exit(0)
  })
}

// --- sampling and sorting the samples ------------------------------------------------------

const GC = /Scavenge|CollectGarbage|MarkCompact|MinorMark|MinorGC|ConcurrentMarking|IncrementalMarking|Sweeper|ArrayBufferSweeper/
const JIT = /compiler::|OptimizingCompile|BytecodeGenerator|Compiler::Compile|[Mm]aglev|Sparkplug|BaselineBatchCompiler/
// V8's promise machinery, run from whichever function drains the microtasks or settles a promise:
// its own line, so that a timer library that drains them (as Node does between two callbacks)
// is not charged for the promise jobs of the program.
const PROMISE_JOBS = /MicrotaskQueue|RunMicrotasks|Builtins_\w*Promise\w*|Builtins_EnqueueMicrotask|Builtins_\w*Await\w*/
// A JavaScript frame in V8's perf map: "JS:*name file:line:col" (Node 22 on), or by kind before.
const JS_FRAME = /\b(?:JS|LazyCompile|Function|Script|Eval):[*~^+']*(\S*) (\S+)/

const TIMER_CLASSES = ['timers: the library', "timers: Node's timer lists", 'timers: native timer dispatch']

// The class of a JavaScript function from its file.
function jsClass (file, libDir) {
  if (libDir !== null && file.startsWith(libDir)) return TIMER_CLASSES[0]
  if (/^node:(internal\/)?timers\b/.test(file)) return TIMER_CLASSES[1]
  if (file.replace(/:\d+:\d+$/, '').endsWith(path.join('bench', 'scenarios', 'apps.js'))) return 'the app (handler, timer callbacks)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file)
  if (pkg) return `package: ${pkg[1]}`
  if (/^node:(_http_|http|internal\/http)/.test(file)) return "Node's http"
  if (/^node:(net|stream|internal\/stream|internal\/streams)/.test(file)) return "Node's net and streams"
  if (/^node:(events|internal\/process\/|internal\/async_hooks|internal\/async_)/.test(file)) return 'ticks, promises and events'
  return 'other JavaScript'
}

// The class of one sample (its frames, leaf first), and the JavaScript function it is in.
function classify (frames, isMainThread, libDir) {
  const stack = frames.join('\n')
  if (GC.test(stack)) return ['garbage collection', null]
  if (JIT.test(stack)) return ['JIT compiling', null]
  for (const frame of frames) {
    const js = JS_FRAME.exec(frame)
    if (js) return [jsClass(js[2], libDir), `${js[1] || '(anonymous)'} ${js[2]}`]
    if (PROMISE_JOBS.test(frame)) return ['promise jobs (V8 running and settling them)', null]
  }
  if (!isMainThread) return ['other threads', null]
  if (/uv__run_timers|RunTimers/.test(stack)) return [TIMER_CLASSES[2], null]
  if (/uv__io_poll|epoll/.test(stack)) return ['I/O outside JavaScript (libuv, llhttp, kernel)', null]
  return ['native code outside JavaScript', null]
}

// Counts the samples of `pid` inside `window` in a perf.data file, by class and by function.
function sortSamples (dataFile, pid, window, libDir) {
  const script = spawnSync('perf', ['script', '-i', dataFile, '-F', 'pid,tid,time,ip,sym'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (script.status !== 0) throw new Error(`perf script failed: ${script.stderr.trim().split('\n').pop()}`)
  const classes = new Map()
  const functions = new Map()
  let samples = 0
  for (const block of script.stdout.split('\n\n')) {
    const lines = block.split('\n').filter((line) => line.trim())
    const head = lines.length ? /^\s*(\d+)\/(\d+)\s+([\d.]+):/.exec(lines[0]) : null
    if (!head || Number(head[1]) !== pid) continue
    const t = Number(head[3])
    if (t < window.start || t > window.end) continue
    samples++
    const [cls, fn] = classify(lines.slice(1), head[1] === head[2], libDir)
    classes.set(cls, (classes.get(cls) || 0) + 1)
    if (fn && TIMER_CLASSES.includes(cls)) functions.set(fn, (functions.get(fn) || 0) + 1)
  }
  return { samples, classes, functions }
}

// One round of one side under perf: the row's record and the window's samples sorted.
function profileRound (args, lib, packages, dir, label) {
  const dataFile = path.join(dir, `${label}.data`)
  const spec = { row: args.row, lib, durationMs: args.duration * 1000, loadNode: process.execPath, packages }
  const run = spawnSync('perf', ['record', '-q', '-k', 'CLOCK_MONOTONIC', '-e', 'cpu-clock', '-F', String(args.frequency), '-g', '-o', dataFile, '--',
    args.node, '--perf-basic-prof', '--interpreted-frames-native-stack', '--expose-gc', __filename, '--child', JSON.stringify(spec)], { encoding: 'utf8', maxBuffer: 1 << 26 })
  const line = run.stdout.trim().split('\n').pop() || ''
  let out
  try {
    out = JSON.parse(line)
  } catch {
    throw new Error(`the ${label} round printed no result: ${(run.stderr || line).trim().split('\n').pop()}`)
  }
  if (out.error) throw new Error(`${label}: ${out.error}`)
  const sorted = sortSamples(dataFile, out.pid, out.window, lib === 'native' ? null : path.dirname(lib) + path.sep)
  fs.rmSync(dataFile, { force: true })
  fs.rmSync(`/tmp/perf-${out.pid}.map`, { force: true })
  return { record: out.record, ...sorted }
}

// --- the table ---------------------------------------------------------------------------

function addInto (total, counts) {
  for (const [key, n] of counts) total.set(key, (total.get(key) || 0) + n)
}

// Sums one side's rounds: samples by class and function, the units of work, the row's figures.
function sumRounds (rounds) {
  const sum = { samples: 0, units: 0, classes: new Map(), functions: new Map(), values: [] }
  for (const round of rounds) {
    sum.samples += round.samples
    sum.units += round.record.samples
    sum.values.push(round.record.value)
    addInto(sum.classes, round.classes)
    addInto(sum.functions, round.functions)
  }
  return sum
}

function report (args, unit, native, lib) {
  const perUnit = (side, n) => (n * 1e6) / args.frequency / side.units
  const fmt = (x) => x.toFixed(2).padStart(9)
  const row = (name, a, b) => `${name.padEnd(48)}${fmt(a)}${fmt(b)}${((b - a >= 0 ? '+' : '') + (b - a).toFixed(2)).padStart(8)}`
  const libName = path.relative(ROOT, args.lib) || args.lib
  const out = [
    `${args.row}, ${args.rounds} round${args.rounds > 1 ? 's' : ''} a side (${native.units / args.rounds} ${PLURALS[unit]} a round), Node ${spawnSync(args.node, ['-v'], { encoding: 'utf8' }).stdout.trim()}, cpu-clock at ${args.frequency} Hz`,
    `${`CPU us per ${unit}, from samples`.padEnd(48)}${'native'.padStart(9)}${'library'.padStart(9)}${'diff'.padStart(8)}   (library: ${libName})`,
    row('all samples in the measured window', perUnit(native, native.samples), perUnit(lib, lib.samples)),
  ]
  const timers = (side) => TIMER_CLASSES.reduce((n, cls) => n + (side.classes.get(cls) || 0), 0)
  const app = (side) => side.classes.get('the app (handler, timer callbacks)') || 0
  const classes = [...new Set([...native.classes.keys(), ...lib.classes.keys()])]
  classes.sort((a, b) => (native.classes.get(b) || 0) + (lib.classes.get(b) || 0) - (native.classes.get(a) || 0) - (lib.classes.get(a) || 0))
  for (const cls of classes) out.push(row(`  ${cls}`, perUnit(native, native.classes.get(cls) || 0), perUnit(lib, lib.classes.get(cls) || 0)))
  out.push(row('timers, the three lines', perUnit(native, timers(native)), perUnit(lib, timers(lib))))
  out.push(row('timers and the app', perUnit(native, timers(native) + app(native)), perUnit(lib, timers(lib) + app(lib))))
  out.push(`the row's own figure (process CPU, us per ${unit}), median of the rounds: native ${median(native.values).toFixed(2)}, ` +
    `library ${median(lib.values).toFixed(2)}, native/library ${(median(native.values) / median(lib.values)).toFixed(2)}x ` +
    `(native ${native.values.map((v) => v.toFixed(1)).join(', ')}; library ${lib.values.map((v) => v.toFixed(1)).join(', ')})`)
  for (const [name, side] of [['native', native], ['library', lib]]) {
    const top = [...side.functions].sort((a, b) => b[1] - a[1]).slice(0, 8)
    out.push(`timer functions, ${name}: ${top.map(([fn, n]) => `${fn.replace(ROOT + path.sep, '')} ${perUnit(side, n).toFixed(2)}`).join('; ')}`)
  }
  return out.join('\n')
}

// --- main --------------------------------------------------------------------------------

function findPackages () {
  const packages = {}
  for (const name of PACKAGES) {
    try {
      packages[name] = require.resolve(name, { paths: [ROOT] })
    } catch {
      throw new Error(`the app rows need ${name}, a devDependency: run npm ci`)
    }
  }
  return packages
}

function main () {
  const argv = process.argv.slice(2)
  if (argv[0] === '--child') return child(JSON.parse(argv[1]))
  let args
  try {
    args = parseArgs(argv)
    if (spawnSync('perf', ['--version']).status !== 0) throw new Error('needs Linux perf on PATH')
  } catch (e) {
    console.error(`app-profile: ${e.message}`)
    process.exit(2)
  }
  const packages = findPackages()
  const unit = require(path.join(ROOT, 'bench', 'scenarios', 'apps.js')).find((s) => s.name === args.row).unit.split('/')[1]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-profile-'))
  const rounds = { native: [], lib: [] }
  try {
    for (let r = 1; r <= args.rounds; r++) {
      rounds.native.push(profileRound(args, 'native', packages, dir, `native-${r}`))
      rounds.lib.push(profileRound(args, args.lib, packages, dir, `library-${r}`))
      process.stderr.write(`round ${r} of ${args.rounds} done\n`)
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
  console.log(report(args, unit, sumRounds(rounds.native), sumRounds(rounds.lib)))
}

if (require.main === module) main()

module.exports = { parseArgs, classify, TIMER_CLASSES }
