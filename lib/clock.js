'use strict';

// The library's one clock: monotonic milliseconds with sub-millisecond precision, read from the
// same source as `performance.now()` (libuv's hrtime), so that user code can check our promise
// ("a timer never fires before performance.now() at its creation plus its truncated delay")
// with the public API: the two clocks differ by a constant, so their intervals are the same.
//
// Why not reuse a cached "now": a value read earlier in a long synchronous run would make timers
// created at its end fire early (the qtimers bug). Every deadline therefore starts from a fresh
// read; only a timer pass reuses its start time, exactly where Node reuses its loop time.
//
// Which reader: the cheaper one per Node line, measured in instructions per timer (HISTORY).
// On Node 18 to 22, `performance.now()` costs more than `process.hrtime()` and its arithmetic
// (on Node 22 it checks its receiver through an argument-forwarding wrapper on every call); on
// Node 24 and later it costs less.

const { performance } = require('perf_hooks');

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const hrtime = process.hrtime;

function hrtimeNow() {
  const time = hrtime();
  return time[0] * 1e3 + time[1] / 1e6;
}

/** Monotonic milliseconds (fractional); intervals equal `performance.now()`'s. */
const now = NODE_MAJOR <= 22 ? hrtimeNow : performance.now.bind(performance);

/** The bucket a deadline belongs to: the first whole millisecond at or after it. */
function bucketKey(deadline) {
  return Math.ceil(deadline);
}

module.exports = { now, bucketKey };
