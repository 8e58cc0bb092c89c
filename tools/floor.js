'use strict'

// The floor: the least work a timer library can do per timer and still keep the semantics our
// performance targets are measured under. It is not a library; it exists to bound what any
// implementation of heaptimers' design can reach on a timerbench row, so that a missed target
// can be told apart from slack in heaptimers.
//
// Run it in heaptimers' place:
//   TIMERBENCH_LIB=tools/floor.js npx timerbench -s <rows> -i native,heaptimers
// (the `heaptimers` column then measures the floor).
//
// What it keeps, because Node's semantics (or our never-early promise) require it:
//   - a deadline from a fresh clock read per timeout (performance.now() + truncated delay);
//   - timeouts due in the same whole millisecond in one FIFO list, lists in deadline order;
//   - ONE native timer and ONE native immediate underneath, re-armed per pass (the timer in
//     place, with refresh(), when the next pass needs the same delay);
//   - immediates queued during a pass wait for the next loop turn (Node's rule);
//   - nextTicks and promise jobs drained between any two callbacks (Node's rule), unless
//     configure({ drainBetweenCallbacks: false }), the option those rows are measured with;
//   - `this` is the timer, extra arguments are passed (up to three kept by name, as heaptimers
//     keeps them: see ExtraArgs).
// One option drops a kept semantic on purpose, to measure it: with configure({ freshClock: false })
// a timeout starts from the pass's clock read when a timer callback creates it, and from one read
// per synchronous run otherwise, instead of a read of its own. That breaks Node's rule (its
// insert reads libuv's clock every time) and our never-early promise, so nothing else runs
// that way; it shows how much of a row the clock read per timeout costs.
// What it drops, each of which a faithful library must pay for: async context (AsyncLocalStorage),
// numeric ids, ref/unref (its native handles are always ref'd), exception safety (a throwing
// callback loses the rest of the pass), refresh(), delay coercion and warnings, argument
// validation beyond a typeof, memory release of cleared timeouts (clearing one only marks it;
// a cleared immediate is unlinked at once, as a faithful library must), and every
// Node-compatible field and method of Timeout and Immediate.

const nativeSetTimeout = globalThis.setTimeout
const nativeClearTimeout = globalThis.clearTimeout
const nativeSetImmediate = globalThis.setImmediate
const { performance } = require('perf_hooks')
const now = performance.now.bind(performance)
const drain = process._tickCallback

let drainBetween = true
let freshClock = true
let runNow = -1 // freshClock off: the one clock read of this synchronous run, -1 before it

// How a timer keeps its extra arguments (`args`): none; the one argument itself; two or three
// in an ExtraArgs; more in an array. An array per timer (Array.prototype.slice) cost more than
// all of heaptimers' own work on the rows with arguments, so the floor did not bound them.
const NO_ARGS = 0
const ONE_ARG = 1
const TWO_ARGS = 2
const THREE_ARGS = 3
const ARG_LIST = 4

// Two or three extra arguments in one object of three fields, as heaptimers keeps them.
class ExtraArgs {
  constructor (first, second, third) {
    this.first = first
    this.second = second
    this.third = third
  }
}

class Timer {
  constructor (callback, args, shape, delay, repeat) {
    this.callback = callback
    this.args = args
    this.shape = shape
    this.delay = delay
    this.repeat = repeat
    this.next = null
    this.cancelled = false
  }
}

/** Calls `callback` with `self` as `this` and the arguments kept as `args`, of `shape`. */
function invoke (callback, self, args, shape) {
  if (shape === NO_ARGS) return callback.call(self)
  if (shape === ONE_ARG) return callback.call(self, args)
  if (shape === TWO_ARGS) return callback.call(self, args.first, args.second)
  if (shape === THREE_ARGS) return callback.call(self, args.first, args.second, args.third)
  return callback.apply(self, args)
}

// A timer with one to three extra arguments (`count`), kept by name. A count of two or three is
// its shape too (TWO_ARGS, THREE_ARGS).
function timerWithArgs (callback, delay, repeat, count, arg1, arg2, arg3) {
  if (count === 1) return new Timer(callback, arg1, ONE_ARG, delay, repeat)
  return new Timer(callback, new ExtraArgs(arg1, arg2, arg3), count, delay, repeat)
}

// --- timeouts: FIFO lists per whole millisecond, in key order ----------------------------------

const buckets = [] // sorted by key; few at a time in every row this measures
let lastBucket = null
let nativeTimer = null
let nativeDelay = 0
let armedKey = Infinity
let inTimeoutPass = false
let passStart = 0

// When a new timeout starts: a fresh clock read, unless freshClock is off (see the top).
function startTime () {
  if (freshClock) return now()
  if (inTimeoutPass) return passStart
  if (runNow < 0) {
    runNow = now()
    queueMicrotask(forgetRunNow)
  }
  return runNow
}

function forgetRunNow () {
  runNow = -1
}

function place (timer, start) {
  const deadline = start + timer.delay
  const key = Math.ceil(deadline)
  let bucket = lastBucket
  if (bucket === null || bucket.key !== key || bucket.done) bucket = lastBucket = findBucket(key)
  if (bucket.tail === null) bucket.head = timer
  else bucket.tail.next = timer
  bucket.tail = timer
  if (deadline > bucket.due) bucket.due = deadline
  if (key < armedKey && !inTimeoutPass) arm(bucket, start)
}

function findBucket (key) {
  let i = buckets.length
  while (i > 0 && buckets[i - 1].key > key) i--
  if (i > 0 && buckets[i - 1].key === key) return buckets[i - 1]
  const bucket = { key, due: key - 1, head: null, tail: null, done: false }
  buckets.splice(i, 0, bucket)
  return bucket
}

// `firing`: the native timer whose callback is running the pass; it is re-armed in place
// (refresh()) when the delay is the same, as heaptimers does.
function arm (bucket, start, firing) {
  const delay = Math.max(1, Math.ceil(bucket.due - start))
  armedKey = bucket.key
  if (firing !== undefined && delay === nativeDelay) {
    firing.refresh()
    nativeTimer = firing
    return
  }
  if (nativeTimer !== null) nativeClearTimeout(nativeTimer)
  nativeTimer = nativeSetTimeout(onNativeTimeout, delay)
  nativeDelay = delay
}

function onNativeTimeout () {
  const firing = nativeTimer
  nativeTimer = null
  armedKey = Infinity
  const passNow = now()
  let ran = false
  inTimeoutPass = true
  passStart = passNow
  while (buckets.length > 0 && buckets[0].due <= passNow) {
    const bucket = buckets[0]
    let timer = bucket.head
    while (timer !== null) {
      bucket.head = timer.next
      if (bucket.head === null) bucket.tail = null
      timer.next = null
      if (!timer.cancelled) {
        if (ran && drainBetween) drain()
        ran = true
        invoke(timer.callback, timer, timer.args, timer.shape)
        if (timer.repeat && !timer.cancelled) place(timer, passNow)
      }
      timer = bucket.head
    }
    bucket.done = true
    buckets.shift()
  }
  inTimeoutPass = false
  if (buckets.length > 0) arm(buckets[0], now(), firing)
}

// `arguments` is read in the function itself, for its length (which V8 reads without making
// the object) and in the rare case of more than three extra arguments.
function setTimeout (callback, delay, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throw new TypeError('callback must be a function')
  const argc = arguments.length
  const ms = delay >= 1 ? delay | 0 : 1
  let timer
  if (argc <= 2) timer = new Timer(callback, undefined, NO_ARGS, ms, false)
  else if (argc <= 5) timer = timerWithArgs(callback, ms, false, argc - 2, arg1, arg2, arg3)
  else timer = new Timer(callback, Array.prototype.slice.call(arguments, 2), ARG_LIST, ms, false)
  place(timer, startTime())
  return timer
}

function setInterval (callback, delay, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throw new TypeError('callback must be a function')
  const argc = arguments.length
  const ms = delay >= 1 ? delay | 0 : 1
  let timer
  if (argc <= 2) timer = new Timer(callback, undefined, NO_ARGS, ms, true)
  else if (argc <= 5) timer = timerWithArgs(callback, ms, true, argc - 2, arg1, arg2, arg3)
  else timer = new Timer(callback, Array.prototype.slice.call(arguments, 2), ARG_LIST, ms, true)
  place(timer, startTime())
  return timer
}

function clearTimeout (timer) {
  if (timer instanceof Timer) timer.cancelled = true
}

// --- immediates: one doubly-linked FIFO list, detached per pass -------------------------------
// Doubly linked because clearing must unlink at once: a cleared immediate releases its memory
// (and its closure) then, as Node's does, not when the next pass walks past it.

class Immediate {
  constructor (callback, args, shape) {
    this.callback = callback
    this.args = args
    this.shape = shape
    this.prev = null
    this.next = null
    this.done = false // ran or cleared
  }
}

// A list's ends live in an object made afresh whenever the list starts, not in module
// variables: V8's write barrier takes its slow path on every store of a new object into an old
// one, and module variables are old (lib/immediates.js measured what that costs).
class List {
  constructor (head) {
    this.head = head
    this.tail = null
  }
}

let queue = new List(null)
let running = new List(null) // what is left of the pass's list
let nativeImmediate = null
let inPass = false

function setImmediate (callback, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throw new TypeError('callback must be a function')
  const argc = arguments.length
  let immediate
  if (argc <= 1) immediate = new Immediate(callback, undefined, NO_ARGS)
  else if (argc === 2) immediate = new Immediate(callback, arg1, ONE_ARG)
  else if (argc <= 4) immediate = new Immediate(callback, new ExtraArgs(arg1, arg2, arg3), argc - 1) // TWO_ARGS, THREE_ARGS
  else immediate = new Immediate(callback, Array.prototype.slice.call(arguments, 1), ARG_LIST)
  let list = queue
  const tail = list.tail
  immediate.prev = tail
  if (tail === null) queue = list = new List(immediate)
  else tail.next = immediate
  list.tail = immediate
  if (nativeImmediate === null && !inPass) nativeImmediate = nativeSetImmediate(onNativeImmediate)
  return immediate
}

function clearImmediate (immediate) {
  if (!(immediate instanceof Immediate) || immediate.done) return
  immediate.done = true
  immediate.callback = null
  const prev = immediate.prev
  const next = immediate.next
  if (prev !== null) prev.next = next
  else if (queue.head === immediate) queue.head = next
  else if (running.head === immediate) running.head = next
  if (next !== null) next.prev = prev
  else if (queue.tail === immediate) queue.tail = prev
  immediate.prev = immediate.next = null
}

function onNativeImmediate () {
  nativeImmediate = null
  const run = running = new List(queue.head)
  queue.head = queue.tail = null
  inPass = true
  let ran = false
  while (run.head !== null) {
    const immediate = run.head
    const next = immediate.next
    run.head = next
    if (next !== null) next.prev = null
    immediate.next = null
    immediate.done = true
    if (ran && drainBetween) drain()
    ran = true
    invoke(immediate.callback, immediate, immediate.args, immediate.shape)
  }
  inPass = false
  if (queue.head !== null) nativeImmediate = nativeSetImmediate(onNativeImmediate)
}

/** `drainBetweenCallbacks`, the option the rows measure it with, and `freshClock` (see the top). */
function configure (options) {
  if ('drainBetweenCallbacks' in options) drainBetween = options.drainBetweenCallbacks !== false
  if ('freshClock' in options) freshClock = options.freshClock !== false
}

module.exports = {
  setTimeout,
  clearTimeout,
  setInterval,
  clearInterval: clearTimeout,
  setImmediate,
  clearImmediate,
  configure,
}
