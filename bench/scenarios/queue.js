// Group `queue`: the immediate queue under load -- many entries queued (and cancelled) before the
// loop gets to run them, so per-entry queue costs dominate rather than per-callback costs.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var rateScenario = define.rateScenario
var untilFinalImmediate = define.untilFinalImmediate

var SET_OPS = 10000
var CLEAR_OPS = 40000

function noop () {}

function immediateSet (T) {
  return untilFinalImmediate(T, function () {
    for (var i = 0; i < SET_OPS; i++) T.setImmediate(noop)
  })
}

function immediateSetClear40k (T) {
  var handles = new Array(CLEAR_OPS)
  return untilFinalImmediate(T, function () {
    var i
    for (i = 0; i < CLEAR_OPS; i++) handles[i] = T.setImmediate(noop)
    for (i = 0; i < CLEAR_OPS; i++) T.clearImmediate(handles[i])
  })
}

function rate (name, ops, create, summary) {
  return rateScenario('queue', name, ops, create, summary)
}

module.exports = [
  rate('immediate-set', SET_OPS, immediateSet,
    'queue ' + SET_OPS + ' setImmediate(noop), then one final immediate ends the batch; immediates queued and run per second'),
  rate('immediate-set-clear-40k-run-1', CLEAR_OPS, immediateSetClear40k,
    'queue ' + CLEAR_OPS + ' immediates, clear them all, then queue one and run it; set+clear pairs per second')
]
