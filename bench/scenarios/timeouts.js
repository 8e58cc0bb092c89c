// Group `timeouts`: the long timeouts servers keep, where timer strategies differ most. A request
// deadline that is nearly always cancelled, and the idle timer of a keep-alive connection,
// refreshed on every read while thousands of others wait.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var rateScenario = define.rateScenario

var now = require('../child/child-clock').now

var OPS = 10000
var LONG_MS = 30000
var PENDING = 10000

function noop () {}

function setClearLong (T) {
  return function batch (done) {
    var t0 = now()
    for (var i = 0; i < OPS; i++) T.clearTimeout(T.setTimeout(noop, LONG_MS))
    done(now() - t0)
  }
}

// unref'd where the implementation has unref() (undici's coarse timers do not keep a process
// alive and have none).
function unrefd (t) {
  if (typeof t.unref === 'function') t.unref()
  return t
}

// The pending timeouts are made once per child, unref'd as Node's own socket timers are, and
// stay pending until the child exits; each batch refreshes every one of them in turn.
function refreshLong (T) {
  var first = T.setTimeout(noop, LONG_MS)
  if (!first || typeof first.refresh !== 'function') {
    T.clearTimeout(first)
    throw define.notAvailable('timeouts have no refresh()')
  }
  var timers = [unrefd(first)]
  for (var i = 1; i < PENDING; i++) timers.push(unrefd(T.setTimeout(noop, LONG_MS)))
  return function batch (done) {
    var t0 = now()
    for (var j = 0; j < PENDING; j++) timers[j].refresh()
    done(now() - t0)
  }
}

function rate (name, ops, create, summary) {
  return rateScenario('timeouts', name, ops, create, summary)
}

module.exports = [
  rate('timeout-set-clear-long', OPS, setClearLong,
    'clearTimeout(setTimeout(f, ' + LONG_MS + ')): a request deadline that is nearly always cancelled, ' + OPS + ' per batch'),
  rate('timeout-refresh-long', PENDING, refreshLong,
    PENDING + ' pending unref\'d ' + LONG_MS + ' ms timeouts, each refreshed in turn (idle timers of keep-alive connections)')
]
