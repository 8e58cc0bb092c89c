'use strict'

// timers/promises on heaptimers: setTimeout, setImmediate, the setInterval async iterator and
// scheduler, with node:timers/promises' validation, rejections and AbortError shape.
//
// Validation follows the running Node, which has one of two versions of it. The newer (Node 22
// after 22.0.0, and 20 since a backport) checks that the delay is a number, rejects arrays as
// options, and validates the options inside a try: invalid input, or an options getter that
// throws there, rejects the returned promise (setTimeout, setImmediate) or throws from the
// iterator's first next() (setInterval); a getter that throws only at the read after the try
// (the destructuring) throws synchronously, as in Node. scheduler.wait passes its options on
// whole. The older (Node 18, 19, 21 and 22.0.0) does not check the delay; its setTimeout and
// setImmediate take an array as options and read `signal` and `ref` outside any try, so a
// getter's error is thrown synchronously; its setInterval iterator rejects arrays, and throws
// everything from its first next(); scheduler.wait passes on only the signal. Which one runs is
// probed once, at load.
//
// An AbortSignal is listened to as Node listens to it, with the options Node passes (see
// listenForAbort()): where Node has events.addAbortListener() (Node 18.18 and 20.5 on), with a
// listener that another listener's stopImmediatePropagation() cannot stop, as Node's own is;
// before, with a plain one, as Node's own was.

const timeouts = require('./timeouts')
const immediates = require('./immediates')
const { AbortError, illegalConstructor, invalidArgType, invalidThis } = require('./errors')

// Captured at load, before install() can replace them.
const nativePromises = require('timers/promises')
const nativeImmediatePromise = nativePromises.setImmediate // install() replaces the module's
const { addAbortListener } = require('events')

// Node's timers/promises use the intrinsic Promise and its methods as they were at startup
// (primordials): a program that replaces the global Promise (with Bluebird, say), or patches its
// methods, still gets Node's own promises from them, and so gets them from ours.
const { IntrinsicPromise: Promise, promiseThen } = require('./intrinsics')
const promiseFinally = Promise.prototype.finally
const bind = Function.prototype.bind // as Node's own (primordials), whatever a program does to it
const promiseReject = Promise.reject
const rejected = (reason) => Reflect.apply(promiseReject, Promise, [reason])

const STRICT_VALIDATION = validatesInsideTry()
const WAIT_PASSES_OPTIONS = STRICT_VALIDATION
// Node's internal symbol for a listener that stopImmediatePropagation() cannot stop, or null.
const RESIST_STOP_PROPAGATION = resistStopPropagationSymbol()
const EMPTY = Object.freeze({ __proto__: null })
const kScheduler = Symbol('kScheduler')

/** Resolves with `value` after `delay` ms (default 1). */
function setTimeout (delay, value, options = EMPTY) {
  const invalid = validate(delay, options, true, false)
  if (invalid !== null) return rejected(invalid)
  const { signal, ref = true } = options
  const invalidRead = invalidOption(signal, ref)
  if (invalidRead !== null) return rejected(invalidRead)
  if (signal && signal.aborted) return rejected(aborted(signal))
  if (!signal) {
    return new Promise((resolve) => { timeouts.createTimeout(resolve, delay, value, false, ref) })
  }
  // The timer is created inside the executor, as Node creates it: where Node does not check the
  // delay first, an error converting it rejects. The listener is added after (see listen()).
  let timer = null
  let reject = null
  const promise = new Promise((resolve, rejectPromise) => {
    reject = rejectPromise
    timer = timeouts.createTimeout(resolve, delay, value, false, ref)
  })
  if (timer === null) return promise // rejected, with no listener to forget, as Node's
  const onAbort = listen(signal, timer, timeouts.clearTimeout, reject)
  return forgetListener(promise, signal, onAbort)
}

/** Resolves with `value` in the check phase, after I/O, like setImmediate. */
function setImmediate (value, options = EMPTY) {
  const invalid = validate(undefined, options, false, false)
  if (invalid !== null) return rejected(invalid)
  const { signal, ref = true } = options
  const invalidRead = invalidOption(signal, ref)
  if (invalidRead !== null) return rejected(invalidRead)
  if (signal && signal.aborted) return rejected(aborted(signal))
  if (!signal) {
    return new Promise((resolve) => { immediates.createImmediate(resolve, value, ref) })
  }
  let immediate = null
  let reject = null
  const promise = new Promise((resolve, rejectPromise) => {
    reject = rejectPromise
    immediate = immediates.createImmediate(resolve, value, ref)
  })
  const onAbort = listen(signal, immediate, immediates.clearImmediate, reject)
  return forgetListener(promise, signal, onAbort)
}

/** An async iterator yielding `value` every `delay` ms; ticks that were missed are all yielded. */
async function * setInterval (delay, value, options = EMPTY) {
  const invalid = validate(delay, options, true, true)
  if (invalid !== null) throw invalid
  const { signal, ref = true } = options
  const invalidRead = invalidOption(signal, ref)
  if (invalidRead !== null) throw invalidRead
  if (signal && signal.aborted) throw aborted(signal)

  let pendingTicks = 0
  let wake = null
  let onCancel = null // Node's name for it, which getEventListeners() shows
  const interval = timeouts.createTimeout(() => {
    pendingTicks++
    if (wake !== null) {
      const resume = wake
      wake = null
      resume()
    }
  }, delay, undefined, true, ref)
  try {
    if (signal) {
      onCancel = () => {
        timeouts.clearTimeout(interval)
        if (wake !== null) {
          const resume = wake
          wake = null
          resume(rejected(aborted(signal)))
        }
      }
      listenForAbort(signal, onCancel, true)
    }
    while (!(signal && signal.aborted)) {
      if (pendingTicks === 0) await new Promise((resolve) => { wake = resolve })
      for (; pendingTicks > 0; pendingTicks--) yield value
    }
    throw aborted(signal)
  } finally {
    timeouts.clearTimeout(interval)
    signal?.removeEventListener('abort', onCancel) // as Node's, whose error names `signal?.`
  }
}

/** node:timers/promises' scheduler: yield() and wait(delay, options). */
class Scheduler {
  constructor () {
    throw illegalConstructor()
  }

  /** Resolves in the next check phase, letting I/O and other work run first. */
  yield () {
    if (!this[kScheduler]) throw invalidThis('Scheduler')
    return setImmediate()
  }

  /** Resolves after `delay` ms. */
  wait (delay, options) {
    if (!this[kScheduler]) throw invalidThis('Scheduler')
    return setTimeout(delay, undefined,
      WAIT_PASSES_OPTIONS ? options : { signal: options == null ? undefined : options.signal })
  }
}

// The one scheduler, made as Node makes its own: marked by a symbol its methods check (so an
// object that inherits from it passes too), without running the constructor, which throws.
const scheduler = Reflect.construct(function markScheduler () { this[kScheduler] = true }, [], Scheduler)

// --- helpers ---------------------------------------------------------------------------

// The error to reject with, or null, found before the caller destructures the options (it reads
// `signal` and `ref` once more). `isIterator`: for setInterval, whose body runs on the first
// next(). The newer validation runs inside a try, so an options getter that throws rejects the
// promise too; the older setTimeout and setImmediate let it throw synchronously (see the top).
function validate (delay, options, hasDelay, isIterator) {
  if (!STRICT_VALIDATION) return invalidArgument(delay, options, hasDelay, isIterator)
  try {
    return invalidArgument(delay, options, hasDelay, isIterator)
  } catch (err) {
    return err
  }
}

// Reads the options as Node does before it destructures them: the older version not at all; the
// newer reads `signal`, and again to check it when it is defined, then `ref` the same way. So a
// getter runs as often as in Node, and a value that changes between reads passes or fails as it
// does there. Its errors' stacks start at the public function, which called validate().
function invalidArgument (delay, options, hasDelay, isIterator) {
  if (STRICT_VALIDATION && hasDelay && delay !== undefined && typeof delay !== 'number') {
    return invalidArgType('delay', 'of type number', delay, validate)
  }
  if (options === null || typeof options !== 'object' ||
      ((STRICT_VALIDATION || isIterator) && Array.isArray(options))) {
    return invalidArgType('options', 'of type object', options, validate)
  }
  if (!STRICT_VALIDATION) return null
  if (options.signal !== undefined) {
    const invalid = invalidSignal(options.signal, validate)
    if (invalid !== null) return invalid
  }
  return options.ref !== undefined ? invalidRef(options.ref, validate) : null
}

// The older version checks the values it destructured (`ref` defaults to true); the newer one
// checked its own reads before (invalidArgument()), and takes the destructured values as they are.
function invalidOption (signal, ref) {
  if (STRICT_VALIDATION) return null
  if (signal !== undefined) {
    const invalid = invalidSignal(signal, invalidOption)
    if (invalid !== null) return invalid
  }
  return invalidRef(ref, invalidOption)
}

// Node's validateAbortSignal(): any object with an `aborted` property passes. `stackStart`: the
// validating function the public one called, where the error's stack starts (errors.js).
function invalidSignal (signal, stackStart) {
  if (signal !== null && typeof signal === 'object' && 'aborted' in signal) return null
  return invalidArgType('options.signal', 'an instance of AbortSignal', signal, stackStart)
}

function invalidRef (ref, stackStart) {
  return typeof ref === 'boolean' ? null : invalidArgType('options.ref', 'of type boolean', ref, stackStart)
}

function aborted (signal) {
  return new AbortError(undefined, { cause: signal.reason })
}

/**
 * Cancels `timer` and rejects when `signal` aborts first; returns the listener. Called after the
 * promise's executor returned: an error from the signal's addEventListener is thrown where Node
 * adds its listener outside the executor (releases after 22.0.0), and rejects where Node adds it
 * inside (up to 22.0.0). The timer is left pending either way, as in Node.
 */
function listen (signal, timer, clear, reject) {
  const onAbort = Reflect.apply(bind, cancelListenerHandler, [timer, clear, reject, signal])
  try {
    listenForAbort(signal, onAbort, false)
  } catch (error) {
    if (nodeThrowsListenerErrors()) throw error
    reject(error)
  }
  return onAbort
}

// The listener, bound to its timer as Node binds its own (so that it is named as Node's is:
// "bound cancelListenerHandler").
function cancelListenerHandler (clear, reject, signal) {
  if (!this._destroyed) {
    clear(this)
    reject(aborted(signal))
  }
}

// Whether the running Node's promise setTimeout and setImmediate throw an error of the signal's
// addEventListener (see listen()), or null until known. Probed with Node's own setImmediate the
// first time such an error comes, not at load: the probe leaves a native immediate behind
// (unref'd; it runs once and resolves nothing anyone holds), which async hooks see (an init, then
// a before and after).
let throwsListenerErrors = null

function nodeThrowsListenerErrors () {
  if (throwsListenerErrors === null) {
    const standIn = standInSignal(() => { throw new Error('heaptimers: probing node:timers/promises') })
    try {
      Reflect.apply(promiseThen, nativeImmediatePromise(undefined, { signal: standIn, ref: false }), [undefined, ignore])
      throwsListenerErrors = false
    } catch {
      throwsListenerErrors = true
    }
  }
  return throwsListenerErrors
}

/**
 * Adds `listener` to `signal` for 'abort' as Node adds its own (see the top). `once`: Node's
 * setInterval adds its listener with `once`; its setTimeout and setImmediate do not, so theirs
 * stays in the signal's listeners until their promise settles, as ours does (forgetListener()).
 */
function listenForAbort (signal, listener, once) {
  const resist = RESIST_STOP_PROPAGATION
  if (resist !== null) {
    const options = once ? { __proto__: null, once: true, [resist]: true } : { __proto__: null, [resist]: true }
    signal.addEventListener('abort', listener, options)
  } else if (addAbortListener !== undefined) {
    // A Node whose options could not be read: unstoppable still, but always with `once`.
    addAbortListener(signal, listener)
  } else if (once) {
    signal.addEventListener('abort', listener, { once: true })
  } else {
    signal.addEventListener('abort', listener)
  }
}

// Node keeps the symbol to itself; events.addAbortListener() passes it in the options it gives a
// signal's addEventListener, so a stand-in signal reads it there. Nothing is left listening.
function resistStopPropagationSymbol () {
  if (addAbortListener === undefined) return null
  let options = null
  addAbortListener(standInSignal((type, listener, given) => { options = given }), ignore)
  if (options === null || typeof options !== 'object') return null
  const symbol = Object.getOwnPropertySymbols(options).find((key) => key.description === 'kResistStopPropagation')
  return symbol === undefined ? null : symbol
}

// A stand-in for an AbortSignal that is not aborted, for probing how Node listens to one: Node's
// validation takes any object with `aborted`.
function standInSignal (addEventListener) {
  return { aborted: false, addEventListener, removeEventListener () {} }
}

// Whether the running Node's timers/promises is the newer version (see the top): its setTimeout
// reads the options inside a try, so a getter that throws rejects instead of throwing. Neither
// version creates a timer for the probe.
function validatesInsideTry () {
  const throwing = {
    get signal () {
      throw new Error('heaptimers: probing node:timers/promises')
    },
  }
  try {
    Reflect.apply(promiseThen, nativePromises.setTimeout(1, undefined, throwing), [undefined, ignore])
    return true
  } catch {
    return false
  }
}

function ignore () {}

// The abort listener must not outlive the promise, or a long-lived signal leaks every timer.
// Chained as Node chains it (SafePromisePrototypeFinally: the promise, seen through a second one,
// then `finally`, then a third that is returned), so that it settles in the same microtask.
function forgetListener (promise, signal, onAbort) {
  const forget = () => signal.removeEventListener('abort', onAbort)
  return new Promise((resolve, reject) => {
    const seen = new Promise((a, b) => { Reflect.apply(promiseThen, promise, [a, b]) })
    Reflect.apply(promiseThen, Reflect.apply(promiseFinally, seen, [forget]), [resolve, reject])
  })
}

module.exports = { setTimeout, setImmediate, setInterval, scheduler }
