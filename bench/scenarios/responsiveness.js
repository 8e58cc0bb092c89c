// Group `responsiveness`: does a 1 ms timer still get to run while the loop is busy? A ticker (a
// setTimeout(tick, 1) chain, "the main loop on a 1 ms timer") counts its fires over a window
// while other work keeps the loop busy; fires per second, higher is better. Ideal is about 1000/s
// on an idle loop; busy, a fire can only happen between two pieces of work.
// Rows, in fires/s:
// - responsiveness-cpu-chunks: CPU work in 10 ms chunks, each yielding with setImmediate before
//   the next (a cooperative long task). At most about 100 fires/s can fit; fewer means the
//   timer phase was skipped or starved.
// - responsiveness-worker-pool: the same 10 ms CPU chunks run in a pool of two worker_threads, each
//   sent its next chunk as it reports the last, while the main thread only ticks (the SSR study's
//   offloading against the main thread's own chunks above). n/a where there are no workers.
// - responsiveness-timeout-churn: 10,000 pending timeouts (delays 10-20 s, seeded) cleared and
//   set again continuously, 1,000 per loop turn (a server re-arming request timeouts): what the
//   bookkeeping of many timers costs the one that is due.
// A browser page has no setImmediate: there the busy work yields with a MessageChannel message
// (the harness's), a page's own way of yielding, where the implementation has no setImmediate.
// Everything else uses the implementation's timers; the window is opened after a warm-up and closed
// with the harness's native timers. `extra` has the fires, the window and how much of the busy
// work got done (chunks or churned timeouts per second), so a ticker that wins by starving the
// work shows.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var inBrowser = require('../child/node-version').inBrowser
var seeded = require('./seeded')
var workers = require('./workers')
var clock = require('../child/child-clock')
var now = clock.now

var WARMUP_MS = 100
var WINDOW_MS = 500
var CHUNK_MS = 10
var PENDING = 10000
var CHURN_PER_TURN = 1000
var SEED = 7
var POOL_SIZE = 2

function noop () {}

// How the busy work steps to its next piece: T.setImmediate, or a page's channel (see above).
function yielder (T, ctx) {
  return T.setImmediate.lacking && inBrowser() ? ctx.natives.setImmediate : T.setImmediate
}

// A busy load: start() keeps the loop busy through T until stop(); done() counts units of work.
function cpuChunks (T, yieldTo) {
  var running = false
  var chunks = 0
  function chunk () {
    if (!running) return
    clock.spinUntil(now() + CHUNK_MS)
    chunks++
    yieldTo(chunk)
  }
  return {
    start: function () { running = true; yieldTo(chunk) },
    stop: function () { running = false },
    done: function () { return chunks },
    name: 'chunks'
  }
}

// The chunks of cpuChunks, in worker threads: the main thread only hands out the next chunk.
function workerPool () {
  workers.workerThreads() // n/a before anything starts, where there are none
  var running = false
  var chunks = 0
  var pool = []
  function next (worker) {
    worker.on('message', function () {
      chunks++
      if (running) worker.postMessage({ ms: CHUNK_MS })
    })
    worker.postMessage({ ms: CHUNK_MS })
  }
  return {
    start: function () {
      running = true
      for (var i = 0; i < POOL_SIZE; i++) {
        pool.push(workers.start('cpu', {}))
        next(pool[i])
      }
    },
    stop: function () {
      running = false
      for (var i = 0; i < pool.length; i++) pool[i].terminate()
    },
    done: function () { return chunks },
    name: 'chunks'
  }
}

function timeoutChurn (T, yieldTo) {
  var running = false
  var churned = 0
  var next = seeded.integers(SEED, 10000, 20000)
  var delays = []
  var handles = []
  var cursor = 0
  for (var i = 0; i < PENDING; i++) delays.push(next())
  function turn () {
    if (!running) return
    for (var j = 0; j < CHURN_PER_TURN; j++) {
      T.clearTimeout(handles[cursor])
      handles[cursor] = T.setTimeout(noop, delays[cursor])
      cursor = (cursor + 1) % PENDING
    }
    churned += CHURN_PER_TURN
    yieldTo(turn)
  }
  return {
    start: function () {
      for (var k = 0; k < PENDING; k++) handles.push(T.setTimeout(noop, delays[k]))
      running = true
      yieldTo(turn)
    },
    stop: function () {
      running = false
      for (var k = 0; k < handles.length; k++) T.clearTimeout(handles[k])
    },
    done: function () { return churned },
    name: 'churned'
  }
}

function measure (load, T, ctx, cb) {
  var ticking = true
  var fires = 0
  function tick () {
    fires++
    if (ticking) T.setTimeout(tick, 1)
  }
  load.start()
  T.setTimeout(tick, 1)
  ctx.natives.setTimeout(function openWindow () {
    var fires0 = fires
    var work0 = load.done()
    var wall0 = now()
    ctx.natives.setTimeout(function closeWindow () {
      var wallMs = now() - wall0
      var n = fires - fires0
      var work = load.done() - work0
      ticking = false
      load.stop()
      var extra = { fires: n, windowMs: wallMs, nominalFiresPerSec: 1000 }
      // How much busy work ran in the window: chunks, or timeouts cleared and set again.
      extra[load.name] = work
      extra[load.name + 'PerSec'] = work / (wallMs / 1000)
      // Let the last tick and the busy work's final immediate run before the child reports.
      ctx.natives.setTimeout(function () {
        cb(null, define.record(n / (wallMs / 1000), Math.max(1, n), 'ticker-window', extra))
      }, 5)
    }, WINDOW_MS)
  }, WARMUP_MS)
}

function row (name, makeLoad, summary) {
  return define.measuredScenario('responsiveness', name, 'fires/s', function (T, ctx, cb) {
    measure(makeLoad(T, yielder(T, ctx)), T, ctx, cb)
  }, summary, { expectedMs: WARMUP_MS + WINDOW_MS + 20 })
}

module.exports = [
  row('responsiveness-cpu-chunks', cpuChunks, 'fires per second of a 1 ms setTimeout chain over ' + WINDOW_MS +
    ' ms while CPU work runs in ' + CHUNK_MS + ' ms chunks, each yielding with setImmediate (a channel message in a browser; at most about 100/s fit)'),
  row('responsiveness-worker-pool', workerPool, 'fires per second of a 1 ms setTimeout chain over ' + WINDOW_MS +
    ' ms while the same ' + CHUNK_MS + ' ms CPU chunks run in a pool of ' + POOL_SIZE + ' worker threads (about 1000/s on an idle loop)'),
  row('responsiveness-timeout-churn', timeoutChurn, 'fires per second of a 1 ms setTimeout chain over ' + WINDOW_MS +
    ' ms while ' + PENDING + ' pending timeouts are cleared and set again, ' + CHURN_PER_TURN + ' per loop turn')
]
