'use strict'
// Small building blocks shared by the behaviour tests.

// Blocks the event loop for `ms` milliseconds, as a slow synchronous callback would.
function busy (ms) {
  const end = performance.now() + ms
  while (performance.now() < end);
}

// Collects events; `done` resolves with the log once `n` events have been pushed.
function logger (n) {
  const log = []
  let resolve
  const done = new Promise(r => { resolve = r })
  const push = x => { log.push(x); if (log.length === n) resolve(log) }
  return { log, push, done }
}

module.exports = { busy, logger }
