'use strict'

// The A/A implementation: Node's own timer functions, re-exported. `-i native,module:<this file>`
// compares native with itself, so every ratio's truth is 1: what a run flags here is a false
// positive, and how often its intervals hold 1 is their real coverage (docs/timerbench.md,
// "How far to trust a run").

module.exports = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
