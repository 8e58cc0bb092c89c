// A full garbage collection in the benchmark child, run just before a cpu window opens, so that
// the window measures the steady state and not a one-off collection on V8's own schedule.
//
// The one seen here: V8's memory reducer, armed once the old generation has grown 1 MB since
// start-up with no mark-compact yet, runs two or three mark-compacts about 8 s later, and a cpu
// row's window opens 7 to 10 s into its child. Loading heaptimers adds one 256 KB page to the
// old generation and the floor none, and in timerbench's child that crossed the line for
// heaptimers and not for the floor: two mark-compacts fell in heaptimers' windows on Node 20
// and 22 (--trace-gc), and in one of native's on Node 22. On Node 20, one 1 ms loop read 49.8 µs
// of CPU a fire without the collection before the window and 43.8 with it (the floor 43.8 and
// 44.6; bench/results/README.md, "2026-11-26 night"). After a mark-compact, growth does not arm
// the reducer again, and an armed one waits another 8 s: the window is clear of it.
//
// ES5 on purpose: the child requires it on every Node version. Where `gc` cannot be exposed
// (Nodes without the v8 module, before io.js), windows open without it and say so.
'use strict'

var collect

// `gc` from a fresh context made while --expose-gc is set: the flag applies to contexts made
// after it, and is put back at once so nothing else sees it.
function exposedGc () {
  if (typeof global.gc === 'function') return global.gc
  var v8
  try {
    v8 = require('v8')
    v8.setFlagsFromString('--expose-gc')
  } catch (e) {
    return null
  }
  try {
    var gc = require('vm').runInNewContext('gc')
    return typeof gc === 'function' ? gc : null
  } catch (e) {
    return null
  } finally {
    v8.setFlagsFromString('--no-expose-gc') // also when the context could not be made
  }
}

/** Runs a full collection; returns false where this Node cannot run one on request. */
function fullGc () {
  if (collect === undefined) collect = exposedGc()
  if (collect === null) return false
  collect()
  return true
}

module.exports = { fullGc: fullGc }
