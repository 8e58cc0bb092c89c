// Group `primitives`: create a timer and cancel it straight away, the commonest timer pattern
// (a timeout guarding an operation that usually finishes first). Millions of set+clear per second.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var rateScenario = define.rateScenario
var untilFinalImmediate = define.untilFinalImmediate

var now = require('../child/child-clock').now

var TIMEOUT_OPS = 10000
var IMMEDIATE_OPS = 20000

function noop () {}
function noop1 (a) {}

function timeoutSetClear (T) {
  return function batch (done) {
    var t0 = now()
    for (var i = 0; i < TIMEOUT_OPS; i++) T.clearTimeout(T.setTimeout(noop, 1))
    done(now() - t0)
  }
}

function timeoutSetClear1 (T) {
  return function batch (done) {
    var t0 = now()
    for (var i = 0; i < TIMEOUT_OPS; i++) T.clearTimeout(T.setTimeout(noop1, 1, i))
    done(now() - t0)
  }
}

// Ends with one more immediate that is allowed to run: a queue that defers the unlinking of
// cancelled entries pays for it there, inside the measured window.
function immediateSetClear (T) {
  return untilFinalImmediate(T, function () {
    for (var i = 0; i < IMMEDIATE_OPS; i++) T.clearImmediate(T.setImmediate(noop))
  })
}

function rate (name, ops, create, summary) {
  return rateScenario('primitives', name, ops, create, summary)
}

module.exports = [
  rate('timeout-set-clear', TIMEOUT_OPS, timeoutSetClear,
    'clearTimeout(setTimeout(f, 1)), in batches of ' + TIMEOUT_OPS),
  rate('timeout-set-clear-1arg', TIMEOUT_OPS, timeoutSetClear1,
    'clearTimeout(setTimeout(f, 1, arg)), in batches of ' + TIMEOUT_OPS),
  rate('immediate-set-clear', IMMEDIATE_OPS, immediateSetClear,
    'clearImmediate(setImmediate(f)), ' + IMMEDIATE_OPS + ' per batch, then one immediate runs')
]
