'use strict'

// Instructions per timer operation by function: where instructions.js says how many a row
// costs, this says which functions spend them (JavaScript functions by name, native ones by
// symbol), so that a change can be aimed at the part that costs.
//
//   node tools/functions.js [--node <binary>] [--target native|floor|<lib path>] [--row <row>]
//     [--batches 10,40] [--configure '{"drainBetweenCallbacks":false}'] [--min 3]
//     [--node-flags '--max-inlined-bytecode-size-cumulative=3000']
//
// Runs count.js under callgrind twice, with few and many batches, each time with V8's
// --perf-basic-prof (which writes the address range of every compiled function to
// /tmp/perf-<pid>.map), attributes each callgrind function that has no symbol (JIT code) to the
// compiled function whose range holds its address, and divides the difference between the two
// runs by the operations between them, so start-up and warm-up cancel out. A function V8
// inlined counts in the function it was inlined into. Needs valgrind on PATH.

const { spawnSync } = require('child_process')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { opsPerBatch } = require('./count')
const { callgrind } = require('./instructions')

function parseArgs (argv) {
  const args = {
    node: process.execPath,
    target: path.join(__dirname, '..', 'lib', 'index.js'),
    row: 'timeout-run-10k-in-job',
    batches: [10, 40],
    configure: '',
    min: 3,
    nodeFlags: [],
  }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--node') args.node = value
    else if (flag === '--target') args.target = value === 'native' ? value : value === 'floor' ? path.join(__dirname, 'floor.js') : path.resolve(value)
    else if (flag === '--row') args.row = value
    else if (flag === '--batches') args.batches = value.split(',').map(Number)
    else if (flag === '--configure') args.configure = JSON.stringify(JSON.parse(value))
    else if (flag === '--min') args.min = Number(value)
    else if (flag === '--node-flags') args.nodeFlags = value.split(/\s+/).filter(Boolean)
    else throw new Error(`unknown option ${flag}`)
  }
  return args
}

// One callgrind run: instructions by function name.
function profile (args, batches) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-'))
  const out = path.join(dir, 'callgrind.out')
  const run = callgrind(args.node, args.target, args.row, batches, args.configure,
    { outFile: out, nodeFlags: ['--perf-basic-prof', ...args.nodeFlags] })
  const pid = /==(\d+)== Collected/.exec(run.stderr)[1]
  const mapFile = `/tmp/perf-${pid}.map`
  const ranges = readPerfMap(mapFile)
  fs.unlinkSync(mapFile)
  const annotated = spawnSync('callgrind_annotate', ['--threshold=100', out], { encoding: 'utf8', maxBuffer: 1 << 26 })
  fs.rmSync(dir, { recursive: true })
  const byName = new Map()
  for (const line of annotated.stdout.split('\n')) {
    const match = /^\s*([\d,]+) \([^)]*\)\s+(.*)$/.exec(line)
    if (!match || match[2].startsWith('PROGRAM TOTALS')) continue
    const name = functionName(match[2], ranges)
    byName.set(name, (byName.get(name) || 0) + Number(match[1].replace(/,/g, '')))
  }
  return byName
}

// [start, size, name] of every compiled function, sorted by start.
function readPerfMap (file) {
  return fs.readFileSync(file, 'utf8').trim().split('\n').map(line => {
    const [, start, size, name] = /^(\S+) (\S+) (.*)$/.exec(line)
    return [parseInt(start, 16), parseInt(size, 16), name]
  }).sort((a, b) => a[0] - b[0])
}

// callgrind names a function without a symbol by its address: "???:0x000000000d0570c0 [???]".
function functionName (label, ranges) {
  const unnamed = /^\?\?\?:0x([0-9a-f]+) \[\?\?\?\]/.exec(label)
  if (!unnamed) return label.replace(/\s+\[.*\]$/, '')
  const address = parseInt(unnamed[1], 16)
  let low = 0
  let high = ranges.length - 1
  let hit = null
  while (low <= high) {
    const middle = (low + high) >> 1
    if (ranges[middle][0] <= address) {
      hit = ranges[middle]
      low = middle + 1
    } else high = middle - 1
  }
  return hit !== null && address < hit[0] + hit[1] ? hit[2] : `(unmapped code at 0x${unnamed[1]})`
}

function main () {
  const args = parseArgs(process.argv.slice(2))
  const [few, many] = args.batches
  if (!(few >= 1 && many > few)) throw new Error('--batches takes two counts, the second larger')
  const before = profile(args, few)
  const after = profile(args, many)
  const operations = (many - few) * opsPerBatch(args.row)
  const rows = []
  let total = 0
  for (const [name, count] of after) {
    const perOperation = (count - (before.get(name) || 0)) / operations
    total += perOperation
    if (Math.abs(perOperation) >= args.min) rows.push([perOperation, name])
  }
  rows.sort((a, b) => b[0] - a[0])
  const options = args.configure ? `, configured ${args.configure}` : ''
  console.log(`${args.row} on ${args.target}${options}: ${total.toFixed(0)} instructions per operation (${few} vs ${many} batches)`)
  for (const [perOperation, name] of rows) console.log(`${perOperation.toFixed(1).padStart(8)}  ${name}`)
}

if (require.main === module) main()

module.exports = { functionName, readPerfMap }
