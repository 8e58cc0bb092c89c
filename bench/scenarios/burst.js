// Group `burst`: 10,000 callbacks scheduled at once from an I/O callback (an fs.stat completion,
// which every Node has), the shape of a server answering a wave of requests. Scheduling from I/O
// matters: there, immediates run in the same loop turn (the check phase right after the poll
// phase), and timeouts in the next turn's timers phase.
// Rows, in M/s (higher is better): burst-10k-immediate (setImmediate(f)) and burst-10k-timeout-0
// (setTimeout(f, 0)): 10,000 / (time from the first call in the I/O callback to the last
// callback), the median of 9 bursts after two unrecorded. The timeout row includes the 1 ms
// Node waits at least, since a caller waits for it too. `extra` has the latency of the first and
// the last callback (ms after the first call) and the time the scheduling loop itself took.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var inBrowser = require('../child/node-version').inBrowser
var stats = require('../child/stats')
var now = require('../child/child-clock').now

var CALLBACKS = 10000
var BURSTS = 9
// Unrecorded bursts first: the first ones run cold code and grow the heap.
var WARMUP_BURSTS = 2

function measure (kind, T, ctx, cb) {
  var firstMs = []
  var lastMs = []
  var scheduleMs = []
  var rates = []
  var warmups = WARMUP_BURSTS
  var count = 0
  var t0 = 0
  var first = 0
  var scheduled = 0
  function callback () {
    if (++count === 1) first = now() - t0
    if (count < CALLBACKS) return
    var last = now() - t0
    if (warmups > 0) warmups--
    else {
      firstMs.push(first)
      lastMs.push(last)
      scheduleMs.push(scheduled)
      rates.push(CALLBACKS / last / 1000)
    }
    if (rates.length < BURSTS) return ctx.natives.setImmediate(next)
    var value = stats.median(rates)
    cb(null, define.record(value, rates.length, 'timestamps', {
      ops: CALLBACKS,
      bursts: rates.length,
      firstMs: stats.median(firstMs),
      lastMs: stats.median(lastMs),
      scheduleMs: stats.median(scheduleMs),
      firstMaxMs: stats.max(firstMs),
      lastMaxMs: stats.max(lastMs)
    }, stats.rme(rates)))
  }
  function fromIo (err) {
    if (err) return cb(err)
    count = 0
    t0 = now()
    var i
    if (kind === 'immediate') for (i = 0; i < CALLBACKS; i++) T.setImmediate(callback)
    else for (i = 0; i < CALLBACKS; i++) T.setTimeout(callback, 0)
    scheduled = now() - t0
  }
  var io = ioCompletion()
  function next () {
    io(fromIo)
  }
  next()
}

// An I/O completion to schedule from: an fs.stat callback in Node, Bun and Deno; in a browser
// page, a request's load event (the loopback server answers /io at once).
function ioCompletion () {
  if (!inBrowser()) {
    var fs = require('fs')
    return function (cb) { fs.stat(__filename, cb) }
  }
  return function (cb) {
    var x = new XMLHttpRequest() // eslint-disable-line no-undef
    x.onload = function () { cb(null) }
    x.onerror = function () { cb(new Error('the page\'s request to /io failed')) }
    x.open('GET', '/io')
    x.send()
  }
}

function row (name, kind, call) {
  return define.measuredScenario('burst', name, 'M/s', function (T, ctx, cb) { measure(kind, T, ctx, cb) },
    CALLBACKS + ' ' + call + ' called at once inside an fs.stat callback (a request\'s load event in a browser): callbacks per second (M/s) from the first call' +
    ' to the last callback, median of ' + BURSTS + ' bursts; first/last callback latency in extra',
    { expectedMs: (BURSTS + WARMUP_BURSTS) * 15 })
}

module.exports = [
  row('burst-10k-immediate', 'immediate', 'setImmediate(f)'),
  row('burst-10k-timeout-0', 'timeout', 'setTimeout(f, 0)')
]
