'use strict'

// When does a rate row reach its steady state? Runs one timerbench rate scenario's batches back
// to back, as the child's sampler does (each batch started from a promise job after a native
// immediate), and prints the throughput of the batches that ended in each slice of process time.
// A row is warm once the slices stop rising; timerbench's warm-up (100 ms, or 40 % of an explicit
// --sample-time) should end after that point, or its samples measure JIT compiling and the heap
// growing instead of the timers.
//
//   node tools/warmup.js <native | library path> <row> [until ms] [slice ms] [configure JSON]
//
// Prints: `<slice end ms>:<M/s>` per slice, process time counted from the process's start.

const path = require('path')
const scenarios = require('../bench/scenarios')

function main ([which, row, untilArg, sliceArg, optionsJson]) {
  const nativeSetImmediate = setImmediate
  const T = which === 'native' ? require('timers') : require(path.resolve(which))
  if (optionsJson) T.configure(JSON.parse(optionsJson))
  const scenario = scenarios.get(row)
  if (scenario === null || scenario.kind !== 'rate') {
    throw new Error(`unknown rate row ${row} (one of ${scenarios.all.filter((s) => s.kind === 'rate').map((s) => s.name).join(', ')})`)
  }
  const untilMs = Number(untilArg) || 1500
  const sliceMs = Number(sliceArg) || 100
  const batch = scenario.create(T)
  const ended = [] // [process time at the end, measured ms] per batch

  function next () {
    batch((measuredMs) => {
      const at = performance.now()
      ended.push([at, measuredMs])
      if (at < untilMs) Promise.resolve().then(() => nativeSetImmediate(next))
      else report()
    })
  }

  function report () {
    const slices = new Map()
    for (const [at, ms] of ended) {
      const end = Math.ceil(at / sliceMs) * sliceMs
      const slice = slices.get(end) || { ms: 0, batches: 0 }
      slice.ms += ms
      slice.batches++
      slices.set(end, slice)
    }
    const cells = [...slices].map(([end, s]) => `${end}:${(scenario.ops * s.batches / s.ms / 1000).toPrecision(3)}`)
    console.log(`${which === 'native' ? 'native' : path.basename(path.dirname(path.resolve(which)))} ${row} ${cells.join(' ')}`)
  }

  next()
}

main(process.argv.slice(2))
