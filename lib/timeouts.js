'use strict';

// Timeouts and intervals: Timeout objects, and the scheduler that runs them on ONE native timer.
//
// Data structures
// ---------------
// Every pending timer sits in a Bucket: a FIFO circular doubly-linked list of the timers due in
// the same whole millisecond (its `key`, the first whole ms at or after their deadlines), with
// the bucket itself as the list's sentinel node, so a timer needs no pointer to its bucket.
// Buckets sit in a binary min-heap ordered by key. A bucket is found by its key in `ring`, a
// small array indexed by the key's low bits, when its slot was free as it was created; in a Map
// otherwise. A program with few live buckets at a time (a few delays, or one 1 ms loop, which
// makes and drops a bucket every pass) never touches the Map: its set, delete, rehash and lookup
// were about 350 of the 10,500 instructions of a 1 ms loop's fire on Node 20 (HISTORY). So:
//   - equal deadlines run in creation order (FIFO), earlier deadlines first (heap);
//   - a burst of same-delay timers lands in one bucket: O(1) each to insert, clear and fire,
//     and `lastBucket` skips even the ring lookup;
//   - clearing unlinks in O(1). A bucket emptied that way stays in the heap (a set+clear loop
//     reuses it) but empty buckets are compacted away before they outnumber live ones plus
//     EMPTY_BUCKET_SLACK, so dead entries stay bounded.
//
// A Timeout is kept small (heap per pending timer is what users with 100k request timeouts
// pay): eight fields, with its states, argument shape and numeric id packed in `_flags`, and
// Node's `_idleTimeout`, `_repeat` and `_destroyed` derived from them by accessors. Node's
// `_idleStart` is a field of its own, as in Node.
//
// One native timer is armed for the earliest bucket's `due` (below) and ref'd only while a ref'd
// timeout is pending. When it fires, a pass reads the clock once and runs every bucket due at
// that time, in order; timers created or re-armed during the pass are due later than the pass's
// clock, so they never run in it (Node's rule). Between callbacks the pass drains nextTicks and
// promise jobs as Node does. A timer created during a pass arms the native timer as it is
// created, as outside one, so one that comes due before a long pass ends runs at the next loop
// turn, as in Node. Re-arming with the native delay of the timer that runs the pass refreshes
// that timer in place (refresh()), so a steady 1 ms loop creates no native Timeout per pass.
// When timers the pass re-armed later joined the bucket it armed for, the pass arms again as it
// ends (rearmForLaterDue()): Node's timer wakes at a whole millisecond of its own clock, which
// can come before that bucket's latest deadline once the pass has crossed one.
//
// A deadline is always computed from a fresh clock read at creation or refresh (never a cached
// one), and a bucket only runs once the clock has reached the latest deadline placed in it
// (`due`, within its whole ms), so no timer fires before performance.now() at its creation plus
// its truncated delay, and none waits for the next whole ms either: a 1 ms loop ticks about
// every 1.1 ms, as native's does. Intervals are re-armed from the pass's start, start to
// start, like Node's re-insertion from its loop time.

const { MinHeap } = require('./heap');
const clock = require('./clock');
const { coerceDelay, throwInvalidCallback, TIMEOUT_MAX } = require('./errors');
const { defineInspector, timeoutInspector } = require('./inspect');
const { KeepAlive } = require('./keepalive');
const { options } = require('./options');
const run = require('./run');

const { ARGS_LIST, ARGS_ONE, ARGS_SHAPE, ExtraArgs, timerContext } = run;
// Called by name rather than as `Math.floor()`: a call through `Math` is 8 more bytes of bytecode
// in link(), which V8 inlines into every creation within a budget (see setTimeout()).
const { floor, ceil } = Math;

// Native functions, captured before anyone (install() included) can replace them.
const nativeSetTimeout = globalThis.setTimeout;
const nativeSetInterval = globalThis.setInterval;
const nativeClearTimeout = globalThis.clearTimeout;
const nextTick = process.nextTick;
const sharedCapture = run.sharedCapture('Timeout'); // see run.timerContext()
const nativeProbe = probeNativeTimeouts(); // see probeNativeTimeouts()
const NativeTimeout = nativeProbe.cleared.constructor;
const nativeRefresh = NativeTimeout.prototype.refresh;
// What a cleared timer keeps. Node 24.21 and 26 empty its `_onTimeout` and `_timerArgs` (to
// undefined), so that it holds on to nothing; older Nodes set `_onTimeout` to null and keep the
// arguments. Read from the running Node's own cleared timer.
const EMPTIES_CLEARED = nativeProbe.cleared._onTimeout === undefined;
// Node's `_idleStart` is libuv's clock as the timer was armed: whole milliseconds since the
// event loop's start, which is `performance.now()` plus a constant of the process (-5 to -165 ms
// here), rounded down. That constant, read from the running Node's own timers.
const LIBUV_CLOCK_OFFSET = nativeProbe.clockOffset;

// `_flags` bits
const REFED = 1; // the timer keeps the process alive while pending
const HAS_ID = 2; // the timer is registered in timersById under its numeric id
const DESTROYED = 4; // not pending: fired or cleared (Node's `_destroyed`)
const REPEAT = 8; // an interval
const CLEARED = 16; // cleared: never runs again, refresh() is a no-op (Node's `_idleTimeout` -1)
// 32 and 64: the shape of `_args` (run.ARGS_SHAPE)
// Above the flag bits: the timer's id number, once it has one (0: none yet). Kept within a
// small integer so `_flags` stays one; past that, ids live in `lateIds`.
const ID_SHIFT = 7;
const MAX_ID_NUMBER = 2 ** (31 - ID_SHIFT) - 1;

const NODE_CLEARED = -1; // `_idleTimeout` of a cleared timer, as in Node
const EMPTY_BUCKET_SLACK = 64;
const FIRST_ID = 2 ** 40; // far above Node's async ids, so our ids never alias native ones

class Bucket {
  constructor(key) {
    this.key = key;
    this.heapIndex = -1;
    this.due = key - 1; // the latest deadline placed in it: it runs once the clock reaches that
    // The list's sentinel: `_next` is the first timer, `_prev` the last; itself when empty.
    this._prev = this;
    this._next = this;
  }
}

// The module's mutable state is `var`, not `let`, as in immediates.js: V8 checks a `let` read from
// inside a function for its temporal dead zone on every read.
const heap = new MinHeap();
const RING_SIZE = 64; // a power of two
const ring = new Array(RING_SIZE).fill(null);
const bucketsByKey = new Map(); // the buckets that found their ring slot taken
var farBuckets = 0; // how many: while none, a key not in the ring has no bucket
var lastBucket = null;
var emptyBuckets = 0;

// Counts the pending timeouts (created or revived, not yet fired or cleared), and which are ref'd.
const keepAlive = new KeepAlive();

var nativeTimer = null;
var nativeDelay = 0; // the delay nativeTimer was armed with
var armedKey = Infinity;
var armedDue = Infinity; // the deadline the native timer was armed for, in the bucket of armedKey
// The native timer whose callback is running the pass, while it may be re-armed in place.
var firingTimer = null;

var interrupted = false; // a callback threw: the rest of the pass is still due
// The pass's clock reading, in a field rather than a module variable: V8 keeps a field that has
// held a fraction as a double it updates in place, where each write of a module variable boxes
// a new number, which the write barrier then records as a young object in an old one.
const pass = { now: 0.5 };

var nextIdNumber = 1;
const timersById = new Map();
const lateIds = new WeakMap(); // ids given after MAX_ID_NUMBER ran out (not expected in practice)

class Timeout {
  // `context`: timerContext(sharedCapture), read before the timer is allocated: V8 then writes
  // every field with the allocation (see immediates.js's enqueue()).
  constructor(callback, after, args, flags, context) {
    // Stored twice on purpose. V8 keeps a field that has only ever held numbers as a boxed
    // double (16 more bytes per timer) for every Timeout once one delay had a fraction; a
    // field that first held a non-number stays tagged, so whole delays stay unboxed.
    this._delay = null;
    this._delay = after;
    this._idleStart = null; // Node's: set when linked; tagged too, as `_delay`
    this._onTimeout = callback;
    this._prev = null;
    this._next = null;
    this._args = args;
    this._flags = flags;
    this._context = context;
  }

  /** Re-arms the timer from now, reviving it if it already fired; no-op once cleared pending. */
  refresh() {
    // Cleared while pending is final (Node's `_idleTimeout` -1). One cleared after it fired is
    // revived as in Node, and skipped when it comes due, as its `_onTimeout` is empty.
    if ((this._flags & CLEARED) !== 0) return this;
    if (this._next !== null) unlink(this);
    else if ((this._flags & DESTROYED) !== 0) revive(this);
    place(this, clock.now());
    return this;
  }

  ref() {
    if ((this._flags & REFED) === 0) {
      this._flags |= REFED;
      if ((this._flags & DESTROYED) === 0) keepAlive.refOne();
    }
    return this;
  }

  unref() {
    if ((this._flags & REFED) !== 0) {
      this._flags &= ~REFED;
      if ((this._flags & DESTROYED) === 0) keepAlive.unrefOne();
    }
    return this;
  }

  hasRef() {
    return (this._flags & REFED) !== 0;
  }

  close() {
    clearTimeout(this);
    return this;
  }

  /** The numeric id `clearTimeout` accepts; registered while the timer is pending. */
  [Symbol.toPrimitive]() {
    const id = idOf(this) || giveId(this);
    if ((this._flags & (DESTROYED | HAS_ID)) === 0) registerId(this, id);
    return id;
  }

  /** Node's delay field: the coerced delay, or -1 once cleared. */
  get _idleTimeout() {
    return (this._flags & CLEARED) !== 0 ? NODE_CLEARED : this._delay;
  }

  set _idleTimeout(value) {
    this._delay = value;
  }

  /** Node's interval field: the period of an interval, null for a timeout. */
  get _repeat() {
    return (this._flags & REPEAT) !== 0 ? this._delay : null;
  }

  /**
   * Node's list links: set (truthy) while the timer waits in a list, null otherwise, also while
   * its callback runs. Packages test them to see whether a timer is pending, and Node's own
   * clearTimeout (see `_destroyed`) reads and writes them; the writes are ignored. They point
   * as Node's do: `_idleNext` towards the timers created before (the first one's is the
   * bucket), `_idlePrev` towards those created after (the last one's is the bucket).
   */
  get _idleNext() {
    return this._prev;
  }

  set _idleNext(value) {}

  get _idlePrev() {
    return this._next;
  }

  set _idlePrev(value) {}

  /** Node's field: true once the timer has fired (and not been refreshed) or been cleared. */
  get _destroyed() {
    return (this._flags & DESTROYED) !== 0;
  }

  // Node's own clearTimeout sets `_onTimeout = null` and then `_destroyed = true` on whatever it
  // is given: a timer of ours created while install()ed and cleared after uninstall() is cleared.
  set _destroyed(value) {
    if (value && (this._flags & DESTROYED) === 0) cancelPending(this);
  }

  /** Node's field for the extra arguments: undefined or an array (the same one every read). */
  get _timerArgs() {
    const shape = this._flags & ARGS_SHAPE;
    if (shape !== ARGS_LIST) this._timerArgs = run.unpackArgs(this._args, shape);
    return this._args;
  }

  // Writable as in Node, whose clearTimeout (Node 24.21 and 26) also sets it to undefined.
  set _timerArgs(value) {
    this._args = value;
    this._flags &= ~ARGS_SHAPE;
  }
}

if (typeof Symbol.dispose === 'symbol') {
  Timeout.prototype[Symbol.dispose] = function dispose() {
    clearTimeout(this);
  };
}

// As on Node's Timeout prototype, where they are assigned rather than declared in the class:
// `for...in` over a timer lists `close`.
for (const key of ['close', Symbol.toPrimitive]) {
  Object.defineProperty(Timeout.prototype, key, { enumerable: true });
}
defineInspector(Timeout, timeoutInspector(isBucket)); // see inspect.js

function isBucket(node) {
  return node instanceof Bucket;
}

/**
 * setTimeout(callback[, delay[, ...args]]), as Node's.
 *
 * Written for V8's inliner: it inlines a callee into a caller's loop only while the bytecode
 * inlined there stays within a budget, 920 bytes on Node 18 to 26, of which a function that has
 * optimized code already claims its own size and that of everything inlined into it, plus a
 * fifth (V8's reserve_inline_budget_scale_factor): 766 bytes for setTimeout() and its creation
 * path. So there is ONE creation (a Timeout made and started), after the extra arguments are
 * packed: one to three by name, not as packArgs(arguments), which costs more (as in
 * setImmediate); more than three in an array. Node 20: setTimeout() is 181 bytes, and 726 with
 * what it inlines for a timeout with no arguments, 746 with three (Node 22: 179, 715 and 735).
 * With the argument cases in a function of their own, each with its own creation, a timeout
 * with three arguments came to 942 bytes on Node 22 (setTimeout() 142, what it inlined 800),
 * and that function was a call of its own (HISTORY).
 */
function setTimeout(callback, after, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throwInvalidCallback(callback);
  const argc = arguments.length;
  let args;
  let flags = REFED;
  if (argc > 2) {
    // Two extra arguments leave `arg3` undefined; ARGS_ONE to ARGS_THREE are the count times
    // ARGS_ONE (run.js).
    args = argc === 3 ? arg1 : argc > 5 ? run.packArgs(arguments, 2) : new ExtraArgs(arg1, arg2, arg3);
    if (argc <= 5) flags = REFED | (argc - 2) * ARGS_ONE;
  }
  return startRefed(new Timeout(callback, coerceDelay(after), args, flags, timerContext(sharedCapture)));
}

/** setInterval(callback[, delay[, ...args]]), as Node's: written as setTimeout() (see there). */
function setInterval(callback, after, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throwInvalidCallback(callback);
  const argc = arguments.length;
  let args;
  let flags = REFED | REPEAT;
  if (argc > 2) {
    args = argc === 3 ? arg1 : argc > 5 ? run.packArgs(arguments, 2) : new ExtraArgs(arg1, arg2, arg3);
    if (argc <= 5) flags = REFED | REPEAT | (argc - 2) * ARGS_ONE;
  }
  return startRefed(new Timeout(callback, coerceDelay(after), args, flags, timerContext(sharedCapture)));
}

// Our extra arguments are named, for speed; their `length` is the running Node's (2 from Node 22
// on, 5 on Node 18 and 20, which named them too).
Object.defineProperty(setTimeout, 'length', { value: nativeSetTimeout.length });
Object.defineProperty(setInterval, 'length', { value: nativeSetInterval.length });

/**
 * Clears a timeout or interval: one of ours or its numeric or string id; anything else as
 * Node's own clearTimeout does (a native Timeout or id created before install() is cleared).
 */
function clearTimeout(timer) {
  if (timer instanceof Timeout) cancel(timer);
  else if (timer !== null && timer !== undefined) clearForeign(timer);
}

/** clearInterval(timer): the same as clearTimeout, as in Node. */
function clearInterval(timer) {
  clearTimeout(timer);
}

/**
 * Internal: a Timeout that resolves a promise or drives an async iterator (promises.js); its
 * callback gets `arg` as its one argument.
 */
function createTimeout(callback, after, arg, isRepeat, refed) {
  const flags = ARGS_ONE | (isRepeat ? REPEAT : 0) | (refed ? REFED : 0);
  return start(new Timeout(callback, coerceDelay(after), arg, flags, timerContext(sharedCapture)));
}

/** Pending counts, for tests, leak checks and the benchmark. */
function counts() {
  return { pending: keepAlive.pending, refed: keepAlive.refed };
}

// --- lifecycle -------------------------------------------------------------------------

function start(timer) {
  if ((timer._flags & REFED) !== 0) keepAlive.addRefed();
  else keepAlive.addUnrefed();
  place(timer, clock.now());
  return timer;
}

// start() for a timer known to be ref'd (setTimeout(), setInterval()), with place() written out:
// smaller where V8 inlines it into every creation (see setTimeout()).
function startRefed(timer) {
  keepAlive.addRefed();
  const now = clock.now();
  const bucket = link(timer, now);
  if (bucket.key < armedKey) arm(bucket, now, false);
  return timer;
}

function revive(timer) {
  timer._flags &= ~DESTROYED;
  if ((timer._flags & REFED) !== 0) keepAlive.addRefed();
  else keepAlive.addUnrefed();
  const id = idOf(timer);
  if (id !== 0) registerId(timer, id);
}

function retire(timer) {
  // The flags are read once: every timer that fires comes through here.
  const flags = timer._flags;
  timer._flags = (flags | DESTROYED) & ~HAS_ID;
  if ((flags & REFED) !== 0) keepAlive.removeRefed();
  else keepAlive.removeUnrefed();
  if ((flags & HAS_ID) !== 0) timersById.delete(idOf(timer));
}

// Node's clearTimeout ignores a timer whose `_onTimeout` is empty (already cleared, or emptied
// by the program), and clears one with anything else there. The typeof comes first: on a
// function it settles the test, where V8's generic truthiness test costs a dozen instructions.
function cancel(timer) {
  const callback = timer._onTimeout;
  if (typeof callback !== 'function' && !callback) return;
  cancelPending(timer);
}

function cancelPending(timer) {
  if ((timer._flags & DESTROYED) === 0) {
    timer._flags |= CLEARED;
    if (timer._next === null) {
      // Its own callback is running: `_onTimeout` is null and the arguments are kept until it
      // returns, when Nodes that empty cleared timers empty it (afterCallback()).
      timer._onTimeout = null;
      retire(timer);
      return;
    }
    unlink(timer);
    retire(timer);
  }
  if (EMPTIES_CLEARED) empty(timer);
  else timer._onTimeout = null;
}

// Drops a cleared timer's callback and arguments, as Node 24.21 and 26 do (EMPTIES_CLEARED).
function empty(timer) {
  timer._onTimeout = undefined;
  timer._args = undefined;
  timer._flags &= ~ARGS_SHAPE;
}

// Anything that is not ours, nor one of our ids, goes to Node's own clearTimeout, which applies
// Node's rule to it: a native Timeout or its id is cleared, and so is an object enrolled with
// the deprecated `timers.enroll()` (Node 18 to 22); any object with an `_onTimeout` gets Node's
// fields written into it (a frozen one throws, as in Node); everything else is ignored.
function clearForeign(value) {
  if (typeof value === 'number' || typeof value === 'string') {
    const timer = timerById(value);
    if (timer !== undefined) {
      cancel(timer);
      return;
    }
  }
  nativeClearTimeout(value);
}

// --- numeric ids ----------------------------------------------------------------------

/** The timer's id, or 0 when it has none yet. */
function idOf(timer) {
  const number = timer._flags >>> ID_SHIFT;
  if (number !== 0) return FIRST_ID + number;
  return nextIdNumber > MAX_ID_NUMBER ? lateIds.get(timer) || 0 : 0;
}

function giveId(timer) {
  if (nextIdNumber <= MAX_ID_NUMBER) {
    const number = nextIdNumber++;
    timer._flags |= number << ID_SHIFT;
    return FIRST_ID + number;
  }
  const id = FIRST_ID + nextIdNumber++;
  lateIds.set(timer, id);
  return id;
}

function registerId(timer, id) {
  timer._flags |= HAS_ID;
  timersById.set(id, timer);
}

function timerById(id) {
  if (typeof id === 'string') {
    const n = Number(id);
    if (String(n) !== id) return undefined;
    id = n;
  }
  return timersById.get(id);
}

// --- buckets ---------------------------------------------------------------------------

/**
 * Appends `timer` to the bucket of its deadline, `now` + its truncated delay, and arms the native
 * timer for that bucket if it is now the earliest. `now` is the time now (a fresh clock read).
 */
function place(timer, now) {
  const bucket = link(timer, now);
  if (bucket.key < armedKey) arm(bucket, now, false);
}

// Appends `timer` to the bucket of its deadline, `now` + delayOf(timer): the bucket.
function link(timer, now) {
  const deadline = now + delayOf(timer);
  // Node's field, as Node sets it (programs add `_idleTimeout` to tell when a timer fires). Whole
  // ms, as a fraction would be boxed: 16 more bytes per timer.
  timer._idleStart = floor(now + LIBUV_CLOCK_OFFSET);
  const key = ceil(deadline); // clock.bucketKey(), written out to keep link() small
  let bucket = lastBucket;
  if (bucket === null || bucket.key !== key || bucket.heapIndex < 0) bucket = bucketOf(key);
  const tail = bucket._prev;
  timer._prev = tail;
  timer._next = bucket;
  // The node before is the bucket or a timer: one store each, so that each store site only
  // ever sees one hidden class (one store for both checked two maps, about 10 instructions).
  if (tail === bucket) {
    emptyBuckets--;
    bucket._next = timer;
  } else {
    tail._next = timer;
  }
  bucket._prev = timer;
  if (deadline > bucket.due) bucket.due = deadline;
  return bucket;
}

// The timer's delay as its deadlines use it: truncated, and at least 1 ms. Below 1 only when a
// program wrote Node's `_idleTimeout` field (any value goes there). Such a timer re-armed
// during a pass could land in the due bucket the pass is running, and a 0 ms interval would
// then run again and again in one pass, never yielding to the loop.
function delayOf(timer) {
  const delay = timer._delay | 0;
  return delay < 1 ? 1 : delay;
}

// The bucket of `key`, made if there is none. Kept apart from link(), which runs for every timer,
// to keep link() small enough to inline (see setTimeout()).
//
// A bucket found becomes `lastBucket`; one just made does not, until a second timer finds it.
// A bucket is made young and the module's variables are old, so each store of a new bucket
// into one takes the write barrier's slow path (about 50 instructions on Node 20): a 1 ms loop,
// which makes one bucket per pass and puts one timer in it, paid it every pass for nothing.
function bucketOf(key) {
  const bucket = ring[key & (RING_SIZE - 1)];
  if (bucket !== null && bucket.key === key) return (lastBucket = bucket);
  return farBuckets === 0 ? newBucket(key) : farBucket(key);
}

function farBucket(key) {
  const bucket = bucketsByKey.get(key);
  return bucket === undefined ? newBucket(key) : (lastBucket = bucket);
}

function newBucket(key) {
  const bucket = new Bucket(key);
  const slot = key & (RING_SIZE - 1);
  if (ring[slot] === null) {
    ring[slot] = bucket;
  } else {
    bucketsByKey.set(key, bucket);
    farBuckets++;
  }
  heap.push(bucket);
  emptyBuckets++;
  return bucket;
}

// Drops `bucket`, empty and out of the heap, from the ring or the Map.
function forget(bucket) {
  const slot = bucket.key & (RING_SIZE - 1);
  if (ring[slot] === bucket) {
    ring[slot] = null;
  } else {
    bucketsByKey.delete(bucket.key);
    farBuckets--;
  }
}

function unlink(timer) {
  const prev = timer._prev;
  const next = timer._next;
  prev._next = next;
  next._prev = prev;
  detach(timer);
  // In a ring with a sentinel, neighbours are one node only when that node is the bucket,
  // now empty.
  if (prev === next) bucketEmptied();
}

// Clears a timer's links: it is in no list. Its own function, so that its stores have feedback
// slots of their own, which only ever see a Timeout. Written out in unlink() or take(), they
// shared slots with the stores into the timer's neighbours, which may be buckets: V8's bytecode
// generator gives two stores of one property name one slot when their receivers are variables
// of the same index, and it counts parameters and locals from 0 each, so `timer` (parameter 0)
// and the first local shared them, and each store checked for a Bucket and a Timeout, on Node
// 18 to 26 (`node bench/floor/inline-caches.js` lists such sites).
function detach(timer) {
  timer._prev = timer._next = null;
}

// A bucket lost its last timer: it stays in the heap, until empty buckets outnumber the others
// (plus slack).
function bucketEmptied() {
  if (++emptyBuckets > heap.size - emptyBuckets + EMPTY_BUCKET_SLACK) compactBuckets();
}

function compactBuckets() {
  heap.removeWhere(isEmptyBucket);
  emptyBuckets = 0;
}

function isEmptyBucket(bucket) {
  if (bucket._next !== bucket) return false;
  forget(bucket);
  return true;
}

function discardTopBucket() {
  const bucket = heap.pop();
  forget(bucket);
  emptyBuckets--;
}

// --- the native timer ------------------------------------------------------------------

// Node's timer fires at the first loop turn whose (whole ms, cached) loop time has reached its
// start + delay; the loop sleeps at least that long, so asking for ceil(due - now) ms wakes us
// at or just after `due` in nearly every case. An early wake finds nothing due and re-arms.
// `atPassLevel`: called by the pass itself, outside any callback (see run.noteArmed()).
//
// A timer created during a pass arms the native timer right away, like any other, not when the
// pass ends: Node computes the next wake from the loop time it last read, so a timer that comes
// due while a long pass is still running fires at the next loop turn, as native's do. Armed
// after the pass, from its end, it waited one more millisecond (HISTORY).
//
// A pass that needs the same delay again (a 1 ms loop, every pass) re-arms the native timer
// that is running it with refresh(), from inside its callback: Node then re-inserts it as it
// re-inserts an interval, with no new Timeout, async id or destroy. Its passes keep running in
// the context it was created in, for which noteArmed() was called. After a store switch that
// record no longer lets a pass run at home (see run.js), so a fresh native timer is armed and
// recorded instead: reuse would be correct, but would enter every callback's scope from then on.
function arm(bucket, now, atPassLevel) {
  armFor(bucket.key, bucket.due, now, atPassLevel);
}

// arm() for the bucket of `key` whose latest deadline is `due`, which may not exist yet. A
// deadline of now + 2**31-1 can come back from `due - now` a hair above, and Node takes 2**31 as
// too long (a warning, and 1 ms): the largest delay stays Node's largest.
function armFor(key, due, now, atPassLevel) {
  let delay = Math.ceil(due - now);
  if (delay < 1) delay = 1;
  else if (delay > TIMEOUT_MAX) delay = TIMEOUT_MAX;
  armedKey = key;
  armedDue = due;
  if (firingTimer !== null && delay === nativeDelay && run.armedContextHolds(passSource)) {
    rearmInPlace(firingTimer);
  } else {
    armNative(delay);
    run.noteArmed(passSource, atPassLevel);
  }
}

function armNative(delay) {
  firingTimer = null; // it fired or is cleared here: refresh() would not bring it back
  if (nativeTimer !== null) nativeClearTimeout(nativeTimer);
  nativeTimer = run.outsideDomain(nativeSetTimeout, onNativeTimeout, delay);
  nativeDelay = delay;
  keepAlive.adopt(nativeTimer);
}

// It stays `firingTimer`: a later arm in the same pass may refresh it again.
function rearmInPlace(timer) {
  nativeRefresh.call(timer);
  nativeTimer = timer;
  keepAlive.readopt(timer);
}

function armForEarliest() {
  let top = heap.peek();
  while (top !== null && top._next === top) {
    discardTopBucket();
    top = heap.peek();
  }
  if (top === null) {
    if (nativeTimer !== null) nativeClearTimeout(nativeTimer);
    nativeTimer = null;
    keepAlive.release();
    armedKey = Infinity;
  } else if (nativeTimer === null || top.key !== armedKey) {
    arm(top, clock.now(), true); // only ever called by the pass
  } else if (top.due > armedDue) {
    rearmForLaterDue(top);
  }
}

// The pass armed the native timer for the bucket its first re-armed timer landed in, and later
// timers of the pass joined that bucket with later deadlines. Node's timer wakes at a whole
// millisecond of libuv's clock counted from the one it was armed in: once the pass has crossed
// into the next one, that wake can come before the bucket is due, and then finds nothing to
// run, and sleeps again: a third of the wake-ups of ten concurrent 1 ms loops whose pass takes
// half a millisecond found nothing due (test/wakeups.test.js, HISTORY). Armed again from the
// pass's end, the wake comes after the bucket's last deadline, unless some other event brings a
// loop turn in between. A bucket already due keeps the wake it has: the next loop turn, as in
// Node.
function rearmForLaterDue(bucket) {
  const now = clock.now();
  if (bucket.due > now) arm(bucket, now, true);
}

// --- the pass --------------------------------------------------------------------------

var immediates = null; // ./immediates, which requires this module: loaded on first use

function onNativeTimeout() {
  run.enterPass(passSource, true);
  firingTimer = nativeTimer; // the one armed native timer: this one
  nativeTimer = null;
  keepAlive.release();
  armedKey = Infinity;
  if (immediates === null) immediates = require('./immediates');
  if (immediates.hasInterruptedPass()) finishImmediatesFirst();
  interrupted = false; // a fresh pass runs whatever an interrupted one left, in order
  runPass(clock.now());
}

// The rest of an immediate pass a callback threw out of comes first (see there). It may throw
// again: keep a native timer armed meanwhile, so that our own pass still gets its turn.
function finishImmediatesFirst() {
  armNative(1); // not in place: noteArmed() below replaces what was recorded for the firing one
  run.noteArmed(passSource, false);
  armedKey = -Infinity; // timers created meanwhile run from that native timer at the latest
  immediates.finishInterruptedPass();
  nativeClearTimeout(nativeTimer);
  nativeTimer = null;
  keepAlive.release();
  armedKey = Infinity;
}

function runPass(now) {
  pass.now = now;
  let completed = false;
  try {
    runDue();
    completed = true;
  } finally {
    // After a throw, Node runs the remaining due timers right after the exception is handled
    // (or the process dies first): resume from a nextTick, with the same clock.
    if (completed) {
      armForEarliest();
    } else {
      interrupted = true;
      nextTick(resumePass);
    }
    firingTimer = null; // only ever re-armed by its own pass, from inside its callback
  }
}

function resumePass() {
  if (!interrupted) return;
  interrupted = false;
  run.enterPass(passSource, false); // from a tick or the other scheduler's callback
  runPass(pass.now);
}

/**
 * Runs what is left of a pass a callback threw out of, if any. The nextTick that resumes it
 * normally runs right after the uncaught exception is handled; but after a throw from a pass
 * that was itself resumed from a tick, Node leaves the rest of the tick queue for the next
 * callback it makes, and that is the check phase: immediates.js calls this first, so the rest
 * of the timers phase still comes before the immediates (and their ticks), as in Node.
 */
function finishInterruptedPass() {
  resumePass();
  // The pass's last callback returned: Node drains its ticks and promise jobs before the next
  // phase begins.
  run.drainTicks();
}

/** Whether a pass was interrupted by a throw and has not been finished yet. */
function hasInterruptedPass() {
  return interrupted;
}

// The pass and its callback source (see run.js, "A scheduler's pass").
var drainBetween = true; // options.drainBetweenCallbacks, read once per pass
// The due bucket the pass is emptying, or null. It stays the heap's top until it is empty:
// timers created or re-armed during the pass are due after the pass's time, so they land in
// buckets of later keys, never in it. So the pass peeks the heap once per bucket, not per timer.
var dueBucket = null;

// The pass's loop (see run.js), with the common case -- a callback that runs right in the pass's
// context -- fired here: a loop of our own is monomorphic, and one try/finally around the whole
// pass replaces one per callback (together about 20 of the 600 instructions a timeout costs).
// Timers that must run in a context of their own go through run.fireInContext(), which fires
// them with passSource.fire().
function runDue() {
  passSource.drainDue = false;
  dueBucket = null;
  drainBetween = options.drainBetweenCallbacks;
  let firing = null; // the timer whose callback is running, if it throws
  try {
    for (;;) {
      if (passSource.drainDue === true) {
        passSource.drainDue = false;
        run.drainTicks();
      }
      const timer = passSource.peek();
      if (timer === null) return;
      if (run.runsInPlace(timer._context)) {
        take(timer);
        firing = timer;
        runCallback(timer);
        firing = null;
        const flags = timer._flags;
        // A timeout that fired and stayed fired, with no id to drop: afterCallback() and
        // retire() written out for that case, with one read of the flags. Calling them here
        // instead (or retire() given the flags read) costs about 9 instructions more per
        // timeout (`node bench/floor/functions.js`, drain off, Node 20: runDue 129.5 vs 120).
        if ((flags & (DESTROYED | REPEAT | HAS_ID)) === 0 && timer._next === null) {
          timer._flags = flags | DESTROYED;
          if ((flags & REFED) !== 0) keepAlive.removeRefed();
          else keepAlive.removeUnrefed();
        } else {
          afterCallback(timer);
        }
      } else {
        run.fireInContext(passSource, timer);
      }
    }
  } finally {
    if (firing !== null) afterCallback(firing);
  }
}

const passSource = {
  shared: sharedCapture,
  drainDue: false,
  home: null,
  homeEpoch: 0,
  homeKey: run.NO_KEY,
  armedHome: null,
  armedEpoch: 0,

  /** The timer that runs next, or null: nothing more is due at the pass's time. */
  peek() {
    const bucket = dueBucket;
    if (bucket !== null && bucket._next !== bucket) return bucket._next;
    return peekNextBucket();
  },

  /** Takes `timer` (returned by peek()) out of its bucket and runs its callback. */
  fire(timer) {
    take(timer);
    try {
      runCallback(timer);
    } finally {
      afterCallback(timer);
    }
  },
};

// Takes `timer`, the timer peek() returned, out of its bucket, before its callback runs. It is
// the first of dueBucket: unlink() as it applies to that case, where the node before the timer
// is known to be the bucket, and the node after it is told apart, as in link() (in unlink()
// either may be a bucket or a timer, which costs V8 a two-map check per store).
//
// The timer's own links are cleared by detach(), as in unlink() (see there for why).
function take(timer) {
  const bucket = dueBucket;
  const next = timer._next;
  bucket._next = next;
  detach(timer);
  if (next === bucket) {
    bucket._prev = bucket;
    bucketEmptied();
  } else {
    next._prev = bucket;
  }
  if (drainBetween === true) passSource.drainDue = true; // false until now: see run.js
  if ((timer._flags & REPEAT) !== 0) armForNextRun(timer);
}

// An interval runs again one period after the pass's start, however long its callback takes:
// Node re-inserts it from the loop time it read before the callback. So the native timer is
// armed for that run before the callback, as Node's would be. Armed after it, from then, a
// callback that ran past its period left its next run waiting one more millisecond.
// afterCallback() places the interval in that bucket; if the callback cleared it or changed
// its delay, the pass's end re-arms for whatever is earliest.
function armForNextRun(timer) {
  const deadline = pass.now + delayOf(timer);
  const key = clock.bucketKey(deadline);
  if (key < armedKey) armFor(key, deadline, clock.now(), false);
}

// Runs the taken timer's callback: `_onTimeout`, with the timer as `this` and its arguments.
function runCallback(timer) {
  const callback = timer._onTimeout;
  if (typeof callback === 'function') run.invoke(callback, timer, timer._args, timer._flags & ARGS_SHAPE);
  else runUncallable(timer);
}

// A due timer whose `_onTimeout` a program replaced with something it cannot call. Node skips
// one whose `_onTimeout` is falsy, as cleared (an interval too: it is not re-armed), and calls
// anything else, so it throws V8's TypeError, worded for Node's own call expression.
function runUncallable(timer) {
  if (!timer._onTimeout) {
    retire(timer);
    return;
  }
  const args = run.unpackArgs(timer._args, timer._flags & ARGS_SHAPE);
  if (args === undefined) timer._onTimeout();
  else Reflect.apply(timer._onTimeout, timer, args);
}

// Finds the next due bucket with timers in it, dropping empty ones: its first timer, or null.
function peekNextBucket() {
  for (;;) {
    const bucket = heap.peek();
    if (bucket === null || bucket.due > pass.now) {
      dueBucket = null;
      return null;
    }
    if (bucket._next !== bucket) {
      dueBucket = bucket;
      return bucket._next;
    }
    discardTopBucket();
  }
}

// Re-arms an interval (from the pass's start, start to start) or retires a fired timeout.
function afterCallback(timer) {
  const flags = timer._flags;
  if ((flags & DESTROYED) !== 0) {
    // Cleared by its own callback, or skipped for a falsy `_onTimeout` (runUncallable()).
    if (EMPTIES_CLEARED) empty(timer);
    return;
  }
  if ((flags & REPEAT) === 0 && timer._next === null) {
    retire(timer);
    return;
  }
  // Still pending: an interval, or a timeout its callback refreshed.
  timer._context = run.contextAfterCallback(timer._context, sharedCapture);
  if ((flags & REPEAT) !== 0) {
    if (timer._next !== null) unlink(timer); // refreshed by its callback: the period wins
    const bucket = link(timer, pass.now);
    // take() armed for this bucket already, unless the callback changed the delay. Armed from
    // the time now, not the pass's: an interval due at once must not wait a period from now.
    if (bucket.key < armedKey) arm(bucket, clock.now(), false);
  }
}

// What the running Node's own Timeout looks like: a cleared one (`cleared`), for its class and
// what clearing leaves in it, and `clockOffset`, what to add to our clock to get libuv's, whose
// whole milliseconds Node's `_idleStart` holds. A native timer created between two of our clock
// reads tells the offset within a millisecond; of three such timers, the one with the narrowest
// window is kept, so one preempted midway does not skew it. Three native timers in all, at load.
function probeNativeTimeouts() {
  let cleared = null;
  let clockOffset = 0;
  let narrowest = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = clock.now();
    const timer = nativeSetTimeout(function probe() {}, 1);
    const after = clock.now();
    nativeClearTimeout(timer);
    cleared = timer;
    if (after - before < narrowest) {
      narrowest = after - before;
      // Node read its clock between `before` and `after`, and kept the whole ms: our clock plus
      // the offset fell within that ms then. The middle of it is the best guess.
      clockOffset = timer._idleStart + 0.5 - (before + after) / 2;
    }
  }
  return { cleared, clockOffset };
}

module.exports = {
  Timeout,
  NativeTimeout,
  setTimeout,
  setInterval,
  clearTimeout,
  clearInterval,
  createTimeout,
  counts,
  finishInterruptedPass,
  hasInterruptedPass,
};
