'use strict'

// Which property accesses in a library's code saw more than one hidden class: runs count.js
// rows under V8's inline-cache log (--log-ic) and lists every load or store in the library's
// files whose inline cache went polymorphic or megamorphic, by function, line and property. A
// hot path that keeps one object shape per kind of timer lists nothing (the hot-path rules), and
// a site listed here costs a map check per extra hidden class wherever V8 compiles it.
//
//   node tools/inline-caches.js [--node <binary>] [--target <lib path>]
//     [--rows timeout-run-10k,timeout-loops-1000] [--batches 30]
//     [--configure '{"drainBetweenCallbacks":false}']
//
// Prints one line per site: `<function> <file>:<line>:<column> .<property> <kind> <state>`,
// then how many inline-cache events the log held (none would mean the log went unread, not a
// clean run). Exits 0 either way; test/tools/inline-caches.test.js reads the list.
//
// One cause this found: V8's bytecode generator shares one feedback slot between two
// stores (or two loads) of the same property name through variables of the same index, and
// parameters and locals are counted from 0 each, so a parameter and a local can share a slot
// (see detach() in lib/timeouts.js).

const { spawnSync } = require('child_process')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { ROWS } = require('./count')

const COUNT = path.join(__dirname, 'count.js')
const LIB = path.join(__dirname, '..', 'lib')
const IC_EVENT = /^(Keyed)?(Load|Store)(Global)?IC$|^(Define(Named|Keyed)Own|StoreInArrayLiteral)IC$/
const SPREAD_STATES = new Set(['P', 'N']) // polymorphic, megamorphic

function parseArgs (argv) {
  const args = {
    node: process.execPath,
    target: path.join(LIB, 'index.js'),
    rows: ['timeout-run-10k', 'timeout-loops-1000'],
    batches: 30,
    configure: '',
  }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--node') args.node = value
    else if (flag === '--target') args.target = path.resolve(value)
    else if (flag === '--rows') args.rows = value.split(',')
    else if (flag === '--batches') args.batches = Number(value)
    else if (flag === '--configure') args.configure = JSON.stringify(JSON.parse(value))
    else throw new Error(`unknown option ${flag}`)
  }
  for (const row of args.rows) {
    if (!ROWS.includes(row)) throw new Error(`unknown row ${row} (one of ${ROWS.join(', ')})`)
  }
  return args
}

/**
 * Runs `row` under --log-ic and returns the log's text. V8 names the file after the isolate,
 * so the run gets a directory of its own.
 */
function logRow (args, row) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-caches-'))
  try {
    const argv = ['--log-ic', `--logfile=${path.join(dir, 'v8.log')}`, COUNT, args.target, row, String(args.batches)]
    if (args.configure) argv.push(args.configure)
    const run = spawnSync(args.node, argv, { encoding: 'utf8', cwd: dir })
    if (run.status !== 0) throw new Error(`${row}: count.js exited ${run.status}: ${run.stderr}`)
    return fs.readdirSync(dir).map(file => fs.readFileSync(path.join(dir, file), 'utf8')).join('\n')
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The polymorphic and megamorphic sites in a --log-ic log whose code lies in a file under
 * `root`, and how many inline-cache events the log held in all. An event names its site by the
 * address of the code it ran in; `code-creation` lines name that code's function and file.
 */
function spreadSites (log, root) {
  const codes = []
  const sites = new Set()
  let events = 0
  for (const line of log.split('\n')) {
    const fields = line.split(',')
    if (fields[0] === 'code-creation') {
      codes.push({ start: parseInt(fields[4], 16), size: Number(fields[5]), name: fields[6] || '' })
      continue
    }
    if (!IC_EVENT.test(fields[0])) continue
    events++
    // kind, pc, time, line, column, old state, new state, map, key, ...
    const state = fields[6]
    if (!SPREAD_STATES.has(state)) continue
    const code = codeAt(codes, parseInt(fields[1], 16))
    if (code === null) continue
    const at = code.name.indexOf(root)
    if (at < 0) continue
    const fn = code.name.slice(0, at).trim() || '(anonymous)'
    const file = code.name.slice(at + root.length + 1).replace(/:\d+:\d+$/, '')
    const site = `${fn} ${file}:${fields[3]}:${fields[4]} .${fields[8]} ${fields[0]} ${state === 'P' ? 'polymorphic' : 'megamorphic'}`
    sites.add(site)
  }
  return { sites: [...sites].sort(), events }
}

// The code object holding `pc`: the latest created, as V8 reuses addresses of collected code.
function codeAt (codes, pc) {
  for (let i = codes.length - 1; i >= 0; i--) {
    if (pc >= codes[i].start && pc < codes[i].start + codes[i].size) return codes[i]
  }
  return null
}

/** Each row's spread sites in the target's directory, run by run. */
function scan (args) {
  const root = path.dirname(args.target)
  return args.rows.map(row => ({ row, ...spreadSites(logRow(args, row), root) }))
}

function main (argv) {
  const args = parseArgs(argv)
  for (const { row, sites, events } of scan(args)) {
    console.log(`${row} on ${args.target}${args.configure ? `, configured ${args.configure}` : ''}: ` +
      `${sites.length} site(s) saw more than one hidden class (${events} inline-cache events logged)`)
    for (const site of sites) console.log(`  ${site}`)
  }
}

if (require.main === module) main(process.argv.slice(2))

module.exports = { scan, spreadSites }
