'use strict'

// Two or more builds of heaptimers timed against native in timerbench's own child, with the
// children interleaved: an A/B of a change before it lands. timerbench itself runs
// one build, the repository's lib; this runs any copies of it side by side.
//
//   node tools/ab.js --scenario <name> [--runs 7] [--node <binary>] [--sample-time 1500]
//     [--options drainBetweenCallbacks=false] <label>=<lib/index.js path> ... [floor]
//
// Each round runs one child of native, then one of each build (and of the floor, with the same
// options, when `floor` is named), so the host's drift touches every arm alike. The child, its
// spec and how it is run are timerbench's (bench/cli/run-cells.js's childSpec(), bench/cli/spawn-child.js's
// runChild()), so a row samples as in `timerbench --sample-time`. Prints, per arm, the median over native's median
// and every child's value. Medians of 7 children still move by about 5 % on a shared 2-core
// host: a smaller difference needs more runs, or instruction counts (instructions.js).

const path = require('path')
const { childSpec, KILL_SLACK_MS } = require('../bench/cli/run-cells')
const { runChild } = require('../bench/cli/spawn-child')
const scenarios = require('../bench/scenarios')
const stats = require('../bench/child/stats')

function parseArgs (argv) {
  const args = { scenario: null, runs: 7, node: process.execPath, sampleTime: 1500, options: '', arms: [] }
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]
    if (flag === '--scenario') args.scenario = argv[++i]
    else if (flag === '--runs') args.runs = Number(argv[++i])
    else if (flag === '--node') args.node = argv[++i]
    else if (flag === '--sample-time') args.sampleTime = Number(argv[++i])
    else if (flag === '--options') args.options = argv[++i]
    else if (flag === 'floor') args.arms.push({ label: 'floor', impl: 'floor', libPath: null })
    else if (/^[^=-][^=]*=.+/.test(flag)) {
      const at = flag.indexOf('=')
      args.arms.push({ label: flag.slice(0, at), impl: 'heaptimers', libPath: path.resolve(flag.slice(at + 1)) })
    } else throw new Error(`unknown argument ${flag}`)
  }
  if (!scenarios.get(args.scenario)) throw new Error(`--scenario: no scenario named ${args.scenario}`)
  if (args.arms.length === 0) throw new Error('name at least one build: <label>=<path of its lib/index.js>')
  if (!(args.runs >= 1)) throw new Error('--runs takes a count')
  return args
}

/** One child of `arm` on `scenario`: its value, or NaN with the reason on stderr. */
async function valueOf (node, scenario, arm, options, sampleTime) {
  const impl = arm.impl === 'native' || !options ? arm.impl : `${arm.impl}:${options}`
  const spec = childSpec({ scenario, impl }, { libPath: arm.libPath || undefined, duration: 3, sampleTime })
  const outcome = await runChild(node, spec, spec.timeoutMs + KILL_SLACK_MS)
  if (outcome.run) return outcome.run.value
  process.stderr.write(`${arm.label}: ${outcome.error.message}\n`)
  process.exitCode = 1
  return NaN
}

async function main () {
  let args
  try {
    args = parseArgs(process.argv.slice(2))
  } catch (err) {
    console.error(`ab.js: ${err.message}`)
    process.exit(2)
  }
  const scenario = scenarios.get(args.scenario)
  const arms = [{ label: 'native', impl: 'native', libPath: null }, ...args.arms]
  const values = arms.map(() => [])
  for (let round = 0; round < args.runs; round++) {
    for (let i = 0; i < arms.length; i++) {
      values[i].push(await valueOf(args.node, scenario, arms[i], args.options, args.sampleTime))
    }
  }
  const medians = values.map((v) => stats.median(v.filter((x) => !Number.isNaN(x))))
  const lowerIsBetter = scenario.higherIsBetter === false
  console.log(`${scenario.name} (${scenario.unit}) on ${args.node}, ${args.runs} children an arm${args.options ? `, ${args.options}` : ''}`)
  arms.forEach((arm, i) => {
    const ratio = lowerIsBetter ? medians[0] / medians[i] : medians[i] / medians[0]
    const each = values[i].map((v) => v.toPrecision(3)).join(' ')
    console.log(`  ${arm.label.padEnd(10)} ${medians[i].toPrecision(4).padStart(8)}  ${ratio.toFixed(3)}x native  [${each}]`)
  })
}

if (require.main === module) main()
