// Group `basics`: the cost of calling a function, the floor under every timer callback and so the
// practical limit for any timers library. No timer implementation is involved, so these rows are
// measured once per Node and reported under the pseudo implementation `-`.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var rateScenario = require('./define').rateScenario

var now = require('../child/child-clock').now

var OPS = 1000000

// Results flow into `sink` so the optimiser cannot drop the calls as dead code.
var sink = 0 // eslint-disable-line no-unused-vars

function f (a, b, c) { return a }

function fnCall () {
  var fn = f
  return function batch (done) {
    var s = 0
    var t0 = now()
    for (var i = 0; i < OPS; i++) s += fn(1, 2, 3)
    var ms = now() - t0
    sink += s
    done(ms)
  }
}

function fnCallMethod () {
  var fn = f
  return function batch (done) {
    var s = 0
    var t0 = now()
    for (var i = 0; i < OPS; i++) s += fn.call(null, 1, 2, 3)
    var ms = now() - t0
    sink += s
    done(ms)
  }
}

function fnApply () {
  var fn = f
  return function batch (done) {
    var s = 0
    var t0 = now()
    for (var i = 0; i < OPS; i++) s += fn.apply(null, [1, 2, 3])
    var ms = now() - t0
    sink += s
    done(ms)
  }
}

function rate (name, create, summary) {
  return rateScenario('basics', name, OPS, create, summary, true)
}

module.exports = [
  rate('fn-call', fnCall, 'f(1,2,3): a direct call, millions of calls per second'),
  rate('fn-call-method', fnCallMethod, 'f.call(null,1,2,3), the way timer callbacks are often invoked'),
  rate('fn-apply', fnApply, 'f.apply(null,[1,2,3]), the way argument lists are often passed on')
]
