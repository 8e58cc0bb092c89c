'use strict'
// Small building blocks shared by the behaviour tests.

// Blocks the event loop for `ms` milliseconds, as a slow synchronous callback would.
function busy (ms) {
  const end = performance.now() + ms
  while (performance.now() < end);
}

// Collects events; `done` resolves with the log once `n` events have been pushed, or, given
// `fallbackMs`, after that long with what came (a shortfall then fails an assertion instead of
// the test's timeout). Its native timer is cleared once the log is complete.
function logger (n, fallbackMs) {
  const log = []
  let resolve
  const done = new Promise(r => { resolve = r })
  const fallback = fallbackMs === undefined ? null : setTimeout(() => resolve(log), fallbackMs)
  const push = x => {
    log.push(x)
    if (log.length === n) { clearTimeout(fallback); resolve(log) }
  }
  return { log, push, done }
}

module.exports = { busy, logger }
