// Clocks for the benchmark child: monotonic wall milliseconds and process CPU time.
// ES5 on purpose: this file runs inside the child on every Node from 0.8 to the newest.
'use strict'

var wallSource = pickWall()

// performance.now() is the cheapest sub-ms clock where it exists (Node 16+ as a global,
// 8.5+ through perf_hooks); process.hrtime() is there on every Node we support.
function pickWall () {
  var perf = null
  if (typeof performance !== 'undefined' && performance && typeof performance.now === 'function') {
    perf = performance
  } else {
    try { perf = require('perf_hooks').performance } catch (e) { perf = null }
  }
  if (perf && typeof perf.now === 'function') {
    return { name: 'performance.now', now: function () { return perf.now() } }
  }
  var hr = process.hrtime
  return { name: 'process.hrtime', now: function () { var t = hr(); return t[0] * 1e3 + t[1] / 1e6 } }
}

function now () {
  return wallSource.now()
}

// Busy-waits without yielding; scenarios use it to let deadlines pass outside the measured window.
function spinUntil (deadlineMs) {
  while (wallSource.now() < deadlineMs) { /* spin */ }
}

// Returns a function giving the process CPU time (user + system) in microseconds, or null.
// process.cpuUsage arrived in Node 6.1; /proc/self/stat (clock ticks, assumed 100 Hz) covers
// older Nodes on Linux, which is coarse but fine over windows of a second or more.
function cpuClock () {
  if (typeof process.cpuUsage === 'function') {
    return { name: 'cpuUsage', read: function () { var u = process.cpuUsage(); return u.user + u.system } }
  }
  var fs
  try {
    fs = require('fs')
    fs.readFileSync('/proc/self/stat', 'utf8')
  } catch (e) {
    return null
  }
  return {
    name: 'proc-stat',
    read: function () {
      var stat = fs.readFileSync('/proc/self/stat', 'utf8')
      // Fields after the parenthesised command name; utime and stime are the 12th and 13th.
      var fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      return (Number(fields[11]) + Number(fields[12])) * 10000
    }
  }
}

module.exports = {
  now: now,
  spinUntil: spinUntil,
  cpuClock: cpuClock,
  wallName: wallSource.name
}
