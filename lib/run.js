'use strict';

// Invoking user callbacks, shared by timeouts and immediates.
//
// Arguments are stored without a per-timer array where possible: `argc` says how many there
// are, and `args` is the single argument itself when argc is 1, an array otherwise. Calls go
// through fixed-arity fast paths, so no closure and no spread is created per call.
//
// Async context: a timer created with asyncContext on carries an AsyncResource captured at
// creation; its callback runs inside that resource's scope, which restores every
// AsyncLocalStorage store active at creation (on both the async_hooks and the
// AsyncContextFrame implementations of AsyncLocalStorage).
//
// Draining: Node runs the nextTick queue and then the promise jobs between any two timer
// callbacks. `process._tickCallback` is Node's own function for exactly that drain (it exists
// on Node 18 to 26); without it we cannot drain synchronously and batch instead.

const { AsyncResource } = require('async_hooks');

const tickCallback = process._tickCallback;
const canDrain = typeof tickCallback === 'function';

/** Runs pending nextTicks, then microtasks, as Node does between two timer callbacks. */
function drainTicks() {
  if (canDrain) tickCallback();
}

/** Calls `fn` with `self` as `this` and the stored arguments. */
function invoke(fn, self, argc, args) {
  switch (argc) {
    case 0: return fn.call(self);
    case 1: return fn.call(self, args);
    case 2: return fn.call(self, args[0], args[1]);
    case 3: return fn.call(self, args[0], args[1], args[2]);
    default: return fn.apply(self, args);
  }
}

// The call waiting to run inside an async scope; read on entry, before any user code runs,
// so re-entrant calls cannot see each other's values.
let pendingFn = null;
let pendingSelf = null;
let pendingArgc = 0;
let pendingArgs;

function invokePending() {
  const fn = pendingFn;
  const self = pendingSelf;
  const argc = pendingArgc;
  const args = pendingArgs;
  pendingFn = pendingSelf = pendingArgs = null;
  return invoke(fn, self, argc, args);
}

/** Like invoke(), inside `context` (an AsyncResource) when there is one. */
function invokeIn(context, fn, self, argc, args) {
  if (context === null) return invoke(fn, self, argc, args);
  pendingFn = fn;
  pendingSelf = self;
  pendingArgc = argc;
  pendingArgs = args;
  return context.runInAsyncScope(invokePending);
}

/** The execution context to restore when a timer of `type` ("Timeout", "Immediate") runs. */
function captureContext(type) {
  return new AsyncResource(type);
}

/**
 * Packs the arguments after the first `skip` ones of an `arguments` object: returns the
 * `args` value that goes with `arguments.length - skip` as argc.
 */
function packArgs(argsObject, skip) {
  const argc = argsObject.length - skip;
  if (argc === 1) return argsObject[skip];
  const packed = new Array(argc);
  for (let i = 0; i < argc; i++) packed[i] = argsObject[skip + i];
  return packed;
}

/** The stored arguments as Node exposes them (`_timerArgs`, `_argv`): an array or undefined. */
function unpackArgs(argc, args) {
  if (argc === 0) return undefined;
  if (argc === 1) return [args];
  return args;
}

module.exports = { canDrain, captureContext, drainTicks, invoke, invokeIn, packArgs, unpackArgs };
