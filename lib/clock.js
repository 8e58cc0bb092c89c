'use strict'

// The library's one clock: monotonic milliseconds with sub-millisecond precision, read with
// `performance.now()` (libuv's hrtime), so that user code can check our promise ("a timer never
// fires before performance.now() at its creation plus its truncated delay") with the public API.
//
// Why not reuse a cached "now": a value read earlier in a long synchronous run would make timers
// created at its end fire early (the qtimers bug). Every deadline therefore starts from a fresh
// read; only a timer pass reuses its start time, exactly where Node reuses its loop time.
//
// Why `performance.now()` and not `process.hrtime()`, which reads the same source: on Node 20 to
// 24 it is the faster read by time (`tools/clock-reads.js`), and its code is half the size,
// which matters more. (On Node 18 it is `process.hrtime()` plus arithmetic, so the two cost the
// same there.) V8 inlines a callee into a caller's loop only while the bytecode
// inlined there stays under a budget (920 bytes); with `process.hrtime()` (244 bytes of its own,
// for an argument the library never passes) a timeout's creation went over it, and the clock
// read and the link into the bucket stayed calls in the caller's loop. By instructions
// `process.hrtime()` is the cheaper on Node 18 to 22, which is why it was the reader for a while.

const { performance } = require('perf_hooks')

/** Monotonic milliseconds (fractional), as `performance.now()`. */
const now = performance.now.bind(performance)

/** The bucket a deadline belongs to: the first whole millisecond at or after it. */
function bucketKey (deadline) {
  return Math.ceil(deadline)
}

module.exports = { now, bucketKey }
