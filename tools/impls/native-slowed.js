'use strict'

// Native timers made slower by a fixed cost per call: each setTimeout and setInterval first spins
// TIMEOUT_SPIN steps of integer arithmetic, each setImmediate IMMEDIATE_SPIN (the clears are
// native). The known difference a run should find, `-i native,module:<this file>`
// (docs/timerbench.md, "How far to trust a run"). The steps were calibrated here with timerbench
// so that every row whose cost is the set calls loses at least 10 % (measured: 10-29 %; an
// immediate costs a third of a timeout, so it gets fewer); the recursion rows, whose cost is a
// loop turn per step, lose nothing measurable, and the docs give what each row really loses.
// SLOWED_SPIN="<timeout>,<immediate>" in the environment overrides them, to calibrate on another
// machine.

const [TIMEOUT_SPIN, IMMEDIATE_SPIN] = /^\d+,\d+$/.test(process.env.SLOWED_SPIN || '')
  ? process.env.SLOWED_SPIN.split(',').map(Number)
  : [7, 4]

let sink = 1
function spin (steps) {
  let x = sink
  for (let i = 0; i < steps; i++) x = (x * 1103515245 + 12345) | 0
  sink = x
}

function slowed (fn, steps) {
  return (...args) => {
    spin(steps)
    return fn(...args)
  }
}

module.exports = {
  setTimeout: slowed(setTimeout, TIMEOUT_SPIN),
  clearTimeout,
  setInterval: slowed(setInterval, TIMEOUT_SPIN),
  clearInterval,
  setImmediate: slowed(setImmediate, IMMEDIATE_SPIN),
  clearImmediate,
  steps: { timeout: TIMEOUT_SPIN, immediate: IMMEDIATE_SPIN }
}
