'use strict'

// Nanoseconds per clock read, by time, for each reader a timer library can use from JavaScript:
// what a timeout's fresh deadline costs (lib/clock.js). Instruction counts (instructions.js)
// rank the readers differently from time: most of a read is the clock itself (a vDSO
// clock_gettime), which costs few instructions and many nanoseconds.
//
//   node tools/clock-reads.js [reads per round, default 2000000]
//
// Prints the median of 7 rounds per reader; `empty` is the loop and call without a clock.

const { performance } = require('perf_hooks')

const READS = Number(process.argv[2]) || 2e6
const ROUNDS = 7
const hrtime = process.hrtime

const READERS = {
  'performance.now()': performance.now.bind(performance),
  'process.hrtime()': () => { const t = hrtime(); return t[0] * 1e3 + t[1] / 1e6 },
  'Date.now()': Date.now,
  empty: () => 1.5,
}

function nsPerRead (read) {
  const times = []
  for (let round = 0; round < ROUNDS; round++) {
    let sum = 0
    const start = hrtime.bigint()
    for (let i = 0; i < READS; i++) sum += read()
    times.push(Number(hrtime.bigint() - start) / READS)
    if (sum === -1) console.log(sum) // keeps the reads alive
  }
  times.sort((a, b) => a - b)
  return times[ROUNDS >> 1]
}

for (const [name, read] of Object.entries(READERS)) {
  console.log(`${process.version} ${name.padEnd(18)} ${nsPerRead(read).toFixed(1)} ns per read`)
}
