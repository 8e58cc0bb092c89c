'use strict'
// The invariants of test/helpers/invariants.js, checked on their own (the
// fuzz runner and test/soak.js check them on every run):
//   - the checker itself reports each kind of violation (so it can fail);
//   - a mixed program (timeouts with fractional and odd delays created at
//     scattered sub-millisecond moments, refreshes, revivals, intervals,
//     clears from other callbacks and ticks, immediates) violates none of
//     them: heaptimers never runs a timer before performance.now() at its
//     creation + its truncated delay; native may run up to ~1 ms early (it
//     computes deadlines from libuv's millisecond loop clock), which is
//     measured and reported, not asserted; no cleared timer runs, no timeout
//     or immediate runs twice or is lost, every interval runs until cleared,
//     and (sameResult) heaptimers' stats() is back at zero afterwards.

const t = require('tap')
const { sameResult } = require('./helpers/impls.js')
const { Invariants, effectiveDelay } = require('./helpers/invariants.js')
const { busy } = require('./helpers/scenario.js')
const { rng } = require('./helpers/prng.js')

t.test('the checker reports every kind of violation', async t => {
  const inv = new Invariants({ strictEarly: true, stallMs: 0 })
  const fire = rec => rec.handle.cb.call(rec.handle)
  const fake = cb => ({ cb })
  const early = inv.track('timeout', 'early', 50, () => {}, fake)
  fire(early) // at once: 50 ms early
  const cleared = inv.track('timeout', 'cleared', 0, () => {}, fake)
  inv.cleared(cleared)
  fire(cleared)
  const twice = inv.track('immediate', 'twice', 0, () => {}, fake)
  fire(twice)
  fire(twice)
  inv.track('timeout', 'lost', 0, () => {}, fake)
  inv.track('interval', 'running', 0, () => {}, fake)
  inv.track('timeout', 'stalled', 1, () => {}, fake)
  busy(3)
  inv.check()
  inv.finish()
  t.same(inv.violations.map(v => v.kind + ':' + v.timer).sort(), [
    'cleared:cleared', 'early:early', 'lost:lost', 'lost:stalled', 'running:running', 'stalled:lost', 'stalled:running', 'stalled:stalled', 'twice:twice',
  ].sort())
  t.ok(inv.minLateness < -40, 'the early run is measured')

  const lenient = new Invariants({ strictEarly: false })
  fire(lenient.track('timeout', 'early', 50, () => {}, fake))
  t.same(lenient.finish(), [], 'without strictEarly an early run is only measured')
  t.ok(lenient.minLateness < -40)

  const refreshed = new Invariants()
  const rec = refreshed.track('timeout', 'revived', 0, () => {}, fake)
  busy(1.1)
  fire(rec)
  refreshed.refreshing(rec)
  busy(1.1)
  fire(rec)
  t.same(refreshed.finish(), [], 'a refreshed timeout may run again')

  t.same([undefined, null, 0, -0, 0.5, 1.9, '10', 2 ** 31, 2 ** 31 - 1, NaN, -1, { valueOf: () => 7.5 }].map(effectiveDelay),
    [1, 1, 1, 1, 1, 1, 10, 1, 2 ** 31 - 1, 1, 1, 7], 'effective delays as Node coerces them')
})

t.test('a mixed program keeps every invariant', async t => {
  let nativeEarliest = null
  await sameResult(t, 'invariants', async T => {
    const R = rng(6)
    const inv = new Invariants({ strictEarly: !T.isNative })
    const recs = []
    let open = 0
    let done
    const finished = new Promise(resolve => { done = resolve })
    // every timer settles once when it is done; one settle too many would end
    // the program before a slow interval's last run, so it is reported
    const settle = () => {
      if (--open === 0) native.setTimeout(done, 30)
      else if (open < 0) inv.violation('accounting', { label: '-' }, 'settled more often than opened')
    }
    const native = require('node:timers')
    const timeout = (delay, label, after) => {
      open++
      const rec = inv.track('timeout', label, delay, function () { if (after) after(rec); settle() }, cb => T.setTimeout(cb, delay))
      recs.push(rec)
      return rec
    }
    // scattered creation moments, fractional and odd delays
    const delays = [0, 0.5, 1, 1.2, 1.9, 2, 2.5, 3, 5.7, 8, 13, '4', null, undefined, NaN, -3, { valueOf: () => 6.6 }, 2 ** 31]
    for (let i = 0; i < 60; i++) {
      timeout(R.pick(delays), 'T' + i)
      if (i % 7 === 0) busy(R.next())
    }
    // refreshes and revivals from other callbacks; clears from callbacks and ticks
    const victim = timeout(40, 'victim')
    const revived = timeout(5, 'revived', rec => { if (rec.runs === undefined) { rec.runs = 1; open++; inv.refreshing(rec); rec.handle.refresh() } })
    void revived
    const moved = timeout(10, 'moved')
    timeout(6, 'mover', () => {
      if (moved.state !== 'armed') open++ // it ran already (a stall between the two creations): revived
      inv.refreshing(moved)
      moved.handle.refresh()
      process.nextTick(() => {
        const pending = victim.state === 'armed' // else it ran (and settled) already, after a stall
        inv.cleared(victim)
        T.clearTimeout(victim.handle)
        if (pending) settle()
      })
    })
    // intervals clear themselves after a few runs
    for (const period of [1, 3, 7.5]) {
      open++
      let runs = 0
      const rec = inv.track('interval', 'I' + period, period, function () {
        if (++runs === 5) { inv.cleared(rec); T.clearInterval(this); settle() }
        busy(0.3)
      }, cb => T.setInterval(cb, period))
    }
    // immediates, one cleared by another: the killer is queued first, so it
    // runs before its victim (immediates run in order) and settles for both
    open += 2
    let doomed = null
    inv.track('immediate', 'killer', 0, () => { inv.cleared(doomed); T.clearImmediate(doomed.handle); settle(); settle() }, cb => T.setImmediate(cb))
    doomed = inv.track('immediate', 'doomed', 0, () => settle(), cb => T.setImmediate(cb))
    await finished
    if (T.isNative) nativeEarliest = inv.minLateness
    return inv.finish()
  }, { expect: [] })
  t.comment(`native ran at most ${Math.max(0, -nativeEarliest).toFixed(3)} ms early against performance.now() at creation + delay`)
})
