'use strict'
// Intervals: the period runs start to start; a slow callback never makes
// the loop spin or starve immediates and I/O; clearing from inside the
// callback stops it; an interval keeps its arguments and `this`.

const t = require('tap')
const { busy } = require('./helpers/scenario.js')
const fs = require('node:fs')
const { sameResult } = require('./helpers/impls.js')

t.test('period runs start to start', async t => {
  await sameResult(t, 'a 40 ms interval whose callback takes 30 ms', async T => {
    const starts = []
    await new Promise(resolve => {
      const iv = T.setInterval(() => {
        starts.push(performance.now())
        if (starts.length === 6) { T.clearInterval(iv); resolve() }
        busy(30)
      }, 40)
    })
    const gaps = starts.slice(1).map((s, i) => s - starts[i]).sort((a, b) => a - b)
    const median = gaps[2]
    // start-to-start: about 40 ms; end-to-start would be about 70 ms
    return {
      runs: starts.length,
      medianIsStartToStart: median >= 39 && median < 60,
      neverBunched: gaps[0] >= 30,
    }
  }, { expect: { runs: 6, medianIsStartToStart: true, neverBunched: true } })
})

t.test('a callback slower than its period neither spins nor starves immediates and I/O', async t => {
  await sameResult(t, '1 ms interval taking 4 ms', async T => {
    let runs = 0
    let immediates = 0
    let io = 0
    let stop = false
    const iv = T.setInterval(() => { runs++; busy(4) }, 1)
    const chain = () => { immediates++; if (!stop) T.setImmediate(chain) }
    T.setImmediate(chain)
    const ioLoop = () => fs.stat(__filename, () => { io++; if (!stop) ioLoop() })
    ioLoop()
    // At least 200 ms, and on until both made some progress (a loaded host can hold the whole
    // process for a while), for at most 3 s.
    const started = performance.now()
    await new Promise(resolve => {
      const check = () => (runs >= 5 && io >= 5) || performance.now() - started > 3000 ? resolve() : T.setTimeout(check, 20)
      T.setTimeout(check, 200)
    })
    const elapsed = performance.now() - started
    stop = true
    T.clearInterval(iv)
    await new Promise(resolve => T.setImmediate(resolve))
    return {
      // one run per loop turn at most: elapsed / 4 ms
      runsBounded: runs <= elapsed / 4 + 2,
      immediatesKeptUp: immediates >= runs - 2,
      ioProgressed: io >= 5,
      ranSome: runs >= 5,
    }
  }, { expect: { runsBounded: true, immediatesKeptUp: true, ioProgressed: true, ranSome: true } })
})

t.test('a late interval does not fire a burst to catch up', async t => {
  await sameResult(t, 'loop blocked for 5 periods', async T => {
    const starts = []
    const iv = T.setInterval(() => { starts.push(performance.now()) }, 10)
    busy(60) // 6 periods pass while the loop is blocked
    await new Promise(resolve => T.setTimeout(resolve, 25))
    T.clearInterval(iv)
    const gaps = starts.slice(1).map((s, i) => s - starts[i])
    return { atMostThreeRuns: starts.length <= 3, noBurst: gaps.every(g => g >= 5) }
  }, { expect: { atMostThreeRuns: true, noBurst: true } })
})

t.test('an interval whose _idleTimeout is written to 0 still yields to the loop between runs', async t => {
  // Node keeps the period in `_repeat` and copies it back into `_idleTimeout` after the run, so
  // the interval keeps its period and runs once per loop turn at most.
  await sameResult(t, '_idleTimeout = 0 in run 3', async T => {
    const runs = [] // immediate chain steps seen at each run
    let steps = 0
    let stop = false
    const chain = () => { steps++; if (!stop) T.setImmediate(chain) }
    T.setImmediate(chain)
    await new Promise(resolve => {
      T.setInterval(function () {
        runs.push(steps)
        if (runs.length === 3) this._idleTimeout = 0
        if (runs.length === 12) { T.clearInterval(this); stop = true; resolve() }
      }, 5)
    })
    return { runs: runs.length, aLoopTurnBetweenRuns: runs.slice(1).every((s, i) => s > runs[i]) }
  }, { expect: { runs: 12, aLoopTurnBetweenRuns: true } })
})

t.test('clearing an interval from its own callback, via this or the handle', async t => {
  await sameResult(t, 'self clear', async T => {
    const log = []
    await new Promise(resolve => {
      let n = 0
      const a = T.setInterval(function () {
        log.push('a' + ++n)
        if (n === 2) T.clearInterval(this)
      }, 5)
      let m = 0
      const b = T.setInterval(() => {
        log.push('b' + ++m)
        if (m === 3) { T.clearTimeout(b); T.setTimeout(resolve, 30) }
      }, 5)
      void a
    })
    return log.filter(x => x[0] === 'a').concat(log.filter(x => x[0] === 'b'))
  }, { expect: ['a1', 'a2', 'b1', 'b2', 'b3'] })
})

t.test('fields of an interval through its life', async t => {
  await sameResult(t, '_idleTimeout, _repeat, _destroyed', async T => {
    const snap = h => ({ idle: h._idleTimeout, repeat: h._repeat, destroyed: h._destroyed, hasRef: h.hasRef(), onTimeoutType: typeof h._onTimeout })
    const out = {}
    await new Promise(resolve => {
      let n = 0
      const iv = T.setInterval(function () {
        n++
        out['in run ' + n] = snap(this)
        if (n === 2) {
          T.clearInterval(iv)
          out['cleared in run'] = snap(iv)
          resolve()
        }
      }, 5)
      out.created = snap(iv)
    })
    return out
  })
})

t.test('setInterval with delay 0 / negative / too big repeats at 1 ms', async t => {
  await sameResult(t, 'coerced interval delays', async T => {
    const res = {}
    for (const [label, d] of [['0', 0], ['-5', -5], ['2**31', 2 ** 31], ['undefined', undefined]]) {
      // Three runs, or what came in 2 s (a fixed window could close before the third on a loaded
      // machine); at 1 ms they take a few ms, and a loaded machine's stalls stay well under 1 s
      const runs = await new Promise(resolve => {
        const at = []
        const end = () => { T.clearInterval(iv); T.clearTimeout(fallback); resolve(at) }
        const iv = T.setInterval(() => { if (at.push(performance.now()) === 3) end() }, d)
        const fallback = T.setTimeout(end, 2000)
      })
      res[label] = { ranRepeatedly: runs.length === 3 && runs[2] - runs[0] < 1000 }
    }
    return res
  }, { expect: r => Object.values(r).every(v => v.ranRepeatedly) })
})

// Node re-inserts an interval from the loop time it read before the callback, so an interval
// whose callback runs past its period runs again at the next loop turn, after one check phase.
// heaptimers used to arm its native timer after the callback, from then, and the interval
// waited one more millisecond, during which a setImmediate chain ran hundreds of turns.
t.test('an interval whose callback overruns its period runs again at the next loop turn', async t => {
  await sameResult(t, 'check phases between runs', T => new Promise(resolve => {
    const turnsBetweenRuns = []
    let turns = 0
    let runs = 0
    T.setImmediate(function chain () {
      if (runs === 6) return
      turns++
      T.setImmediate(chain)
    })
    const interval = T.setInterval(() => {
      if (runs++ > 0) turnsBetweenRuns.push(turns)
      turns = 0
      if (runs === 6) {
        T.clearInterval(interval)
        resolve(turnsBetweenRuns)
        return
      }
      busy(5)
    }, 2)
  }), { expect: [1, 1, 1, 1, 1] })
})
