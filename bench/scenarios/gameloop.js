// Group `gameloop`: the naive 60 FPS loop `while (frames < 100) { work(); await sleep(1000 / 60) }`
// as an ES5 callback chain on the implementation's setTimeout, with work() a small fixed chunk of
// arithmetic (the same instructions on every Node and implementation). A frame's time is from
// one frame's start to the next; its jitter is |frame time - 16.67 ms|.
// Row: gameloop-60fps in ms, the p99 jitter (lower is better): how far the worst frames stray
// from the 60 FPS period. `extra` has the achieved FPS, frame time and jitter p50/p99/max and
// the mean work() time. sleep(1000 / 60) is setTimeout(f, 16.67), which Node truncates to 16 ms,
// so even a punctual timer gives frames of work + 16 ms: the jitter includes that, as a real
// game loop written this way would see it.
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var define = require('./define')
var stats = require('../child/stats')
var now = require('../child/child-clock').now

var FRAMES = 100
var FRAME_MS = 1000 / 60
var WARMUP_FRAMES = 3
var WORK_STEPS = 20000

var sink = 0

// A fixed amount of CPU work; the result goes to `sink` so the optimiser must keep the loop.
function work () {
  var x = sink | 0
  for (var i = 0; i < WORK_STEPS; i++) x = (x * 31 + i) % 1000003
  sink = x
}

function measure (T, ctx, cb) {
  var starts = []
  var workMs = []
  var frame = -WARMUP_FRAMES
  function tick () {
    var t = now()
    if (frame >= 0) starts.push(t)
    if (frame === FRAMES) return done()
    frame++
    work()
    if (frame > 0) workMs.push(now() - t)
    T.setTimeout(tick, FRAME_MS)
  }
  function done () {
    var frameMs = []
    for (var i = 1; i < starts.length; i++) frameMs.push(starts[i] - starts[i - 1])
    var jitter = frameMs.map(function (f) { return Math.abs(f - FRAME_MS) })
    var p99 = stats.percentile(jitter, 99)
    cb(null, define.record(p99, frameMs.length, 'timestamps', {
      frames: frameMs.length,
      targetFrameMs: FRAME_MS,
      fps: frameMs.length / (starts[starts.length - 1] - starts[0]) * 1000,
      frameP50Ms: stats.percentile(frameMs, 50),
      frameP99Ms: stats.percentile(frameMs, 99),
      frameMaxMs: stats.max(frameMs),
      jitterP50Ms: stats.percentile(jitter, 50),
      jitterP99Ms: p99,
      jitterMaxMs: stats.max(jitter),
      workMs: stats.mean(workMs)
    }))
  }
  ctx.natives.setImmediate(tick)
}

module.exports = [
  define.measuredScenario('gameloop', 'gameloop-60fps', 'ms', measure,
    FRAMES + ' frames of work() (' + WORK_STEPS + ' arithmetic steps) then setTimeout(next, 1000/60): p99 of the frame-time jitter' +
    ' |frame - 16.67 ms| in ms; achieved FPS in extra.fps',
    { expectedMs: (FRAMES + WARMUP_FRAMES) * 18 })
]
