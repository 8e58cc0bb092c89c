'use strict'
// Invariant checking for timer programs (the fuzz runner and test/soak.js).
//
// The differential fuzzer compares logs with native timers; these checks hold
// whatever native does, so they catch what a log comparison cannot (a timer
// that fires early but in the right order) and name the broken promise:
//   early     a timer ran before performance.now() at its creation (or last
//             refresh) plus its truncated delay; for the n-th run of an
//             interval, plus n times its period (each re-arm starts no
//             earlier than the previous deadline)
//   cleared   a cleared timer or immediate ran
//   twice     a timeout or immediate ran twice without a refresh in between
//   lost      a live timeout or immediate never ran (checked by finish())
//   running   an interval was still armed at the end (finish(); programs
//             clear every interval they create)
//   stalled   a live timer is overdue by more than `stallMs` (check(): soak)
//
// Native timers compute deadlines from libuv's millisecond loop clock, so
// they may run up to ~1 ms early against performance.now() (measured here:
// up to 1.0 ms on Node 20-26; more after a long synchronous run, which these
// programs avoid). So `early` is a violation only with strictEarly (for
// heaptimers); otherwise the earliest run is recorded in minLateness.
//
// The caller reports every effective clear and refresh: the program knows
// which calls take effect (clearTimeout(immediate) does not, for example).
//
// Lateness (onLateness, maxLateness) is measured from the time a run was due:
// for a timeout its bound above; for an interval the later of its bound and
// the previous run + its period (intervals re-arm from the start of the pass
// that ran them, so over a long run their lateness must not accumulate).
// minLateness is measured from the bound itself: how early a run came.

const { performance } = require('node:perf_hooks')

const now = () => performance.now()

// Node's coercion: `*1`, then anything outside [1, 2**31-1] is 1; truncated when armed.
function effectiveDelay (after) {
  const n = after * 1
  if (!(n >= 1 && n <= 2 ** 31 - 1)) return 1
  return Math.trunc(n)
}

class Invariants {
  constructor ({ strictEarly = true, stallMs = Infinity, onLateness = null, maxViolations = 100 } = {}) {
    this.strictEarly = strictEarly
    this.stallMs = stallMs
    this.onLateness = onLateness
    this.maxViolations = maxViolations
    this.records = new Set() // live (armed) records only
    this.violations = []
    this.violationCount = 0
    this.runs = 0
    this.minLateness = Infinity
    this.maxLateness = -Infinity
  }

  violation (kind, rec, detail) {
    this.violationCount++
    if (this.violations.length < this.maxViolations) {
      this.violations.push({ kind, timer: rec.label, detail })
    }
  }

  // Wraps `callback` for a timer of `kind` ('timeout' | 'interval' |
  // 'immediate') with `delay` (ignored for immediates); `create(wrapped)`
  // must create the timer and return its handle. Returns the handle; the
  // record is then inv.of(handle).
  track (kind, label, delay, callback, create) {
    const inv = this
    const rec = { kind, label, d: kind === 'immediate' ? 0 : effectiveDelay(delay), base: 0, runsSinceArm: 0, lastRun: -Infinity, state: 'armed', handle: null, stalled: false }
    const wrapped = function () {
      inv.fired(rec)
      return callback.apply(this, arguments)
    }
    rec.base = now() // read before the timer reads its clock: a valid lower bound
    rec.handle = create(wrapped)
    this.records.add(rec)
    return rec
  }

  fired (rec) {
    const t = now()
    this.runs++
    if (rec.state === 'cleared') return this.violation('cleared', rec, 'ran after being cleared')
    if (rec.state !== 'armed') return this.violation('twice', rec, 'ran again without a refresh')
    if (rec.kind !== 'immediate') {
      const bound = rec.base + (rec.runsSinceArm + 1) * rec.d
      const early = t - bound
      if (early < this.minLateness) this.minLateness = early
      if (early < 0 && this.strictEarly) {
        this.violation('early', rec, `ran ${(-early).toFixed(3)} ms before creation + ${rec.d} ms` + (rec.kind === 'interval' ? ` x ${rec.runsSinceArm + 1}` : ''))
      }
      const late = t - Math.max(bound, rec.lastRun + rec.d)
      if (late > this.maxLateness) this.maxLateness = late
      if (this.onLateness !== null) this.onLateness(late)
    }
    rec.lastRun = t
    if (rec.kind === 'interval') rec.runsSinceArm++
    else {
      rec.state = 'ran'
      this.records.delete(rec)
    }
  }

  // An effective clear (the timer will never run again).
  cleared (rec) {
    if (!rec || rec.state === 'cleared') return
    rec.state = 'cleared'
    this.records.delete(rec)
  }

  // An effective refresh() of a timeout or interval that was not cleared;
  // call before refresh() itself, for the same reason as in track().
  refreshing (rec) {
    if (!rec || rec.state === 'cleared') return
    rec.base = now()
    rec.runsSinceArm = 0
    rec.lastRun = -Infinity
    rec.stalled = false
    if (rec.state !== 'armed') {
      rec.state = 'armed'
      this.records.add(rec)
    }
  }

  // Timers overdue by more than stallMs (soak: "every live timer runs,
  // every interval keeps running").
  check () {
    if (this.stallMs === Infinity) return
    const t = now()
    for (const rec of this.records) {
      if (rec.kind === 'immediate' || rec.stalled) continue
      const due = Math.max(rec.base + (rec.runsSinceArm + 1) * rec.d, rec.lastRun + rec.d)
      if (t - due > this.stallMs) {
        rec.stalled = true
        this.violation('stalled', rec, `${(t - due).toFixed(0)} ms overdue`)
      }
    }
  }

  // End of a program: nothing may still be armed.
  finish () {
    for (const rec of this.records) {
      this.violation(rec.kind === 'interval' ? 'running' : 'lost', rec, rec.kind === 'interval' ? 'never cleared' : 'never ran')
    }
    this.records.clear()
    return this.violations
  }
}

module.exports = { Invariants, effectiveDelay }
