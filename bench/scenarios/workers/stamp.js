// A clock every thread of a process reads alike, in ms: performance.timeOrigin + now(). Node's
// process.hrtime() is one monotonic clock for all threads, but Bun's and Deno's count from each
// thread's start (a worker's read 22 ms and 53 ms apart from the main thread's here), while the
// epoch-based sum agrees across threads within a few microseconds on all three.
// ES5 on purpose: the child and its workers require it on every runtime that has workers.
'use strict'

// Looked up on first use: the registry loads this file on Nodes without perf_hooks (0.8).
var perf = null

module.exports = function stamp () {
  if (!perf) perf = typeof performance !== 'undefined' ? performance : require('perf_hooks').performance
  return perf.timeOrigin + perf.now()
}
