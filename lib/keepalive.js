'use strict'

// Keeping the process alive exactly while a ref'd timer is pending, with one native handle.
//
// Each scheduler (timeouts, immediates) drives one native handle and counts its pending ref'd
// timers. The handle must be ref'd iff that count is above zero, but toggling it on every
// set/clear would cost a native call each time. Node only looks at handles when control returns
// to the event loop, so the handle is brought in line once per synchronous run, from a
// microtask queued when the count crosses zero. A handle created later starts in line.
//
// The microtask is a promise reaction, not queueMicrotask(): Node creates an AsyncResource per
// queueMicrotask() call and runs the callback inside its scope, work a program whose one
// pending timer comes and goes would pay on every set and clear.

const { IntrinsicPromise, promiseThen } = require('./intrinsics')

const resolved = IntrinsicPromise.resolve()

class KeepAlive {
  constructor () {
    // Pending timers, and how many of them are unref'd. The ref'd ones are the difference: a
    // timer created or retired ref'd, the common case, then costs one count and one compare.
    this.pending = 0
    this.unrefed = 0
    this.handle = null // the native Timeout or Immediate, while there is one
    this.handleRefed = false
    this.syncQueued = false
    this.sync = () => this.syncNow()
  }

  /** Pending ref'd timers. */
  get refed () {
    return this.pending - this.unrefed
  }

  // Each method below is small enough for V8 to inline into the timer functions that call it
  // whatever inlining budget they have left.

  /** Counts one more pending ref'd timer. */
  addRefed () {
    // A sync already queued covers this crossing too: a timer set and cleared again and again
    // crosses zero twice per pair, and the call itself cost more than the rest of the count.
    if (this.pending++ === this.unrefed && this.syncQueued === false) this.crossedZero()
  }

  /** Counts one pending ref'd timer fewer (it fired or was cleared). */
  removeRefed () {
    if (--this.pending === this.unrefed && this.syncQueued === false) this.crossedZero()
  }

  /** Counts one more pending unref'd timer. */
  addUnrefed () {
    this.pending++
    this.unrefed++
  }

  /** Counts one pending unref'd timer fewer. */
  removeUnrefed () {
    this.pending--
    this.unrefed--
  }

  /** A pending timer was ref'd. */
  refOne () {
    if (this.unrefed-- === this.pending) this.crossedZero()
  }

  /** A pending timer was unref'd. */
  unrefOne () {
    if (++this.unrefed === this.pending) this.crossedZero()
  }

  // The count left zero or reached it: the handle may have to be ref'd or unref'd.
  crossedZero () {
    if (!this.syncQueued && this.handle !== null) {
      this.syncQueued = true
      promiseThen.call(resolved, this.sync)
    }
  }

  /** Takes a freshly created native handle (ref'd, as Node creates them) and puts it in line. */
  adopt (handle) {
    this.handle = handle
    this.handleRefed = true
    if (this.pending === this.unrefed) {
      handle.unref()
      this.handleRefed = false
    }
  }

  /** Takes back a handle it released, as it is now (ref'd or not), and puts it in line. */
  readopt (handle) {
    this.handle = handle
    this.handleRefed = handle.hasRef()
    this.syncNow()
  }

  /** Forgets the handle: it fired or was cleared. */
  release () {
    this.handle = null
  }

  syncNow () {
    this.syncQueued = false
    if (this.handle === null) return
    const wanted = this.pending > this.unrefed
    if (wanted === this.handleRefed) return
    this.handleRefed = wanted
    if (wanted) this.handle.ref()
    else this.handle.unref()
  }
}

module.exports = { KeepAlive }
