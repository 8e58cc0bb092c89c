'use strict'

// Instructions per timer operation by machine instruction, in the optimized code of one
// JavaScript function: where functions.js says which function spends a row's instructions, this
// shows which of its instructions do (a map check, a write barrier, a call into a builtin), with
// V8's own disassembly and comments beside each count.
//
//   node tools/machine-code.js --function <name> [--node <binary>]
//     [--target native|floor|<lib path>] [--row <row>] [--batches 100]
//     [--configure '{"drainBetweenCallbacks":false}'] [--min 0.5]
//
// Runs count.js once under callgrind with per-instruction counts (--dump-instr), V8 printing the
// optimized code of every function named <name> (--print-opt-code), and joins the two by
// address. Each optimized version of the function is shown with its instructions per operation
// (counts divided by every operation of the run, so a version that took over after the first
// batches reads a little under its true cost per operation; many batches keep that small).
// Lines under --min per operation are left out. Needs valgrind on PATH.

const fs = require('fs')
const os = require('os')
const path = require('path')
const { opsPerBatch } = require('./count')
const { callgrind } = require('./instructions')

function parseArgs (argv) {
  const args = {
    node: process.execPath,
    target: path.join(__dirname, '..', 'lib', 'index.js'),
    row: 'timeout-run-10k',
    batches: 100,
    configure: '',
    min: 0.5,
    function: null,
  }
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === '--function') args.function = value
    else if (flag === '--node') args.node = value
    else if (flag === '--target') args.target = value === 'native' ? value : value === 'floor' ? path.join(__dirname, 'floor.js') : path.resolve(value)
    else if (flag === '--row') args.row = value
    else if (flag === '--batches') args.batches = Number(value)
    else if (flag === '--configure') args.configure = JSON.stringify(JSON.parse(value))
    else if (flag === '--min') args.min = Number(value)
    else throw new Error(`unknown option ${flag}`)
  }
  if (!args.function) throw new Error('--function <name> is required')
  return args
}

// Self cost of every instruction address in a callgrind profile written with --dump-instr=yes,
// --compress-pos=no and --compress-strings=no: lines "<address> <line> <cost>". The line after a
// `calls=` line is the call's inclusive cost, counted in the callee already.
function costByAddress (file) {
  const costs = new Map()
  let inclusive = false
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('calls=')) {
      inclusive = true
      continue
    }
    const match = /^(0x[0-9a-f]+) \S+ (\d+)$/.exec(line)
    if (!match) continue
    if (inclusive) {
      inclusive = false
      continue
    }
    const address = parseInt(match[1], 16)
    costs.set(address, (costs.get(address) || 0) + Number(match[2]))
  }
  return costs
}

// V8's --print-opt-code output: one block per optimized version, each line of its instructions
// starting with its address.
function codeBlocks (text) {
  const blocks = []
  let block = null
  for (const line of text.split('\n')) {
    if (line.startsWith('--- Optimized code ---')) {
      block = { name: '', id: '', lines: [] }
      blocks.push(block)
    } else if (block !== null) {
      const field = /^(name|optimization_id) = (.*)$/.exec(line)
      if (field) block[field[1] === 'name' ? 'name' : 'id'] = field[2]
      else if (/^0x[0-9a-f]+\s/.test(line)) block.lines.push(line)
    }
  }
  return blocks
}

function main () {
  const args = parseArgs(process.argv.slice(2))
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'machine-code-'))
  const out = path.join(dir, 'callgrind.out')
  const run = callgrind(args.node, args.target, args.row, args.batches, args.configure, {
    outFile: out,
    valgrindFlags: ['--dump-instr=yes', '--compress-pos=no', '--compress-strings=no'],
    nodeFlags: ['--print-opt-code', `--print-opt-code-filter=${args.function}`, '--code-comments'],
  })
  const costs = costByAddress(out)
  fs.rmSync(dir, { recursive: true })
  const operations = args.batches * opsPerBatch(args.row)
  const options = args.configure ? `, configured ${args.configure}` : ''
  console.log(`${args.row} on ${args.target}${options}: ${args.function}'s optimized code, instructions per operation (${operations} operations)`)
  for (const block of codeBlocks(run.stdout)) {
    const counted = block.lines.map(line => [costs.get(parseInt(line, 16)) / operations || 0, line])
    const total = counted.reduce((sum, [perOperation]) => sum + perOperation, 0)
    console.log(`\n${block.name} (optimization ${block.id}): ${total.toFixed(1)} per operation`)
    if (total < args.min) continue
    for (const [perOperation, line] of counted) {
      if (perOperation >= args.min) console.log(`${perOperation.toFixed(2).padStart(7)}  ${line}`)
    }
  }
}

if (require.main === module) main()
