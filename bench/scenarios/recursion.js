// Group `recursion`: each immediate queues the next, the shape of a cooperative loop that yields
// with setImmediate. Measures task latency (one loop turn per step under Node's semantics) rather
// than bulk throughput; heaptimers' maxTickDepth is the option aimed at it.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var rateScenario = require('./define').rateScenario

var now = require('../child/child-clock').now

var OPS = 2000

function recursion (T) {
  var left = 0
  var t0 = 0
  var finish = null
  function step () {
    if (--left > 0) T.setImmediate(step)
    else finish(now() - t0)
  }
  return function batch (done) {
    finish = done
    left = OPS
    t0 = now()
    T.setImmediate(step)
  }
}

function recursion1 (T) {
  var left = 0
  var t0 = 0
  var finish = null
  function step (a) {
    if (--left > 0) T.setImmediate(step, a)
    else finish(now() - t0)
  }
  return function batch (done) {
    finish = done
    left = OPS
    t0 = now()
    T.setImmediate(step, 1)
  }
}

function recursion3 (T) {
  var left = 0
  var t0 = 0
  var finish = null
  function step (a, b, c) {
    if (--left > 0) T.setImmediate(step, a, b, c)
    else finish(now() - t0)
  }
  return function batch (done) {
    finish = done
    left = OPS
    t0 = now()
    T.setImmediate(step, 1, 2, 3)
  }
}

function rate (name, create, summary) {
  return rateScenario('recursion', name, OPS, create, summary)
}

module.exports = [
  rate('immediate-recursion', recursion,
    'a chain of ' + OPS + ' setImmediate(step), each queued by the one before; steps per second'),
  rate('immediate-recursion-1arg', recursion1, 'the same chain, passing 1 argument'),
  rate('immediate-recursion-3args', recursion3, 'the same chain, passing 3 arguments')
]
