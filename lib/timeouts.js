'use strict'

// Timeouts and intervals: Timeout objects, and the scheduler that runs them on ONE native timer.
//
// HOW: every pending timer sits in a Bucket, a FIFO circular doubly-linked list of the timers
// due in the same whole millisecond (the bucket is its own list's sentinel); buckets sit in a
// binary min-heap by that millisecond, and are found by it in a small ring (a Map past it).
//   - insert, clear, fire: O(1) within a bucket (`lastBucket` skips even the ring lookup for a
//     burst of same-delay timers); a new bucket, or a pass taking a due one: O(log n);
//   - emptied buckets stay in the heap for reuse, compacted before they outnumber live ones.
// One native timer is armed for the earliest bucket's latest deadline, ref'd only while a ref'd
// timeout is pending, and re-armed in place with refresh() by a pass that needs the same delay.
// WHY: a deadline always starts from a fresh clock read, and a bucket runs only once the clock
// has reached its latest deadline, so no timer fires early; equal deadlines run in creation
// order and earlier ones first. A Timeout has eight fields (states, argument shape and id packed
// in `_flags`). docs/design.md has the long story and the V8 constraints behind the code.

const { MinHeap } = require('./heap')
const clock = require('./clock')
const { coerceDelay, throwInvalidCallback, TIMEOUT_MAX } = require('./errors')
const { defineInspector, timeoutInspector } = require('./inspect')
const { KeepAlive } = require('./keepalive')
const { probeNativeTimeouts } = require('./native-probes')
const { HAS_ID, idOf, giveId, registerId, forgetId, timerById } = require('./timeout-ids')
const { defineNodeFields, kept, settlePeriod } = require('./timeout-fields')
const { options } = require('./options')
const callbacks = require('./callbacks')
const asyncContext = require('./async-context')
const domains = require('./domains')
const { defineDomainField } = domains

const { ARGS_LIST, ARGS_ONE, ARGS_TWO, ARGS_SHAPE, ExtraArgs } = callbacks
const { timerContext } = asyncContext
// Called by name rather than as `Math.floor()`: a call through `Math` is 8 more bytes of bytecode
// in link(), which V8 inlines into every creation within a budget (see setTimeout()).
const { floor, ceil } = Math

// Native functions, captured before anyone (install() included) can replace them.
const nativeSetTimeout = globalThis.setTimeout
const nativeSetInterval = globalThis.setInterval
const nativeClearTimeout = globalThis.clearTimeout
const nextTick = process.nextTick
const sharedCapture = asyncContext.sharedCapture('Timeout') // see asyncContext.timerContext()
const nativeProbe = probeNativeTimeouts() // see native-probes.js
const NativeTimeout = nativeProbe.cleared.constructor
const nativeRefresh = NativeTimeout.prototype.refresh
// What a cleared timer keeps, read from the running Node's own: Node 24.21 and 26 empty its
// `_onTimeout` and `_timerArgs` (undefined); older Nodes null `_onTimeout`, keep the arguments.
const EMPTIES_CLEARED = nativeProbe.cleared._onTimeout === undefined
// Node's `_idleStart` is libuv's clock as the timer was armed: whole milliseconds since the loop's
// start, `performance.now()` plus a constant of the process (-5 to -165 ms here), rounded down.
const LIBUV_CLOCK_OFFSET = nativeProbe.clockOffset

// `_flags` bits
const REFED = 1 // the timer keeps the process alive while pending
const DESTROYED = 4 // not pending: fired or cleared (Node's `_destroyed`)
const REPEAT = 8 // an interval
const CLEARED = 16 // cleared: never runs again, refresh() is a no-op (Node's `_idleTimeout` -1)
// 32 and 64: the shape of `_args` (callbacks.ARGS_SHAPE)
// 2: HAS_ID (timeout-ids.js); above the flag bits, from bit 7: the id number

const EMPTY_BUCKET_SLACK = 64

class Bucket {
  constructor (key) {
    this.key = key
    this.heapIndex = -1
    this.due = key - 1 // the latest deadline placed in it: it runs once the clock reaches that
    // The list's sentinel: `_next` is the first timer, `_prev` the last; itself when empty.
    this._prev = this
    this._next = this
  }
}

// The module's mutable state is `var`, not `let`, as in immediates.js: V8 checks a `let` read from
// inside a function for its temporal dead zone on every read.
const heap = new MinHeap()
const RING_SIZE = 64 // a power of two
const ring = new Array(RING_SIZE).fill(null)
const bucketsByKey = new Map() // the buckets that found their ring slot taken
var farBuckets = 0 // how many: while none, a key not in the ring has no bucket
var lastBucket = null
var emptyBuckets = 0

// Counts the pending timeouts (created or revived, not yet fired or cleared), and which are ref'd.
const keepAlive = new KeepAlive()

var nativeTimer = null
var nativeDelay = 0 // the delay nativeTimer was armed with
var armedKey = Infinity
// The native timer whose callback is running the pass, while it may be re-armed in place.
var firingTimer = null

var interrupted = false // a callback threw: the rest of the pass is still due
// The pass's clock reading and the deadline armed for (in armedKey's bucket), in fields: V8 keeps
// a field that has held a fraction as a double it updates in place, where each write of a module
// variable boxes a new number, which the write barrier records as a young object in an old one.
const pass = { now: 0.5 }
const armed = { due: Infinity }

class Timeout {
  // `context`: timerContext(sharedCapture), read before the timer is allocated: V8 then writes
  // every field with the allocation (see immediates.js's enqueue()).
  constructor (callback, after, args, flags, context) {
    // Stored twice on purpose. V8 keeps a field that has only ever held numbers as a boxed
    // double (16 more bytes per timer) for every Timeout once one delay had a fraction; a
    // field that first held a non-number stays tagged, so whole delays stay unboxed.
    this._delay = null
    this._delay = after
    this._idleStart = null // Node's: set when linked; tagged too, as `_delay`
    this._onTimeout = callback
    this._prev = null
    this._next = null
    this._args = args
    this._flags = flags
    this._context = context
  }

  /** Re-arms the timer from now, reviving it if it already fired; no-op once cleared pending. */
  refresh () {
    // Cleared while pending is final (Node's `_idleTimeout` -1). One cleared after it fired is
    // revived as in Node, and skipped when it comes due, as its `_onTimeout` is empty.
    if ((this._flags & CLEARED) !== 0) return this
    if (this._next !== null) unlink(this)
    else if ((this._flags & DESTROYED) !== 0) revive(this)
    place(this, clock.now())
    return this
  }

  ref () {
    if ((this._flags & REFED) === 0) {
      this._flags |= REFED
      if ((this._flags & DESTROYED) === 0) keepAlive.refOne()
    }
    return this
  }

  unref () {
    if ((this._flags & REFED) !== 0) {
      this._flags &= ~REFED
      if ((this._flags & DESTROYED) === 0) keepAlive.unrefOne()
    }
    return this
  }

  hasRef () {
    return (this._flags & REFED) !== 0
  }

  close () {
    clearTimeout(this)
    return this
  }

  /** The numeric id `clearTimeout` accepts; registered while the timer is pending. */
  [Symbol.toPrimitive] () {
    const id = idOf(this) || giveId(this)
    if ((this._flags & (DESTROYED | HAS_ID)) === 0) registerId(this, id)
    return id
  }
}

// Node's fields that packages read and write (`_idleTimeout`, `_repeat`, `_idleNext`, ...),
// derived from the timer's own (timeout-fields.js).
defineNodeFields(Timeout, { CLEARED, DESTROYED, REPEAT, cancelPending })
defineDomainField(Timeout.prototype)

if (typeof Symbol.dispose === 'symbol') {
  Timeout.prototype[Symbol.dispose] = function dispose () {
    clearTimeout(this)
  }
}

// As on Node's Timeout prototype, where they are assigned rather than declared in the class:
// `for...in` over a timer lists `close`.
for (const key of ['close', Symbol.toPrimitive]) {
  Object.defineProperty(Timeout.prototype, key, { enumerable: true })
}
defineInspector(Timeout, timeoutInspector(isBucket)) // see inspect.js

function isBucket (node) {
  return node instanceof Bucket
}

/**
 * setTimeout(callback[, delay[, ...args]]), as Node's. One creation path for every argument case,
 * so that it stays within V8's inlining budget (docs/design.md, "Inlining budget").
 */
function setTimeout (callback, after, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throwInvalidCallback(callback)
  const argc = arguments.length
  let args
  let flags = REFED
  if (argc > 2) {
    // Two extra arguments leave `arg3` undefined; ARGS_ONE to ARGS_THREE are the count times
    // ARGS_ONE (callbacks.js).
    args = argc === 3 ? arg1 : argc > 5 ? callbacks.packArgs(arguments, 2) : new ExtraArgs(arg1, arg2, arg3)
    if (argc <= 5) flags = REFED | (argc - 2) * ARGS_ONE
  }
  return startRefed(new Timeout(callback, coerceDelay(after), args, flags, timerContext(sharedCapture)))
}

/** setInterval(callback[, delay[, ...args]]), as Node's: written as setTimeout() (see there). */
function setInterval (callback, after, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throwInvalidCallback(callback)
  const argc = arguments.length
  let args
  let flags = REFED | REPEAT
  if (argc > 2) {
    args = argc === 3 ? arg1 : argc > 5 ? callbacks.packArgs(arguments, 2) : new ExtraArgs(arg1, arg2, arg3)
    if (argc <= 5) flags = REFED | REPEAT | (argc - 2) * ARGS_ONE
  }
  return startRefed(new Timeout(callback, coerceDelay(after), args, flags, timerContext(sharedCapture)))
}

// Our extra arguments are named, for speed; their `length` is the running Node's (2 from Node 22
// on, 5 on Node 18 and 20, which named them too).
Object.defineProperty(setTimeout, 'length', { value: nativeSetTimeout.length })
Object.defineProperty(setInterval, 'length', { value: nativeSetInterval.length })

/**
 * Clears a timeout or interval: one of ours or its numeric or string id; anything else as
 * Node's own clearTimeout does (a native Timeout or id created before install() is cleared).
 */
function clearTimeout (timer) {
  if (timer instanceof Timeout) cancel(timer)
  else if (timer !== null && timer !== undefined) clearForeign(timer)
}

/** clearInterval(timer): the same as clearTimeout, as in Node. */
function clearInterval (timer) {
  clearTimeout(timer)
}

/**
 * Internal: a Timeout that resolves a promise or drives an async iterator (promises.js); its
 * callback gets `arg` as its one argument.
 */
function createTimeout (callback, after, arg, isRepeat, refed) {
  const flags = ARGS_ONE | (isRepeat ? REPEAT : 0) | (refed ? REFED : 0)
  return start(new Timeout(callback, coerceDelay(after), arg, flags, timerContext(sharedCapture)))
}

/** Pending counts, for tests, leak checks and the benchmark. */
function counts () {
  return { pending: keepAlive.pending, refed: keepAlive.refed }
}

// --- lifecycle -------------------------------------------------------------------------

function start (timer) {
  if ((timer._flags & REFED) !== 0) keepAlive.addRefed()
  else keepAlive.addUnrefed()
  place(timer, clock.now())
  return timer
}

// start() for a timer known to be ref'd (setTimeout(), setInterval()), with place() written out:
// smaller where V8 inlines it into every creation (see setTimeout()).
function startRefed (timer) {
  keepAlive.addRefed()
  const now = clock.now()
  const bucket = link(timer, now)
  if (bucket.key < armedKey) arm(bucket, now, false)
  return timer
}

// A timeout refreshed after it fired (or was cleared then) is a new async resource in Node, made
// where refresh() is called: it runs in that context (its stores, its domain), not its first.
function revive (timer) {
  timer._context = timerContext(sharedCapture)
  timer._flags &= ~DESTROYED
  if ((timer._flags & REFED) !== 0) keepAlive.addRefed()
  else keepAlive.addUnrefed()
  const id = idOf(timer)
  if (id !== 0) registerId(timer, id)
}

function retire (timer) {
  // The flags are read once: every timer that fires comes through here.
  const flags = timer._flags
  timer._flags = (flags | DESTROYED) & ~HAS_ID
  if ((flags & REFED) !== 0) keepAlive.removeRefed()
  else keepAlive.removeUnrefed()
  if ((flags & HAS_ID) !== 0) forgetId(timer)
}

// Node's clearTimeout ignores a timer whose `_onTimeout` is empty (already cleared, or emptied
// by the program), and clears one with anything else there. The typeof comes first: on a
// function it settles the test, where V8's generic truthiness test costs a dozen instructions.
function cancel (timer) {
  const callback = timer._onTimeout
  if (typeof callback !== 'function' && !callback) return
  cancelPending(timer)
}

function cancelPending (timer) {
  if ((timer._flags & DESTROYED) === 0) {
    timer._flags |= CLEARED
    if (timer._next === null) {
      // Its own callback is running: `_onTimeout` is null and the arguments are kept until it
      // returns, when Nodes that empty cleared timers empty it (afterCallback()).
      timer._onTimeout = null
      retire(timer)
      return
    }
    unlink(timer)
    retire(timer)
  }
  if (EMPTIES_CLEARED) empty(timer)
  else timer._onTimeout = null
}

// Drops a cleared timer's callback and arguments, as Node 24.21 and 26 do (EMPTIES_CLEARED).
function empty (timer) {
  timer._onTimeout = undefined
  timer._args = undefined
  timer._flags &= ~ARGS_SHAPE
}

// Anything that is not ours, nor one of our ids, goes to Node's own clearTimeout, which applies
// Node's rule to it: a native Timeout or its id is cleared, and so is an object enrolled with
// the deprecated `timers.enroll()` (Node 18 to 22); any object with an `_onTimeout` gets Node's
// fields written into it (a frozen one throws, as in Node); everything else is ignored.
function clearForeign (value) {
  if (typeof value === 'number' || typeof value === 'string') {
    const timer = timerById(value)
    if (timer !== undefined) {
      cancel(timer)
      return
    }
  }
  nativeClearTimeout(value)
}

// --- buckets ---------------------------------------------------------------------------

/**
 * Appends `timer` to the bucket of its deadline, `now` + its truncated delay, and arms the native
 * timer for that bucket if it is now the earliest. `now` is the time now (a fresh clock read).
 */
function place (timer, now) {
  const bucket = link(timer, now)
  if (bucket.key < armedKey) arm(bucket, now, false)
}

// Appends `timer` to the bucket of its deadline, `now` + delayOf(timer): the bucket.
function link (timer, now) {
  const deadline = now + delayOf(timer)
  // Node's field, as Node sets it (programs add `_idleTimeout` to tell when a timer fires). Whole
  // ms, as a fraction would be boxed: 16 more bytes per timer.
  timer._idleStart = floor(now + LIBUV_CLOCK_OFFSET)
  const key = ceil(deadline) // clock.bucketKey(), written out to keep link() small
  let bucket = lastBucket
  if (bucket === null || bucket.key !== key || bucket.heapIndex < 0) bucket = bucketOf(key)
  const tail = bucket._prev
  timer._prev = tail
  timer._next = bucket
  // The node before is the bucket or a timer: one store each, so that each store site only
  // ever sees one hidden class (one store for both checked two maps, about 10 instructions).
  if (tail === bucket) {
    emptyBuckets--
    bucket._next = timer
  } else {
    tail._next = timer
  }
  bucket._prev = timer
  if (deadline > bucket.due) bucket.due = deadline
  return bucket
}

// The timer's delay as its deadlines use it: truncated, and at least 1 ms. Below 1 only when a
// program wrote Node's `_idleTimeout` field (any value goes there). Such a timer re-armed
// during a pass could land in the due bucket the pass is running, and a 0 ms interval would
// then run again and again in one pass, never yielding to the loop.
function delayOf (timer) {
  const delay = timer._delay | 0
  return delay < 1 ? 1 : delay
}

// The bucket of `key`, made if there is none; apart from link() to keep link() inlinable. A
// bucket found becomes `lastBucket`; one just made does not, until a second timer finds it
// (docs/design.md, "Write barriers").
function bucketOf (key) {
  const bucket = ring[key & (RING_SIZE - 1)]
  if (bucket !== null && bucket.key === key) return (lastBucket = bucket)
  return farBuckets === 0 ? newBucket(key) : farBucket(key)
}

function farBucket (key) {
  const bucket = bucketsByKey.get(key)
  return bucket === undefined ? newBucket(key) : (lastBucket = bucket)
}

function newBucket (key) {
  const bucket = new Bucket(key)
  const slot = key & (RING_SIZE - 1)
  if (ring[slot] === null) {
    ring[slot] = bucket
  } else {
    bucketsByKey.set(key, bucket)
    farBuckets++
  }
  heap.push(bucket)
  emptyBuckets++
  return bucket
}

// Drops `bucket`, empty and out of the heap, from the ring or the Map.
function forget (bucket) {
  const slot = bucket.key & (RING_SIZE - 1)
  if (ring[slot] === bucket) {
    ring[slot] = null
  } else {
    bucketsByKey.delete(bucket.key)
    farBuckets--
  }
}

function unlink (timer) {
  const prev = timer._prev
  const next = timer._next
  prev._next = next
  next._prev = prev
  detach(timer)
  // In a ring with a sentinel, neighbours are one node only when that node is the bucket,
  // now empty.
  if (prev === next) bucketEmptied()
}

// Clears a timer's links. Its own function, so that its stores have feedback slots that only
// ever see a Timeout (docs/design.md, "Feedback slots").
function detach (timer) {
  timer._prev = timer._next = null
}

// A bucket lost its last timer: it stays in the heap, until empty buckets outnumber the others
// (plus slack).
function bucketEmptied () {
  if (++emptyBuckets > heap.size - emptyBuckets + EMPTY_BUCKET_SLACK) compactBuckets()
}

function compactBuckets () {
  heap.removeWhere(isEmptyBucket)
  emptyBuckets = 0
}

function isEmptyBucket (bucket) {
  if (bucket._next !== bucket) return false
  forget(bucket)
  return true
}

function discardTopBucket () {
  const bucket = heap.pop()
  forget(bucket)
  emptyBuckets--
}

// --- the native timer ------------------------------------------------------------------

// Node's timer fires at the first loop turn whose whole-ms loop time has reached start + delay,
// so asking for ceil(due - now) ms wakes us at or just after `due`; an early wake re-arms.
// `atPassLevel`: called by the pass itself, outside any callback (see noteArmed()). A pass
// that needs the same delay re-arms the running native timer in place (docs/design.md, "The
// native timer").
function arm (bucket, now, atPassLevel) {
  armFor(bucket.key, bucket.due, now, atPassLevel)
}

// arm() for the bucket of `key` whose latest deadline is `due`, which may not exist yet. A
// deadline of now + 2**31-1 can come back from `due - now` a hair above, and Node takes 2**31 as
// too long (a warning, and 1 ms): the largest delay stays Node's largest.
function armFor (key, due, now, atPassLevel) {
  let delay = Math.ceil(due - now)
  if (delay < 1) delay = 1
  else if (delay > TIMEOUT_MAX) delay = TIMEOUT_MAX
  armedKey = key
  armed.due = due
  if (firingTimer !== null && delay === nativeDelay && asyncContext.armedContextHolds(passSource)) {
    rearmInPlace(firingTimer)
  } else {
    armNative(delay)
    asyncContext.noteArmed(passSource, atPassLevel)
  }
}

function armNative (delay) {
  firingTimer = null // it fired or is cleared here: refresh() would not bring it back
  if (nativeTimer !== null) nativeClearTimeout(nativeTimer)
  nativeTimer = domains.outsideDomain(nativeSetTimeout, onNativeTimeout, delay)
  nativeDelay = delay
  keepAlive.adopt(nativeTimer)
}

// It stays `firingTimer`: a later arm in the same pass may refresh it again.
function rearmInPlace (timer) {
  nativeRefresh.call(timer)
  nativeTimer = timer
  keepAlive.readopt(timer)
}

function armForEarliest () {
  let top = heap.peek()
  while (top !== null && top._next === top) {
    discardTopBucket()
    top = heap.peek()
  }
  if (top === null) {
    if (nativeTimer !== null) nativeClearTimeout(nativeTimer)
    nativeTimer = null
    keepAlive.release()
    armedKey = Infinity
  } else if (nativeTimer === null || top.key !== armedKey) {
    arm(top, clock.now(), true) // only ever called by the pass
  } else if (top.due > armed.due) {
    rearmForLaterDue(top)
  }
}

// The pass re-armed timers into the bucket it armed for, with later deadlines: Node's timer
// could wake before that bucket is due once the pass crossed a millisecond, find nothing and
// sleep again, so arm again from the pass's end (docs/design.md, "Wake-ups that run nothing").
function rearmForLaterDue (bucket) {
  const now = clock.now()
  if (bucket.due > now) arm(bucket, now, true)
}

// --- the pass --------------------------------------------------------------------------

// The immediates' interrupted-pass hand-off (see finishImmediatesFirst()). immediates.js,
// which requires this module, registers its two functions as it loads (registerImmediates()),
// so that neither module requires the other at run time.
var immediatesInterrupted = noInterruptedPass
var finishImmediatesPass = noInterruptedPass

function noInterruptedPass () {
  return false
}

/** Called once by immediates.js as it loads: the functions of its interrupted-pass hand-off. */
function registerImmediates (hasInterruptedPass, finishInterruptedPass) {
  immediatesInterrupted = hasInterruptedPass
  finishImmediatesPass = finishInterruptedPass
}

function onNativeTimeout () {
  asyncContext.enterPass(passSource, true)
  firingTimer = nativeTimer // the one armed native timer: this one
  nativeTimer = null
  keepAlive.release()
  armedKey = Infinity
  if (immediatesInterrupted()) finishImmediatesFirst()
  interrupted = false // a fresh pass runs whatever an interrupted one left, in order
  runPass(clock.now())
}

// The rest of an immediate pass a callback threw out of comes first (see there). It may throw
// again: keep a native timer armed meanwhile, so that our own pass still gets its turn.
function finishImmediatesFirst () {
  armNative(1) // not in place: noteArmed() below replaces what was recorded for the firing one
  asyncContext.noteArmed(passSource, false)
  armedKey = -Infinity // timers created meanwhile run from that native timer at the latest
  finishImmediatesPass()
  nativeClearTimeout(nativeTimer)
  nativeTimer = null
  keepAlive.release()
  armedKey = Infinity
}

function runPass (now) {
  pass.now = now
  let completed = false
  try {
    runDue()
    completed = true
  } finally {
    // After a throw, Node runs the remaining due timers right after the exception is handled
    // (or the process dies first): resume from a nextTick, with the same clock.
    if (completed) {
      armForEarliest()
    } else {
      interrupted = true
      // Outside any domain the throwing callback ran in, or the rest of the pass would run in it.
      domains.outsideDomain(nextTick, resumePass)
    }
    firingTimer = null // only ever re-armed by its own pass, from inside its callback
  }
}

function resumePass () {
  if (!interrupted) return
  interrupted = false
  asyncContext.enterPass(passSource, false) // from a tick or the other scheduler's callback
  runPass(pass.now)
}

/**
 * Runs what is left of a pass a callback threw out of, if any. The nextTick that resumes it
 * normally runs right after the uncaught exception is handled; but after a throw from a pass
 * that was itself resumed from a tick, Node leaves the rest of the tick queue for the next
 * callback it makes, and that is the check phase: immediates.js calls this first, so the rest
 * of the timers phase still comes before the immediates (and their ticks), as in Node.
 */
function finishInterruptedPass () {
  resumePass()
  // The pass's last callback returned: Node drains its ticks and promise jobs before the next
  // phase begins.
  callbacks.drainTicks()
}

/** Whether a pass was interrupted by a throw and has not been finished yet. */
function hasInterruptedPass () {
  return interrupted
}

// The pass and its callback source (see async-context.js, "A scheduler's pass").
var drainBetween = true // options.drainBetweenCallbacks, read once per pass
// The due bucket the pass is emptying, or null. It stays the heap's top until it is empty:
// timers created or re-armed during the pass are due after the pass's time, so they land in
// buckets of later keys, never in it. So the pass peeks the heap once per bucket, not per timer.
var dueBucket = null

// The pass's loop (see async-context.js), with the common case, a callback that runs right in
// the pass's context, fired here; the others go through fireInContext() (docs/design.md).
function runDue () {
  passSource.drainDue = false
  dueBucket = null
  drainBetween = options.drainBetweenCallbacks
  let firing = null // the timer whose callback is running, if it throws
  try {
    for (;;) {
      if (passSource.drainDue === true) {
        passSource.drainDue = false
        callbacks.drainTicks()
      }
      const timer = passSource.peek()
      if (timer === null) return
      if (asyncContext.runsInPlace(timer._context)) {
        take(timer)
        firing = timer
        runCallback(timer)
        firing = null
        const flags = timer._flags
        // A timeout that fired and stayed fired, with no id to drop: afterCallback() and
        // retire() written out for that case, with one read of the flags. Calling them here
        // instead (or retire() given the flags read) costs about 9 instructions more per
        // timeout (`node tools/functions.js`, drain off, Node 20: runDue 129.5 vs 120).
        if ((flags & (DESTROYED | REPEAT | HAS_ID)) === 0 && timer._next === null) {
          timer._flags = flags | DESTROYED
          if ((flags & REFED) !== 0) keepAlive.removeRefed()
          else keepAlive.removeUnrefed()
        } else {
          afterCallback(timer)
        }
      } else {
        asyncContext.fireInContext(passSource, timer)
      }
    }
  } finally {
    if (firing !== null) afterCallback(firing)
  }
}

const passSource = {
  shared: sharedCapture,
  drainDue: false,
  home: null,
  homeEpoch: 0,
  homeKey: asyncContext.NO_KEY,
  armedHome: null,
  armedEpoch: 0,

  /** The timer that runs next, or null: nothing more is due at the pass's time. */
  peek () {
    const bucket = dueBucket
    if (bucket !== null && bucket._next !== bucket) return bucket._next
    return peekNextBucket()
  },

  /** Takes `timer` (returned by peek()) out of its bucket and runs its callback. */
  fire (timer) {
    take(timer)
    try {
      runCallback(timer)
    } finally {
      afterCallback(timer)
    }
  },
}

// Takes `timer`, the first of dueBucket, out of it before its callback runs: unlink() for the
// case where the node before it is known to be the bucket (docs/design.md, "Feedback slots").
function take (timer) {
  const bucket = dueBucket
  const next = timer._next
  bucket._next = next
  detach(timer)
  if (next === bucket) {
    bucket._prev = bucket
    bucketEmptied()
  } else {
    next._prev = bucket
  }
  if (drainBetween === true) passSource.drainDue = true // false until now: see async-context.js
  if ((timer._flags & REPEAT) !== 0) armForNextRun(timer)
}

// An interval runs again one period after the pass's start, as Node re-inserts it from the
// loop time read before the callback: so the native timer is armed for that run before the
// callback runs. afterCallback() places it (docs/design.md, "The passes").
function armForNextRun (timer) {
  const deadline = pass.now + delayOf(timer)
  const key = clock.bucketKey(deadline)
  if (key < armedKey) armFor(key, deadline, clock.now(), false)
}

// Runs the taken timer's callback: `_onTimeout`, with the timer as `this` and its arguments,
// called as a method in each argument shape (callbacks.js).
function runCallback (timer) {
  if (typeof timer._onTimeout !== 'function') return runUncallable(timer)
  const shape = timer._flags & ARGS_SHAPE
  const args = timer._args
  if (shape === ARGS_ONE) timer._onTimeout(args)
  else if (shape === ARGS_LIST) args === undefined ? timer._onTimeout() : Reflect.apply(timer._onTimeout, timer, args)
  else if (shape === ARGS_TWO) timer._onTimeout(args.first, args.second)
  else timer._onTimeout(args.first, args.second, args.third)
}

// A due timer whose `_onTimeout` a program replaced with something it cannot call. Node skips
// one whose `_onTimeout` is falsy, as cleared (an interval too: it is not re-armed), and calls
// anything else, so it throws V8's TypeError, worded for Node's own call expression.
function runUncallable (timer) {
  if (!timer._onTimeout) {
    retire(timer)
    return
  }
  const args = callbacks.unpackArgs(timer._args, timer._flags & ARGS_SHAPE)
  if (args === undefined) timer._onTimeout()
  else Reflect.apply(timer._onTimeout, timer, args)
}

// Finds the next due bucket with timers in it, dropping empty ones: its first timer, or null.
function peekNextBucket () {
  for (;;) {
    const bucket = heap.peek()
    if (bucket === null || bucket.due > pass.now) {
      dueBucket = null
      return null
    }
    if (bucket._next !== bucket) {
      dueBucket = bucket
      return bucket._next
    }
    discardTopBucket()
  }
}

// Re-arms an interval (from the pass's start, start to start) or retires a fired timeout.
function afterCallback (timer) {
  const flags = timer._flags
  if ((flags & DESTROYED) !== 0) {
    // Cleared by its own callback, or skipped for a falsy `_onTimeout` (runUncallable()).
    if (EMPTIES_CLEARED) empty(timer)
    return
  }
  if ((flags & REPEAT) === 0 && timer._next === null) {
    retire(timer)
    return
  }
  // A period the program changed through Node's fields (timeout-fields.js); `_idleTimeout` -1
  // stops the interval, which stays pending only if its callback refreshed it.
  const repeats = (flags & REPEAT) !== 0 && (kept.periods === false || settlePeriod(timer))
  if (!repeats && timer._next === null) {
    retire(timer)
    return
  }
  // Still pending: an interval, or a timeout its callback refreshed.
  timer._context = asyncContext.contextAfterCallback(timer._context, sharedCapture)
  if (repeats) {
    if (timer._next !== null) unlink(timer) // refreshed by its callback: the period wins
    const bucket = link(timer, pass.now)
    // take() armed for this bucket already, unless the callback changed the delay. Armed from
    // the time now, not the pass's: an interval due at once must not wait a period from now.
    if (bucket.key < armedKey) arm(bucket, clock.now(), false)
  }
}

module.exports = {
  Timeout,
  setTimeout,
  setInterval,
  clearTimeout,
  clearInterval,
  createTimeout,
  counts,
  finishInterruptedPass,
  hasInterruptedPass,
  registerImmediates,
}
