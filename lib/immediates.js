'use strict'

// Immediates: Immediate objects, and the queue that runs them on ONE native setImmediate.
//
// Data structures
// ---------------
// Pending immediates form a doubly-linked FIFO list. When the native immediate fires, the whole
// list is detached as the pass's generation 0 (the running list), so immediates queued while it
// runs wait in a fresh list, for the next loop turn: Node's rule. Clearing unlinks in O(1) from
// whichever list holds the immediate.
//
// Both lists' ends live in one List object (`queue`: the pending list's head and tail, and what
// is left of the running one), created afresh whenever the pending list starts (the first
// immediate queued into an empty queue), never in module variables. V8 records every store of a
// new object into an old one (a write barrier's slow path), and module variables are old:
// storing each new tail and head there was about a seventh of the instructions of queueing and
// running an immediate. A List made at the start of a burst is new
// itself, so stores into it take the barrier's fast path; and the pass's start writes only into
// it, so a setImmediate chain pays one such slow store per loop turn, not two.
//
// maxTickDepth (options.js) lets a pass take the fresh list as the next generation, up to that
// many extra generations, so a tail-recursive setImmediate loop runs maxTickDepth + 1 callbacks
// per loop turn instead of one. It is bounded, so I/O is never starved; 0 is Node's behaviour.
//
// The native immediate is ref'd only while a ref'd immediate is pending; between callbacks the
// pass drains nextTicks and promise jobs as Node does.

const { throwInvalidCallback } = require('./errors')
const { defineInspector, inspectImmediate } = require('./inspect')
const { KeepAlive } = require('./keepalive')
const { nativeClearedImmediate } = require('./native-probes')
const { options } = require('./options')
const callbacks = require('./callbacks')
const asyncContext = require('./async-context')
const domains = require('./domains')
const { defineDomainField } = domains
const timeouts = require('./timeouts')

const { ARGS_LIST, ARGS_ONE, ARGS_TWO, ARGS_THREE, ARGS_SHAPE, ExtraArgs } = callbacks
const nativeSetImmediate = globalThis.setImmediate
const nativeClearImmediate = globalThis.clearImmediate
const nextTick = process.nextTick
const sharedCapture = asyncContext.sharedCapture('Immediate') // see asyncContext.timerContext()
const nativeProbe = nativeClearedImmediate()
const NativeImmediate = nativeProbe.immediate.constructor
// What an immediate keeps once it ran or was cleared. Node 24.21 and 26 empty its `_onImmediate`
// and `_argv` (to undefined), so that it holds on to nothing; older Nodes set `_onImmediate` to
// null and keep the arguments. Read from the running Node's own cleared immediate.
const EMPTIES_FINISHED = nativeProbe.immediate._argv === undefined
// Node 24 and later do not clear an immediate whose `_onImmediate` a program emptied (it still
// runs, and throws); older Nodes clear it.
const CLEAR_SKIPS_EMPTIED = nativeProbe.skipsEmptied

// `_flags` bits
const REFED = 1 // keeps the process alive while pending
const DESTROYED = 4 // ran or cleared (Node's `_destroyed`)
// 32 and 64: the shape of `_args` (callbacks.ARGS_SHAPE)

// A List is `{ head, tail, runHead }`: `head` and `tail` the pending list's ends, `runHead` what
// is left of the generation being run. A literal, not a class: a List is made once per burst,
// and V8 allocates a function's type feedback only after several calls, so a List constructor
// that TurboFan inlined into a hot caller had no feedback for its stores and deoptimized that
// caller; recompiled, the caller no longer inlined setImmediate (Node 24). A literal's stores
// are enqueue()'s, which has feedback from its first call; a helper function returning the
// literal would have the constructor's problem again (it did, measured). Every List has this
// one shape: the literal below and the one in enqueue().
//
// The module's state is `var`, not `let`: V8 checks a `let` read from inside a function for its
// temporal dead zone on every read, a few instructions each, several times per immediate.
var queue = { head: null, tail: null, runHead: null }
var generation = 0

// Counts the pending immediates and which are ref'd, and holds the native immediate while one
// is armed: the one place it is kept, as each arm stores a new object into an old one (see the
// header).
const keepAlive = new KeepAlive()

var inPass = false
var interrupted = false // a callback threw: the rest of the pass runs before anything new

class Immediate {
  constructor (callback, args, flags, context) {
    this._onImmediate = callback
    this._prev = null
    this._next = null
    this._args = args
    this._flags = flags
    this._context = context
  }

  ref () {
    if ((this._flags & (DESTROYED | REFED)) === 0) {
      this._flags |= REFED
      keepAlive.refOne()
    }
    return this
  }

  unref () {
    if ((this._flags & (DESTROYED | REFED)) === REFED) {
      this._flags &= ~REFED
      keepAlive.unrefOne()
    }
    return this
  }

  /** As in Node, false once the immediate has run or been cleared. */
  hasRef () {
    return (this._flags & (DESTROYED | REFED)) === REFED
  }

  /** Node's field: true once the immediate has run or been cleared. */
  get _destroyed () {
    return (this._flags & DESTROYED) !== 0
  }

  // Node's own clearImmediate sets this on whatever it is given (after uninstall(), on an
  // immediate created while installed): cancel it rather than throw. Node has already
  // decremented its own immediate count by then, which no code outside Node can repair.
  set _destroyed (value) {
    if (value) clearImmediate(this)
  }

  /** Node's field for the extra arguments: undefined or an array (the same one every read). */
  get _argv () {
    const shape = this._flags & ARGS_SHAPE
    if (shape !== ARGS_LIST) this._argv = callbacks.unpackArgs(this._args, shape)
    return this._args
  }

  // Writable as in Node, whose clearImmediate (Node 24.21 and 26) also sets it to undefined.
  set _argv (value) {
    this._args = value
    this._flags &= ~ARGS_SHAPE
  }
}

defineDomainField(Immediate.prototype)

if (typeof Symbol.dispose === 'symbol') {
  Immediate.prototype[Symbol.dispose] = function dispose () {
    clearImmediate(this)
  }
}

defineInspector(Immediate, inspectImmediate) // see inspect.js

/** setImmediate(callback[, ...args]), as Node's. */
function setImmediate (callback, arg1, arg2, arg3) {
  if (typeof callback !== 'function') throwInvalidCallback(callback)
  const argc = arguments.length
  if (argc <= 1) return enqueue(callback, undefined, REFED)
  return enqueueWithArgs(callback, argc - 1, arg1, arg2, arg3, argc > 4 ? callbacks.packArgs(arguments, 1) : undefined)
}

// An immediate with `extra` extra arguments: one to three passed by name, not as
// packArgs(arguments), which costs more; more than three packed by the
// caller (`list`). Kept out of setImmediate() so that it stays small enough for V8 to inline it
// together with clearImmediate() into a loop that calls both (see timeouts.js' startWithArgs()).
function enqueueWithArgs (callback, extra, arg1, arg2, arg3, list) {
  if (extra === 1) return enqueue(callback, arg1, REFED | ARGS_ONE)
  if (extra > 3) return enqueue(callback, list, REFED)
  if (extra === 2) return enqueue(callback, new ExtraArgs(arg1, arg2, undefined), REFED | ARGS_TWO)
  return enqueue(callback, new ExtraArgs(arg1, arg2, arg3), REFED | ARGS_THREE)
}

// Our extra arguments are named, for speed; its `length` is the running Node's (1 from Node 22 on,
// 4 on Node 18 and 20, which named them too).
Object.defineProperty(setImmediate, 'length', { value: nativeSetImmediate.length })

/**
 * Cancels one of our immediates, or a native Immediate created before install(). Anything
 * else (a Timeout included: Node 18-22 wrongly cancel that) is ignored, never thrown on.
 */
function clearImmediate (immediate) {
  if (immediate instanceof Immediate) {
    if ((immediate._flags & DESTROYED) !== 0) return
    if (CLEAR_SKIPS_EMPTIED) {
      // `typeof` first: for a function it settles the test, where V8's generic truthiness test
      // costs several instructions (as in timeouts.js' cancel()).
      const callback = immediate._onImmediate
      if (typeof callback !== 'function' && !callback) return
    }
    retire(immediate)
    empty(immediate)
    unlink(immediate)
  } else if (immediate instanceof NativeImmediate) {
    nativeClearImmediate(immediate)
  }
}

/** Internal: an Immediate whose callback gets `arg`, resolving a promise (promises.js). */
function createImmediate (callback, arg, refed) {
  return enqueue(callback, arg, refed ? REFED | ARGS_ONE : ARGS_ONE)
}

/** Pending counts, for tests, leak checks and the benchmark. */
function counts () {
  return { pending: keepAlive.pending, refed: keepAlive.refed }
}

// Creates an Immediate and queues it. Its async context is captured before it is allocated, not
// in its constructor: with the capture (a call) between the allocation and the last field
// store, V8 made that store a map transition of its own on every new Immediate; with every
// field known at allocation, it writes them all with the allocation.
function enqueue (callback, args, flags) {
  const context = asyncContext.timerContext(sharedCapture)
  const immediate = new Immediate(callback, args, flags, context)
  if ((flags & REFED) !== 0) keepAlive.addRefed()
  else keepAlive.addUnrefed()
  let list = queue
  const tail = list.tail
  immediate._prev = tail
  if (tail === null) queue = list = { head: immediate, tail: null, runHead: list.runHead } // see the header
  else tail._next = immediate
  list.tail = immediate
  if (keepAlive.handle === null && !inPass) scheduleNative(false)
  return immediate
}

function retire (immediate) {
  immediate._flags |= DESTROYED
  if ((immediate._flags & REFED) !== 0) keepAlive.removeRefed()
  else keepAlive.removeUnrefed()
}

function unlink (immediate) {
  const prev = immediate._prev
  const next = immediate._next
  if (prev !== null) prev._next = next
  else if (queue.head === immediate) queue.head = next
  else if (queue.runHead === immediate) queue.runHead = next
  if (next !== null) next._prev = prev
  else if (queue.tail === immediate) queue.tail = prev
  immediate._prev = immediate._next = null
}

// --- the native immediate --------------------------------------------------------------

// `atPassLevel`: called by the pass itself, outside any callback (see asyncContext.noteArmed()).
function scheduleNative (atPassLevel) {
  // Only once the domain module is loaded can a domain be active. Called through
  // outsideDomain() always, Node's setImmediate was no longer inlined here: about 90
  // instructions more per arm, once per loop turn of a setImmediate chain.
  keepAlive.adopt(domains.domainsLoaded() ? domains.outsideDomain(newNativeImmediate) : newNativeImmediate())
  asyncContext.noteArmed(passSource, atPassLevel)
}

// --- the pass --------------------------------------------------------------------------

// Exactly one argument: given any more, even undefined, Node's setImmediate stores them in an
// array and spreads it into the callback on every pass.
function newNativeImmediate () {
  return nativeSetImmediate(onNativeImmediate)
}

function onNativeImmediate () {
  asyncContext.enterPass(passSource, true)
  keepAlive.release()
  if (timeouts.hasInterruptedPass()) {
    // The rest of a timer pass a callback threw out of comes first (see there). It may throw
    // again: keep a native immediate queued meanwhile, so our own pass still gets its turn.
    scheduleNative(false)
    timeouts.finishInterruptedPass()
    nativeClearImmediate(keepAlive.handle)
    keepAlive.release()
  }
  if (interrupted) {
    // Node re-enters the check phase right after an uncaught exception is handled: it finishes
    // the queue the throw interrupted, and when the throw came from that queue's last immediate,
    // runs the immediates queued since (the handler's own among them) at once. Either way the
    // first of them runs before the thrower's ticks, as this pass does.
    interrupted = false
    if (queue.runHead === null) {
      startGeneration(queue)
      generation = 0
    }
  } else {
    startGeneration(queue)
    generation = 0
  }
  runPass()
}

// The pending list becomes the running generation; the next immediate queued starts a new
// pending list, and with it a new List (see the header).
function startGeneration (list) {
  list.runHead = list.head
  list.head = list.tail = null
}

function resumePass () {
  if (!interrupted) return
  interrupted = false
  asyncContext.enterPass(passSource, false) // from a tick or the other scheduler's callback
  runPass()
}

/**
 * Runs what is left of a pass a callback threw out of, if any. Node runs the rest of its
 * check phase right after the exception is handled; our nextTick does the same, except after
 * a throw from a pass that was itself resumed from a tick: Node then leaves the rest of the
 * tick queue for the next callback it makes, which can be the next timers phase. timeouts.js
 * calls this first, so the immediates still come before those timers, as in Node.
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

function runPass () {
  inPass = true
  let completed = false
  try {
    runGenerations()
    completed = true
  } finally {
    inPass = false
    // After a throw, Node runs the rest of the pass right after the exception is handled (or
    // the process dies first): resume from a nextTick, or from the native immediate if the
    // handler's own immediate gets there first.
    if (!completed) {
      interrupted = true
      if (keepAlive.handle === null) scheduleNative(true)
      // Outside any domain the throwing callback ran in, or the rest of the pass would run in it.
      domains.outsideDomain(nextTick, resumePass)
    } else if (queue.head !== null && keepAlive.handle === null) scheduleNative(true)
  }
}

// The pass and its callback source (see async-context.js, "A scheduler's pass").
var maxDepth = 0 // options.maxTickDepth, read once per pass
var drainBetween = true // options.drainBetweenCallbacks, read once per pass

// The pass's loop (see async-context.js), with the common case -- a callback that runs right in
// the pass's context -- fired here, as timeouts.js does (see its runDue()): a loop of our own is
// monomorphic, and one try/finally around the whole pass replaces one per callback. Immediates
// that must run in a context of their own go through asyncContext.fireInContext().
function runGenerations () {
  passSource.drainDue = false
  maxDepth = options.maxTickDepth
  drainBetween = options.drainBetweenCallbacks
  let firing = null // the immediate whose callback is running, if it throws
  try {
    for (;;) {
      if (passSource.drainDue === true) {
        passSource.drainDue = false
        callbacks.drainTicks()
      }
      const immediate = passSource.peek()
      if (immediate === null) return
      if (asyncContext.runsInPlace(immediate._context)) {
        take(immediate)
        firing = immediate
        runCallback(immediate)
        firing = null
        empty(immediate)
      } else {
        asyncContext.fireInContext(passSource, immediate)
      }
    }
  } finally {
    if (firing !== null) empty(firing)
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

  /** The immediate that runs next, or null: the pass is over. */
  peek () {
    const list = queue
    if (list.runHead === null) {
      if (list.head === null || generation >= maxDepth) return null
      generation++
      startGeneration(list)
    }
    return list.runHead
  },

  /** Takes `immediate` (the head returned by peek()) off the list and runs its callback. */
  fire (immediate) {
    take(immediate)
    try {
      runCallback(immediate)
    } finally {
      empty(immediate)
    }
  },
}

// Runs the taken immediate's callback: `_onImmediate`, with the immediate as `this` and its
// arguments, called as a method in each argument shape (callbacks.js).
function runCallback (immediate) {
  if (typeof immediate._onImmediate !== 'function') return callUncallable(immediate)
  const shape = immediate._flags & ARGS_SHAPE
  const args = immediate._args
  if (shape === ARGS_ONE) immediate._onImmediate(args)
  else if (shape === ARGS_LIST) args === undefined ? immediate._onImmediate() : Reflect.apply(immediate._onImmediate, immediate, args)
  else if (shape === ARGS_TWO) immediate._onImmediate(args.first, args.second)
  else immediate._onImmediate(args.first, args.second, args.third)
}

// An immediate whose `_onImmediate` a program replaced with something it cannot call: Node calls
// it anyway, so it throws V8's TypeError, worded for Node's own call expression.
function callUncallable (immediate) {
  const args = callbacks.unpackArgs(immediate._args, immediate._flags & ARGS_SHAPE)
  if (args === undefined) immediate._onImmediate()
  else immediate._onImmediate(...args)
}

// Empties an immediate that ran or was cleared, as the running Node does (EMPTIES_FINISHED).
function empty (immediate) {
  if (EMPTIES_FINISHED) {
    immediate._onImmediate = undefined
    immediate._args = undefined
    immediate._flags &= ~ARGS_SHAPE
  } else {
    immediate._onImmediate = null
  }
}

// Takes `immediate`, the head peek() returned, off the running list, before its callback runs.
function take (immediate) {
  const next = immediate._next
  queue.runHead = next
  if (next !== null) next._prev = null
  immediate._next = null
  // After the pass's last callback (nothing left in this generation, and no further one may
  // run) the drain is Node's: it drains as our native immediate's callback returns, before
  // anything else can run, and ticks can add nothing to this pass. Leaving it to Node spares
  // a drain per loop turn of a setImmediate chain. (`drainDue` is false here: see
  // async-context.js, "A scheduler's pass". Only a true is stored, and `=== true` spares a truthiness test.)
  if (drainBetween === true && (next !== null || generation < maxDepth)) passSource.drainDue = true
  retire(immediate)
}

// The interrupted-pass hand-off, without a require cycle (timeouts.js, registerImmediates()).
timeouts.registerImmediates(hasInterruptedPass, finishInterruptedPass)

module.exports = {
  Immediate,
  setImmediate,
  clearImmediate,
  createImmediate,
  counts,
  finishInterruptedPass,
  hasInterruptedPass,
}
