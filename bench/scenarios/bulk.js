// Group `bulk`: create 10k timers in one synchronous run, then let the loop run them all; millions
// of timers created and run per second.
//
// Timeouts: a 1 ms timeout cannot fire before 1 ms has passed, so timing creation-to-last-callback
// would mostly measure that wait. After creating, the batch spins (outside the measured window)
// until every deadline is past, then times from the end of the spin to the last callback: the rate
// is N / (creation time + run time), with the idle wait excluded.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var rateScenario = require('./define').rateScenario

var clock = require('../child/child-clock')
var now = clock.now

var OPS = 10000
var DELAY = 1
// Past the last deadline with room for whole-millisecond rounding in either implementation.
var SETTLE_MS = DELAY + 1.5

// Shared bookkeeping for one batch: count callbacks, finish on the last.
function counter () {
  return { count: 0, t0: 0, created: 0, resumed: 0, finish: null }
}

function timeoutRun (T, args) {
  var c = counter()
  function cb () {
    if (++c.count === OPS) c.finish((c.created - c.t0) + (now() - c.resumed))
  }
  function cb1 (a) {
    if (++c.count === OPS) c.finish((c.created - c.t0) + (now() - c.resumed))
  }
  function cb3 (a, b, d) {
    if (++c.count === OPS) c.finish((c.created - c.t0) + (now() - c.resumed))
  }
  return function batch (done) {
    c.finish = done
    c.count = 0
    c.t0 = now()
    var i
    if (args === 0) for (i = 0; i < OPS; i++) T.setTimeout(cb, DELAY)
    else if (args === 1) for (i = 0; i < OPS; i++) T.setTimeout(cb1, DELAY, i)
    else for (i = 0; i < OPS; i++) T.setTimeout(cb3, DELAY, i, 2, 3)
    c.created = now()
    clock.spinUntil(c.created + SETTLE_MS)
    c.resumed = now()
  }
}

function immediateRun (T, args) {
  var c = counter()
  function cb () {
    if (++c.count === OPS) c.finish(now() - c.t0)
  }
  function cb1 (a) {
    if (++c.count === OPS) c.finish(now() - c.t0)
  }
  function cb3 (a, b, d) {
    if (++c.count === OPS) c.finish(now() - c.t0)
  }
  return function batch (done) {
    c.finish = done
    c.count = 0
    c.t0 = now()
    var i
    if (args === 0) for (i = 0; i < OPS; i++) T.setImmediate(cb)
    else if (args === 1) for (i = 0; i < OPS; i++) T.setImmediate(cb1, i)
    else for (i = 0; i < OPS; i++) T.setImmediate(cb3, i, 2, 3)
  }
}

function rate (name, create, args, summary) {
  return rateScenario('bulk', name, OPS, function (T) { return create(T, args) }, summary)
}

var TIMEOUT_NOTE = ' (idle wait before the first deadline excluded: the batch spins past the deadlines' +
  ' unmeasured, then times creation + run)'

module.exports = [
  rate('timeout-run-10k', timeoutRun, 0, 'create ' + OPS + ' setTimeout(f, 1) and run them all' + TIMEOUT_NOTE),
  rate('timeout-run-10k-1arg', timeoutRun, 1, 'the same with 1 argument per timeout'),
  rate('timeout-run-10k-3args', timeoutRun, 3, 'the same with 3 arguments per timeout'),
  rate('immediate-run-10k', immediateRun, 0, 'create ' + OPS + ' setImmediate(f) and run them all; the last callback ends the batch'),
  rate('immediate-run-10k-1arg', immediateRun, 1, 'the same with 1 argument per immediate'),
  rate('immediate-run-10k-3args', immediateRun, 3, 'the same with 3 arguments per immediate')
]
