// The worker thread of the threads and responsiveness-worker-pool rows (a file, not code given
// to `eval`, so Bun and Deno start it as Node does). workerData.mode:
// - 'wakeup': posts `count` messages `gapMs` apart, each stamped with the time of the post, then
//   one { done: true }; the main thread takes the latency at its handler (stamp.js: a clock the
//   threads share).
// - 'cpu': for each { ms } it is sent, spins that long and replies { ms }: a pool's CPU job.
// ES5 on purpose: it runs inside the child on every runtime that has workers.
'use strict'

var wt = require('worker_threads')
var clock = require('../../child/child-clock')
var stamp = require('./stamp')
var data = wt.workerData || {}
var port = wt.parentPort

if (data.mode === 'wakeup') {
  var sent = 0
  var next = function () {
    if (sent++ >= data.count) return port.postMessage({ done: true })
    port.postMessage({ sent: stamp() })
    setTimeout(next, data.gapMs)
  }
  next()
} else {
  port.on('message', function (job) {
    clock.spinUntil(clock.now() + job.ms)
    port.postMessage({ ms: job.ms })
  })
}
