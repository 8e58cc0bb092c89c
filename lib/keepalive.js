'use strict';

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

const resolved = Promise.resolve();
const promiseThen = Promise.prototype.then;

class KeepAlive {
  constructor() {
    this.refed = 0; // pending ref'd timers
    this.handle = null; // the native Timeout or Immediate, while there is one
    this.handleRefed = false;
    this.syncQueued = false;
    this.sync = () => this.syncNow();
  }

  /** Counts `delta` (+1 or -1) ref'd timers. */
  add(delta) {
    const before = this.refed;
    this.refed += delta;
    // Not crossedZero(): with this method smaller, V8 inlined setTimeout's own start() into
    // callers and then had no inlining budget left for the clock read (HISTORY has the counts).
    if ((before === 0 || this.refed === 0) && !this.syncQueued && this.handle !== null) {
      this.syncQueued = true;
      promiseThen.call(resolved, this.sync);
    }
  }

  // increment() and decrement() are add(1) and add(-1) made small: a setImmediate +
  // clearImmediate had no inlining budget left for add(). decrement() fits in 27 bytes of
  // bytecode, which V8 inlines whatever budget is left; increment() takes 28.

  /** Counts one more ref'd timer. */
  increment() {
    return ++this.refed === 1 && this.crossedZero();
  }

  /** Counts one ref'd timer fewer. */
  decrement() {
    return --this.refed === 0 && this.crossedZero();
  }

  // The count left zero or reached it: the handle may have to be ref'd or unref'd.
  crossedZero() {
    if (!this.syncQueued && this.handle !== null) {
      this.syncQueued = true;
      promiseThen.call(resolved, this.sync);
    }
  }

  /** Takes a freshly created native handle (ref'd, as Node creates them) and puts it in line. */
  adopt(handle) {
    this.handle = handle;
    this.handleRefed = true;
    if (this.refed === 0) {
      handle.unref();
      this.handleRefed = false;
    }
  }

  /** Takes back a handle it released, as it is now (ref'd or not), and puts it in line. */
  readopt(handle) {
    this.handle = handle;
    this.handleRefed = handle.hasRef();
    this.syncNow();
  }

  /** Forgets the handle: it fired or was cleared. */
  release() {
    this.handle = null;
  }

  syncNow() {
    this.syncQueued = false;
    if (this.handle === null) return;
    const wanted = this.refed > 0;
    if (wanted === this.handleRefed) return;
    this.handleRefed = wanted;
    if (wanted) this.handle.ref();
    else this.handle.unref();
  }
}

module.exports = { KeepAlive };
