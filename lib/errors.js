'use strict'

// Node-compatible argument errors and timer warnings: the rare paths, kept out of the hot ones.
//
// Node formats the "Received ..." part of ERR_INVALID_ARG_TYPE differently across majors
// (functions, class instances, long strings). Rather than freeze one version's rules, we borrow
// the running Node's own formatter: a native call that is certain to reject the value produces
// the exact text, and we keep its "Received" tail. Only our own wording ahead of it is fixed.

// Captured at load: a program may replace this global later (or install() will). Warnings go
// through `process.emitWarning` as it is when they are emitted, as Node's own timers' do: a
// program may replace it to filter or redirect them.
const nativeSetTimeout = globalThis.setTimeout

const TIMEOUT_MAX = 2 ** 31 - 1
const NODE_MAJOR = Number(process.versions.node.split('.')[0])
// Node 23 added once-per-process warnings for negative and NaN delays (and stopped treating an
// omitted delay as NaN); older majors stay silent, and so do we there.
const WARNS_NEGATIVE_AND_NAN = NODE_MAJOR >= 23

let warnedNegative = false
let warnedNaN = false

/** The running Node's own text for `value` after "Received ", e.g. "type number (1)". */
function describeReceived (value) {
  try {
    // Neither call can succeed: setTimeout rejects every non-function, Buffer.from every function.
    if (typeof value === 'function') Buffer.from(value)
    else nativeSetTimeout(value)
  } catch (err) {
    const at = String(err && err.message).indexOf('. Received ')
    if (at !== -1) return err.message.slice(at + '. Received '.length)
  }
  return fallbackDescription(value)
}

function fallbackDescription (value) {
  if (value === null || value === undefined) return String(value)
  if (typeof value === 'function') return `function ${value.name}`
  if (typeof value === 'object') {
    return value.constructor && value.constructor.name
      ? `an instance of ${value.constructor.name}`
      : require('util').inspect(value, { depth: -1 })
  }
  let shown = require('util').inspect(value, { colors: false })
  if (shown.length > 28) shown = `${shown.slice(0, 25)}...`
  return `type ${typeof value} (${shown})`
}

/**
 * An error shaped like Node's internal ones: an instance of a subclass of `Base` whose
 * `constructor` is still `Base`, an enumerable `code`, and the code in the stack header and in
 * `String(err)` ("TypeError [CODE]: message") while `name` stays "TypeError". Its stack starts
 * at the caller of `stackStart`, as Node's start at the public function, with its validators'
 * frames hidden.
 */
function nodeError (Base, code, message, stackStart) {
  const NodeError = nodeErrorClass(Base, code)
  const err = new NodeError()
  err.code = code
  Object.defineProperty(err, 'message', { value: message, enumerable: false, writable: true, configurable: true })
  err.name = `${Base.name} [${code}]`
  Error.captureStackTrace(err, stackStart)
  err.stack // eslint-disable-line no-unused-expressions -- formats the stack with that name
  delete err.name
  return err
}

const nodeErrorClasses = new Map()

function nodeErrorClass (Base, code) {
  const key = `${Base.name} ${code}`
  let NodeError = nodeErrorClasses.get(key)
  if (NodeError === undefined) {
    NodeError = class NodeError extends Base {
      // Node's: code that checks `err.constructor === TypeError` (or its name) still holds.
      get ['constructor'] () {
        return Base
      }

      toString () {
        return `${this.name} [${code}]: ${this.message}`
      }
    }
    nodeErrorClasses.set(key, NodeError)
  }
  return NodeError
}

function subject (name) {
  return name.includes('.') ? `"${name}" property` : `"${name}" argument`
}

/** ERR_INVALID_ARG_TYPE, worded as Node words it ("must be of type x" / "an instance of X"). */
function invalidArgType (name, expected, actual, stackStart = invalidArgType) {
  return nodeError(TypeError, 'ERR_INVALID_ARG_TYPE',
    `The ${subject(name)} must be ${expected}. Received ${describeReceived(actual)}`, stackStart)
}

/** ERR_OUT_OF_RANGE, worded as Node's validateInteger words it. */
function outOfRange (name, range, actual) {
  const shown = typeof actual === 'number' ? describeNumber(actual) : describeReceived(actual)
  return nodeError(RangeError, 'ERR_OUT_OF_RANGE',
    `The value of "${name}" is out of range. It must be ${range}. Received ${shown}`, outOfRange)
}

/** A number as ERR_OUT_OF_RANGE shows it: Node groups the digits of big integers (2_147_483_648). */
function describeNumber (value) {
  if (Number.isInteger(value) && Math.abs(value) > 2 ** 32) {
    // Borrow Node's own text: randomBytes() rejects any size beyond 2**31-1 before allocating.
    try {
      require('crypto').randomBytes(value)
    } catch (err) {
      const at = String(err && err.message).indexOf('. Received ')
      if (err.code === 'ERR_OUT_OF_RANGE' && at !== -1) return err.message.slice(at + '. Received '.length)
    }
  }
  return String(value)
}

/** ERR_INVALID_ARG_VALUE, for option names we do not know. */
function invalidArgValue (name, reason, actual) {
  const type = name.includes('.') ? 'property' : 'argument'
  return nodeError(TypeError, 'ERR_INVALID_ARG_VALUE',
    `The ${type} '${name}' ${reason}. Received ${require('util').inspect(actual)}`, invalidArgValue)
}

/** ERR_INVALID_THIS, for a method called on the wrong kind of object. */
function invalidThis (type) {
  return nodeError(TypeError, 'ERR_INVALID_THIS', `Value of "this" must be of type ${type}`, invalidThis)
}

/** ERR_ILLEGAL_CONSTRUCTOR, for classes only Node (here: heaptimers) may construct. */
function illegalConstructor () {
  return nodeError(TypeError, 'ERR_ILLEGAL_CONSTRUCTOR', 'Illegal constructor', illegalConstructor)
}

/** Throws Node's exact error for a timer callback that is not a function, from its caller. */
function throwInvalidCallback (callback) {
  throw invalidArgType('callback', 'of type function', callback, throwInvalidCallback)
}

/**
 * Coerces a delay exactly as Node's Timeout constructor does: `*1` (valueOf honoured, BigInt and
 * Symbol throw), then anything outside [1, 2**31-1] becomes 1, with the same warnings.
 * Fractions are kept (Node keeps them in `_idleTimeout`); scheduling truncates them.
 */
function coerceDelay (after) {
  const ms = after * 1
  // A whole delay is returned as a small integer, which V8 stores in the timer itself; a
  // double computed elsewhere (`base + ms`) would get a 16-byte box of its own per timer. A
  // whole number of at least 1 that `| 0` keeps is within 2**31-1.
  if ((ms | 0) === ms && ms >= 1) return ms | 0
  return unusualDelay(after, ms)
}

// coerceDelay() for any other delay, `ms` once coerced: a fraction in range is kept; anything
// else is 1, with Node's warning. Apart, so that coerceDelay() stays small where V8 inlines it
// into every timer's creation (lib/timeouts.js, setTimeout()).
function unusualDelay (after, ms) {
  if (ms >= 1 && ms <= TIMEOUT_MAX) return ms
  // Node 23 and later take a missing delay as 1 without a word.
  if (after !== undefined || !WARNS_NEGATIVE_AND_NAN) warnAboutDelay(ms)
  return 1
}

function warnAboutDelay (after) {
  if (after > TIMEOUT_MAX) {
    process.emitWarning(`${after} does not fit into a 32-bit signed integer.` +
      '\nTimeout duration was set to 1.', 'TimeoutOverflowWarning')
  } else if (!WARNS_NEGATIVE_AND_NAN) {
    // Older majors say nothing about negative or NaN delays.
  } else if (after < 0) {
    if (!warnedNegative) {
      warnedNegative = true
      process.emitWarning(`${after} is a negative number.\nTimeout duration was set to 1.`,
        'TimeoutNegativeWarning')
    }
  } else if (after !== after && !warnedNaN) { // eslint-disable-line no-self-compare
    warnedNaN = true
    process.emitWarning(`${after} is not a number.\nTimeout duration was set to 1.`, 'TimeoutNaNWarning')
  }
}

/** AbortError as timers/promises rejects with it: name, code ABORT_ERR, the signal's reason as cause. */
class AbortError extends Error {
  constructor (message = 'The operation was aborted', options = undefined) {
    super(message, options)
    this.code = 'ABORT_ERR'
    this.name = 'AbortError'
  }
}

module.exports = {
  TIMEOUT_MAX,
  AbortError,
  coerceDelay,
  illegalConstructor,
  invalidArgType,
  invalidArgValue,
  invalidThis,
  outOfRange,
  throwInvalidCallback,
}
