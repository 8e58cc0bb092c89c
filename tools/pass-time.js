'use strict'

// Where a 1 ms loop's CPU goes, inside a pass or around it: runs N concurrent 1 ms loops on a
// library (timerbench's cpu-1ms-loops-N), and reports the wall time spent inside the library's
// native timer callbacks (its passes) beside the process's CPU time, both per pass. The rest of
// the CPU per pass is the wake-up around it: libuv, Node's timer list, the kernel. A difference
// between two libraries inside the pass is theirs; one outside it is in how they arm the
// native timer, or the host.
//
//   node tools/pass-time.js <native | lib/index.js | tools/floor.js> <loops> [seconds]
//
// Prints one JSON line (for `native`, without the per-pass figures: Node runs its own timers). The window opens after 3 s of warm-up. The library's native timer is
// seen by replacing `setTimeout` while the library loads (both heaptimers and the floor take it
// then), with a wrapper that times each callback; the wrapper's two clock reads count inside.

const path = require('path')
const { performance } = require('perf_hooks')

const now = performance.now.bind(performance)
const WARMUP_MS = 3000

function main ([libPath, loopsText, secondsText]) {
  const loops = Number(loopsText)
  const seconds = Number(secondsText || 3)
  if (!libPath || !(loops >= 1)) throw new Error('usage: pass-time.js <library> <loops> [seconds]')
  const nativeSetTimeout = globalThis.setTimeout
  let measuring = false
  let inPasses = 0
  let passes = 0
  globalThis.setTimeout = function timedSetTimeout (callback, delay, ...args) {
    return nativeSetTimeout(function timedPass (...callArgs) {
      const start = now()
      try {
        return callback.apply(this, callArgs)
      } finally {
        if (measuring) {
          inPasses += now() - start
          passes++
        }
      }
    }, delay, ...args)
  }
  let T
  try {
    T = libPath === 'native' ? require('timers') : require(path.resolve(libPath))
  } finally {
    globalThis.setTimeout = nativeSetTimeout
  }

  let fires = 0
  let running = true
  function tick () {
    fires++
    if (running) T.setTimeout(tick, 1)
  }
  for (let i = 0; i < loops; i++) T.setTimeout(tick, 1)

  nativeSetTimeout(() => {
    measuring = true
    const fires0 = fires
    const cpu0 = process.cpuUsage()
    const wall0 = now()
    nativeSetTimeout(() => {
      const cpu = process.cpuUsage(cpu0)
      const wallMs = now() - wall0
      measuring = false
      running = false
      const cpuUs = cpu.user + cpu.system
      const round = x => (passes === 0 ? null : Math.round(x * 100) / 100)
      console.log(JSON.stringify({
        library: libPath,
        loops,
        node: process.version,
        cpuPercent: Math.round(cpuUs / (wallMs * 10) * 100) / 100,
        passesPerSecond: passes === 0 ? null : Math.round(passes / wallMs * 1000),
        firesPerSecond: Math.round((fires - fires0) / wallMs * 1000),
        cpuUsPerPass: round(cpuUs / passes),
        inPassUsPerPass: round(inPasses * 1000 / passes),
        aroundPassUsPerPass: round((cpuUs - inPasses * 1000) / passes),
      }))
    }, seconds * 1000)
  }, WARMUP_MS)
}

if (require.main === module) main(process.argv.slice(2))
