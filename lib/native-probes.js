'use strict'

// What the running Node's own timers do, read once at load from a few native timers set and
// cleared: their classes, what clearing leaves in them, and the offset of libuv's clock. Node
// releases differ in these, and heaptimers matches the one it runs on.

const clock = require('./clock')

// Captured before anyone (install() included) can replace them.
const nativeSetTimeout = globalThis.setTimeout
const nativeClearTimeout = globalThis.clearTimeout
const nativeSetImmediate = globalThis.setImmediate
const nativeClearImmediate = globalThis.clearImmediate

// What the running Node's own Timeout looks like: a cleared one (`cleared`), for its class and
// what clearing leaves in it, and `clockOffset`, what to add to our clock to get libuv's, whose
// whole milliseconds Node's `_idleStart` holds. A native timer created between two of our clock
// reads tells the offset within a millisecond; of three such timers, the one with the narrowest
// window is kept, so one preempted midway does not skew it. Three native timers in all, at load.
function probeNativeTimeouts () {
  let cleared = null
  let clockOffset = 0
  let narrowest = Infinity
  for (let i = 0; i < 3; i++) {
    const before = clock.now()
    const timer = nativeSetTimeout(function probe () {}, 1)
    const after = clock.now()
    nativeClearTimeout(timer)
    cleared = timer
    if (after - before < narrowest) {
      narrowest = after - before
      // Node read its clock between `before` and `after`, and kept the whole ms: our clock plus
      // the offset fell within that ms then. The middle of it is the best guess.
      clockOffset = timer._idleStart + 0.5 - (before + after) / 2
    }
  }
  return { cleared, clockOffset }
}

// A native Immediate, set and cleared (its class, and what clearing left in it), and whether
// Node's clearImmediate skipped it while its `_onImmediate` was emptied.
function nativeClearedImmediate () {
  const immediate = nativeSetImmediate(function probe () {}, 'probe')
  const callback = immediate._onImmediate
  immediate._onImmediate = null
  nativeClearImmediate(immediate)
  const skipsEmptied = immediate._destroyed !== true
  if (skipsEmptied) {
    immediate._onImmediate = callback
    nativeClearImmediate(immediate)
  }
  return { immediate, skipsEmptied }
}

module.exports = { probeNativeTimeouts, nativeClearedImmediate }
