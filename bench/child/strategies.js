// The scheduling strategies of the Pyodide scheduler study, as implementations (`-i channel`,
// ...), built from the runtime's own primitives so they run wherever those exist (Node, Bun, Deno;
// browsers have them too):
// - `channel`: setImmediate on one reused MessageChannel, one message per task and a FIFO queue of
//   tasks (core-js's pattern, and Pyodide's after its reuse change).
// - `channel-per-call`: setImmediate on a new MessageChannel per call, closed once it delivered
//   (Pyodide's scheduler before that change).
// - `post-task`: setImmediate as `scheduler.postTask(f, { signal })`, where the runtime has it;
//   clearImmediate aborts the task, so the browser drops it (a cleared task left queued costs
//   Firefox so much that a row setting and clearing them never finishes).
// - `pyodide:k=2,reuse=false`: the Pyodide scheduler's rule for setTimeout, `delay <= k` goes to
//   the channel path (reused or per call) and anything longer to the native setTimeout. The study
//   asks which k keeps sleep(1), sleep(2) and sleep(16) from firing early: any delay <= k does.
// Each exports only what its strategy covers; a row that needs another function reads n/a.
// ES5 on purpose: the child requires this file on every Node.
'use strict'

// pyodide's defaults: the rule as the study found it (impl-spec.js parses the options).
var DEFAULTS = { k: 2, reuse: false }

var runtimeName = require('./node-version').runtimeName

function unavailable (what) {
  var err = new Error(what + ' does not exist in ' + runtimeName())
  err.kind = 'n/a'
  return err
}

// A task queued on a channel path; clearing it drops the callback, as clearImmediate does, and
// aborts a posted task (`controller`).
function Task (fn, args) {
  this.fn = fn
  this.args = args
  this.controller = null
}

function runTask (task) {
  var fn = task.fn
  if (!fn) return
  task.fn = null
  fn.apply(null, task.args)
}

function restArgs (args, from) {
  return Array.prototype.slice.call(args, from)
}

// Node and Bun keep the loop alive while a port listens; Deno's and browsers' ports may lack
// ref/unref, where nothing needs doing.
function setRef (port, on) {
  if (on && typeof port.ref === 'function') port.ref()
  if (!on && typeof port.unref === 'function') port.unref()
}

// One channel for every task: a message per task, tasks run in the order queued.
function reusedChannel () {
  var queue = []
  var channel = new MessageChannel()
  channel.port1.onmessage = function () {
    var task = queue.shift()
    if (!queue.length) setRef(channel.port1, false)
    if (task) runTask(task)
  }
  setRef(channel.port1, false)
  return function schedule (task) {
    if (!queue.length) setRef(channel.port1, true)
    queue.push(task)
    channel.port2.postMessage(null)
  }
}

// A channel per task, closed once it delivered so that it holds neither memory nor the loop.
function channelPerCall (task) {
  var channel = new MessageChannel()
  channel.port1.onmessage = function () {
    channel.port1.close()
    runTask(task)
  }
  channel.port2.postMessage(null)
}

function noop () {}

// An aborted task's promise rejects: handled here, as the abort is the point.
function postTask (task) {
  var controller = new AbortController()
  task.controller = controller
  globalThis.scheduler.postTask(function () { runTask(task) }, { signal: controller.signal }).then(noop, noop)
}

// The immediate path of a strategy: schedule(task), or an Error saying why it cannot run here.
function immediatePath (name, reuse) {
  if (name === 'post-task') {
    var hasPostTask = typeof globalThis !== 'undefined' && globalThis.scheduler && typeof globalThis.scheduler.postTask === 'function'
    return hasPostTask ? postTask : unavailable('scheduler.postTask()')
  }
  if (typeof MessageChannel !== 'function') return unavailable('MessageChannel')
  if (name === 'channel' || (name === 'pyodide' && reuse)) return reusedChannel()
  return channelPerCall
}

// A function standing in for one that is lacking: calling it throws `err`. Marked, so the harness
// never mistakes it for a way to yield (impl-load.js's lacking() makes them too).
function standIn (err) {
  var stand = function () { throw err }
  stand.lacking = true
  return stand
}

function clearTask (task) {
  if (!(task instanceof Task)) return
  task.fn = null
  if (task.controller !== null) task.controller.abort()
}

// The timer functions of strategy `spec` ({ name, options }) over the natives: T for the child.
function timers (spec, natives) {
  var options = {}
  for (var key in DEFAULTS) options[key] = key in spec.options ? spec.options[key] : DEFAULTS[key]
  var path = immediatePath(spec.name, options.reuse)
  // A strategy that cannot run here: every function it covers says why.
  if (path instanceof Error) {
    var why = standIn(path)
    return spec.name === 'pyodide' ? { setTimeout: why, clearTimeout: why } : { setImmediate: why, clearImmediate: why }
  }
  function schedule (fn, args) {
    var task = new Task(fn, args)
    path(task)
    return task
  }
  if (spec.name !== 'pyodide') {
    return {
      setImmediate: function (fn) { return schedule(fn, restArgs(arguments, 1)) },
      clearImmediate: clearTask
    }
  }
  var k = options.k
  return {
    setTimeout: function (fn, delay) {
      if ((Number(delay) || 0) > k) return natives.setTimeout.apply(null, arguments)
      return schedule(fn, restArgs(arguments, 2))
    },
    clearTimeout: function (handle) {
      if (handle instanceof Task) clearTask(handle)
      else natives.clearTimeout(handle)
    }
  }
}

module.exports = { DEFAULTS: DEFAULTS, timers: timers, standIn: standIn }
