// Group `nested`: chains of timeouts, each set in the previous one's callback, timed from the
// first setTimeout to the last callback. Browsers clamp nested timeouts to 4 ms from the fifth
// level on (a 10-deep chain of setTimeout(f, 0) takes about 30 ms there); Node does not, so a
// chain should take about depth x the delay Node applies (0 becomes 1 ms). A total well above
// that ideal shows a clamp, or a per-timer lateness that adds up along the chain.
// Rows, all in ms (lower is better), the ideal in `extra.idealMs`:
// - nested-10-timeout-0, nested-10-timeout-1: a 10-deep chain, the median of 5 chains;
// - sequential-100-timeout-1: 100 sequential setTimeout(f, 1), one chain (ideal 100 ms).
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var stats = require('../child/stats')
var now = require('../child/child-clock').now

// Runs `chains` chains of `depth` timeouts of `delay` ms back to back, after one unrecorded chain
// (start-up and JIT), and calls back with each chain's total ms.
function chains (T, natives, depth, delay, count, cb) {
  var totals = []
  var left = 0
  var t0 = 0
  var warm = true
  function start () {
    left = depth
    t0 = now()
    T.setTimeout(step, delay)
  }
  function step () {
    if (--left > 0) return T.setTimeout(step, delay)
    var total = now() - t0
    if (!warm) totals.push(total)
    warm = false
    // The next chain starts on a fresh loop turn, outside the measured window.
    if (totals.length < count) natives.setImmediate(start)
    else cb(totals)
  }
  natives.setImmediate(start)
}

function chainRow (name, depth, delay, count, summary) {
  var ideal = depth * Math.max(1, delay)
  return define.measuredScenario('nested', name, 'ms', function (T, ctx, cb) {
    chains(T, ctx.natives, depth, delay, count, function (totals) {
      var value = stats.median(totals)
      cb(null, define.record(value, totals.length, 'timestamps', {
        depth: depth,
        delayMs: delay,
        idealMs: ideal,
        overIdealMs: value - ideal,
        perTimerMs: value / depth,
        totalsMs: totals
      }, stats.rme(totals)))
    })
  }, summary + ' (ideal ' + ideal + ' ms; a browser clamps nested timeouts to 4 ms)', { expectedMs: (count + 1) * depth * (Math.max(1, delay) + 1) })
}

module.exports = [
  chainRow('nested-10-timeout-0', 10, 0, 5, 'a chain of 10 nested setTimeout(f, 0): total ms from the first call to the last callback, median of 5 chains'),
  chainRow('nested-10-timeout-1', 10, 1, 5, 'a chain of 10 nested setTimeout(f, 1): total ms, median of 5 chains'),
  chainRow('sequential-100-timeout-1', 100, 1, 1, '100 sequential setTimeout(f, 1), each set in the previous callback (await sleep(1) in a loop): total ms')
]
