'use strict'

// A fixed amount of timer work, for counting instructions (tools/instructions.js): the
// same batches as timerbench's rows, run a given number of times with no clock and no sampling,
// so that two runs differing only in their batch count differ only by those batches' work.
//
//   node tools/count.js <native | library path> <row> <batches> [configure JSON]

const OPS_PER_BATCH = 10000
const N = OPS_PER_BATCH
// A row that waits for the clock does fewer operations a batch (see opsPerBatch()).
const LOOP_FIRES = 1000
function noop () {}

// Each runs N operations of timer functions `T`, then calls `done` once.
const ROWS = {
  'timeout-set-clear' (T, done) {
    for (let i = 0; i < N; i++) T.clearTimeout(T.setTimeout(noop, 1000))
    T.setImmediate(done)
  },
  // A request handler's pattern: a timeout and an immediate per request, both cancelled.
  'timeout-immediate-set-clear' (T, done) {
    for (let i = 0; i < N; i++) {
      T.clearTimeout(T.setTimeout(noop, 1000))
      T.clearImmediate(T.setImmediate(noop))
    }
    T.setImmediate(done)
  },
  // An async handler's pattern: one timeout at a time, set and cleared after an await.
  'timeout-set-clear-await' (T, done) {
    (async () => {
      for (let i = 0; i < N; i++) {
        await null
        T.clearTimeout(T.setTimeout(noop, 1000))
      }
      T.setImmediate(done)
    })()
  },
  // The same with a queueMicrotask() in between (web streams and many libraries use it).
  'timeout-set-clear-await-microtask' (T, done) {
    (async () => {
      for (let i = 0; i < N; i++) {
        await null
        queueMicrotask(noop)
        T.clearTimeout(T.setTimeout(noop, 1000))
      }
      T.setImmediate(done)
    })()
  },
  'immediate-set' (T, done) {
    for (let i = 0; i < N; i++) T.setImmediate(noop)
    T.setImmediate(done)
  },
  // timerbench's immediate-set-clear-40k-run-1, in batches of 10,000: queue them all, clear
  // them all, then one final immediate.
  'immediate-set-clear-10k-run-1' (T, done) {
    const handles = new Array(N)
    for (let i = 0; i < N; i++) handles[i] = T.setImmediate(noop)
    for (let i = 0; i < N; i++) T.clearImmediate(handles[i])
    T.setImmediate(done)
  },
  'immediate-run-10k' (T, done) {
    let count = 0
    const callback = () => { if (++count === N) done() }
    for (let i = 0; i < N; i++) T.setImmediate(callback)
  },
  'timeout-run-10k' (T, done) {
    let count = 0
    const callback = () => { if (++count === N) done() }
    for (let i = 0; i < N; i++) T.setTimeout(callback, 1)
  },
  'immediate-run-10k-3args' (T, done) {
    let count = 0
    const callback = (a, b, c) => { if (++count === N) done() }
    for (let i = 0; i < N; i++) T.setImmediate(callback, i, 2, 3)
  },
  'timeout-run-10k-3args' (T, done) {
    let count = 0
    const callback = (a, b, c) => { if (++count === N) done() }
    for (let i = 0; i < N; i++) T.setTimeout(callback, 1, i, 2, 3)
  },
  // The same two, started from a promise job, as timerbench's tinybench sampler starts its
  // batches: there the execution async id reads 0, since no async hook tracks promises.
  'immediate-run-10k-in-job' (T, done) {
    Promise.resolve().then(() => ROWS['immediate-run-10k'](T, done))
  },
  'timeout-run-10k-in-job' (T, done) {
    Promise.resolve().then(() => ROWS['timeout-run-10k'](T, done))
  },
  // timerbench's cpu-1ms-loops-1: one timeout re-queueing itself with a 1 ms delay, LOOP_FIRES
  // fires a batch (about 1.1 s; `--batches 4,24`). Most of a fire is the event loop's own work,
  // on both sides.
  'timeout-loop-1ms' (T, done) {
    let count = 0
    const tick = () => { if (++count === LOOP_FIRES) done(); else T.setTimeout(tick, 1) }
    T.setTimeout(tick, 1)
  },
  // timerbench's cpu-1ms-loops-10 and -1000: that many timeouts, each re-queueing itself with a
  // 1 ms delay, started in one synchronous run, so each pass fires them all. Under valgrind a
  // pass of 1,000 takes longer than 1 ms, so that row (N fires a batch) counts the per-fire
  // work, not the sleeps between. Ten loops' fires also carry their share of each wake-up (the
  // native timer, the clock, the bucket): LOOP_FIRES a batch, 100 passes of about 1.1 ms.
  'timeout-loops-10': concurrentLoops(10, LOOP_FIRES),
  'timeout-loops-1000': concurrentLoops(1000, N),
  'immediate-recursion' (T, done) {
    let count = 0
    const step = () => { if (++count === N) done(); else T.setImmediate(step) }
    T.setImmediate(step)
  },
  'immediate-recursion-3args' (T, done) {
    let count = 0
    const step = (a, b, c) => { if (++count === N) done(); else T.setImmediate(step, a, b, c) }
    T.setImmediate(step, 1, 2, 3)
  },
}

// A row of `loops` concurrent 1 ms loops, `fires` fires a batch (see 'timeout-loops-1000').
function concurrentLoops (loops, fires) {
  return function runLoops (T, done) {
    let count = 0
    const tick = () => {
      if (++count === fires) done()
      else if (count <= fires - loops) T.setTimeout(tick, 1)
    }
    for (let i = 0; i < loops; i++) T.setTimeout(tick, 1)
  }
}

function main ([which, row, batches, optionsJson]) {
  const T = which === 'native' ? require('timers') : require(require('path').resolve(which))
  if (optionsJson) T.configure(JSON.parse(optionsJson))
  const batch = ROWS[row]
  if (batch === undefined) throw new Error(`unknown row ${row} (one of ${Object.keys(ROWS).join(', ')})`)
  let left = Number(batches);
  (function next () {
    if (left-- > 0) batch(T, () => setImmediate(next))
  })()
  // A batch that loses a callback lets the process exit early: say so, rather than count less.
  process.on('exit', () => {
    if (left >= 0) {
      console.error(`${row}: the loop emptied with ${left + 1} of ${batches} batches unfinished`)
      process.exitCode = 1
    }
  })
}

if (require.main === module) main(process.argv.slice(2))

/** Operations in one batch of `row`. */
function opsPerBatch (row) {
  return row === 'timeout-loop-1ms' || row === 'timeout-loops-10' ? LOOP_FIRES : OPS_PER_BATCH
}

module.exports = { ROWS: Object.keys(ROWS), OPS_PER_BATCH, opsPerBatch }
