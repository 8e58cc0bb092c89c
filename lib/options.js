'use strict'

// The options in force, read by the schedulers on every pass, and their validation.
//
// Defaults are Node's behaviour; each option is a deliberate, opt-in trade:
//   maxTickDepth           extra generations of immediates (queued by immediates) run in the
//                          same pass; 0 = Node.
//   drainBetweenCallbacks  run nextTicks and promise jobs between callbacks; false = batch them
//                          after the pass.
//   asyncContext           restore the AsyncLocalStorage context of creation in callbacks.

const { invalidArgType, invalidArgValue, outOfRange } = require('./errors')

const options = {
  maxTickDepth: 0,
  drainBetweenCallbacks: true,
  asyncContext: true,
}

const validators = {
  maxTickDepth (value, name) {
    if (typeof value !== 'number') throw invalidArgType(name, 'of type number', value)
    if (!Number.isInteger(value)) throw outOfRange(name, 'an integer', value)
    if (value < 0 || value > Number.MAX_SAFE_INTEGER) {
      throw outOfRange(name, `>= 0 && <= ${Number.MAX_SAFE_INTEGER}`, value)
    }
  },
  drainBetweenCallbacks: validateBoolean,
  asyncContext: validateBoolean,
}

// Called after every configure() given options, changed or not (async-context.js keeps derived state).
const listeners = []

/** Calls `listener()` after each configure() from now on. */
function onConfigure (listener) {
  listeners.push(listener)
}

function validateBoolean (value, name) {
  if (typeof value !== 'boolean') throw invalidArgType(name, 'of type boolean', value)
}

/** A copy of the options in force. */
function current () {
  return { ...options }
}

/**
 * Validates every given option before changing any, then applies them. Unknown option names
 * are rejected so that a typo does not silently keep Node's behaviour.
 */
function configure (changes) {
  if (changes === undefined) return current()
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw invalidArgType('options', 'of type object', changes)
  }
  const names = Object.keys(changes)
  for (const name of names) {
    const validate = Object.prototype.hasOwnProperty.call(validators, name) ? validators[name] : null
    if (validate === null) {
      throw invalidArgValue(`options.${name}`,
        `is not an option (expected one of ${Object.keys(validators).join(', ')})`, changes[name])
    }
    if (changes[name] !== undefined) validate(changes[name], `options.${name}`)
  }
  for (const name of names) {
    if (changes[name] !== undefined) options[name] = changes[name]
  }
  for (const listener of listeners) listener()
  return current()
}

module.exports = { options, configure, onConfigure }
