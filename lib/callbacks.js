'use strict'

// How a timer's callback is called, shared by timeouts and immediates: the arguments it is
// stored with, and the draining of ticks between two callbacks.
//
// Arguments are stored without a per-timer array where possible (`_args`, shaped as two bits of
// the timer's `_flags` say, ARGS_* below): undefined when there are none, the argument itself
// when there is one, one small ExtraArgs object for two or three, an array beyond that. Calls go
// through fixed-arity fast paths, so no closure and no spread is created per call. Each scheduler
// calls its callbacks as methods of the timer (`timer._onTimeout(a)`), as Node does: a callback's
// own `call` or `apply` property (a mock's, say) is never read.
//
// Draining: Node runs the nextTick queue and then the promise jobs between any two timer
// callbacks. `process._tickCallback` is Node's own function for exactly that drain (it exists
// on Node 18 to 26); without it we cannot drain synchronously and batch instead.

const tickCallback = process._tickCallback
const canDrain = typeof tickCallback === 'function'

/** Runs pending nextTicks, then microtasks, as Node does between two timer callbacks. */
function drainTicks () {
  if (canDrain) tickCallback()
}

// The shape of a timer's `_args`: two bits of its `_flags`, left free for them by both schedulers.
// For one to three extra arguments it is their count times ARGS_ONE, which setTimeout() and
// setInterval() compute rather than choose (a smaller function for V8 to inline).
const ARGS_LIST = 0 // undefined (no arguments) or an array
const ARGS_ONE = 32 // the one argument itself
const ARGS_TWO = 2 * ARGS_ONE // an ExtraArgs, `third` unused
const ARGS_THREE = 3 * ARGS_ONE // an ExtraArgs
const ARGS_SHAPE = 96

// Two or three extra arguments in one object of three fields (48 bytes) instead of an array,
// which is two objects (the array and its elements store), 72 bytes for three. A burst of
// timers with arguments is copied by the young-generation GC while it waits: with the array,
// that copying was about a quarter of the instructions of queueing and running 10k immediates
// with three arguments each.
class ExtraArgs {
  constructor (first, second, third) {
    this.first = first
    this.second = second
    this.third = third
  }
}

/** The arguments after the first `skip` of an `arguments` object, as an array. */
function packArgs (argsObject, skip) {
  const packed = new Array(argsObject.length - skip)
  for (let i = 0; i < packed.length; i++) packed[i] = argsObject[skip + i]
  return packed
}

/**
 * Stored arguments of the given ARGS_* shape as Node exposes them (`_timerArgs`, `_argv`): an
 * array, or undefined. The timer then keeps that array (ARGS_LIST), so that, as in Node, every
 * read returns the same array and a change to it reaches the callback.
 */
function unpackArgs (args, shape) {
  if (shape === ARGS_ONE) return [args]
  if (shape === ARGS_TWO) return [args.first, args.second]
  if (shape === ARGS_THREE) return [args.first, args.second, args.third]
  return args
}

module.exports = {
  ARGS_LIST,
  ARGS_ONE,
  ARGS_TWO,
  ARGS_THREE,
  ARGS_SHAPE,
  ExtraArgs,
  drainTicks,
  packArgs,
  unpackArgs,
}
