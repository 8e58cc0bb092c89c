// What the rows that use worker threads share: the runtime's worker_threads (or an n/a error
// saying it has none) and the worker script. ES5 on purpose: the child requires it everywhere.
'use strict'

var define = require('../define')

// No path module: the child requires only the core modules it must.
var SCRIPT = __dirname + '/thread-worker.js'

/** worker_threads, or throws an n/a error saying the runtime has none. */
function workerThreads () {
  try {
    return require('worker_threads')
  } catch (e) {
    throw define.notAvailable('worker_threads does not exist')
  }
}

/** A worker running thread-worker.js in `mode` with `data`. */
function start (mode, data) {
  var wt = workerThreads()
  var workerData = { mode: mode }
  for (var key in data) workerData[key] = data[key]
  return new wt.Worker(SCRIPT, { workerData: workerData })
}

module.exports = { workerThreads: workerThreads, start: start }
