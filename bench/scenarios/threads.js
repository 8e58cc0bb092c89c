// Group `threads`: how fast an idle main loop wakes up for work another thread hands it, as the
// event-loop studies measure "callbacks scheduled from another thread". A worker posts a message
// every 2 ms, stamped with the time of the post on a clock the threads share (workers/stamp.js);
// the main thread, which has nothing else to do, takes the latency when its handler runs.
// Rows, in microseconds (lower is better): wakeup-cross-thread-p50 / -p99, over the recorded
// messages after a few unrecorded ones (the worker's start, the first compiles). No timer
// function of the implementation is involved, so the rows are measured once per runtime (like
// the fn-* rows); n/a where the runtime has no worker_threads.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var stats = require('../child/stats')
var workers = require('./workers')
var stamp = require('./workers/stamp')

var MESSAGES = 200
var WARMUP_MESSAGES = 10
var GAP_MS = 2

function wakeups (cb) {
  var latencies = []
  var seen = 0
  var worker = workers.start('wakeup', { count: MESSAGES + WARMUP_MESSAGES, gapMs: GAP_MS })
  worker.on('message', function (m) {
    if (m.done) {
      worker.terminate()
      return cb(null, latencies)
    }
    var us = (stamp() - m.sent) * 1000
    if (++seen > WARMUP_MESSAGES) latencies.push(us)
  })
  worker.on('error', function (err) { cb(err) })
}

function row (p) {
  var scenario = define.measuredScenario('threads', 'wakeup-cross-thread-p' + p, 'us', function (T, ctx, cb) {
    wakeups(function (err, latencies) {
      if (err) return cb(err)
      cb(null, define.record(stats.percentile(latencies, p), latencies.length, 'timestamps', {
        messages: latencies.length,
        gapMs: GAP_MS,
        p50Us: stats.percentile(latencies, 50),
        p99Us: stats.percentile(latencies, 99),
        minUs: stats.min(latencies),
        maxUs: stats.max(latencies)
      }))
    })
  }, 'p' + p + ' of the time from a worker\'s postMessage to its handler on the idle main thread, in us (' +
    MESSAGES + ' messages ' + GAP_MS + ' ms apart)', { expectedMs: (MESSAGES + WARMUP_MESSAGES) * GAP_MS * 1.3 + 100 })
  scenario.implIndependent = true
  return scenario
}

module.exports = [row(50), row(99)]
