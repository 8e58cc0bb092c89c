'use strict';

// The library's one clock: monotonic milliseconds with sub-millisecond precision, in the
// `performance.now()` time base, so that user code can check our promise ("a timer never fires
// before performance.now() at its creation plus its truncated delay") with the public API.
//
// Why not reuse a cached "now": a value read earlier in a long synchronous run would make timers
// created at its end fire early (the qtimers bug). Every deadline therefore starts from a fresh
// read; only a timer pass reuses its start time, exactly where Node reuses its loop time.

const { performance } = require('perf_hooks');

/** Monotonic milliseconds (fractional), comparable with `performance.now()`. */
const now = performance.now.bind(performance);

/** The bucket a deadline belongs to: the first whole millisecond at or after it. */
function bucketKey(deadline) {
  return Math.ceil(deadline);
}

module.exports = { now, bucketKey };
