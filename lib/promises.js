'use strict';

// timers/promises on heaptimers: setTimeout, setImmediate, the setInterval async iterator and
// scheduler, with node:timers/promises' validation, rejections and AbortError shape.
//
// Validation follows the running major. Node 20 and later check that the delay is a number,
// reject arrays as options, and read the options inside a try: invalid input, or an options
// getter that throws, rejects the returned promise (setTimeout, setImmediate) or throws from the
// iterator's first next() (setInterval), never synchronously. Node 18 does not check the delay;
// its setTimeout and setImmediate take an array as options and read `signal` and `ref` outside
// any try, so a getter's error is thrown synchronously; its setInterval iterator rejects arrays,
// and throws everything from its first next().

const timeouts = require('./timeouts');
const immediates = require('./immediates');
const { AbortError, illegalConstructor, invalidArgType, invalidThis } = require('./errors');

const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
const STRICT_VALIDATION = NODE_MAJOR >= 20;
// Node 20 and later also pass scheduler.wait's options through; Node 18 keeps only the signal.
const WAIT_PASSES_OPTIONS = STRICT_VALIDATION;
const EMPTY = Object.freeze({ __proto__: null });
const CONSTRUCT = Symbol('construct the one scheduler');

/** Resolves with `value` after `delay` ms (default 1). */
function setTimeout(delay, value, options = EMPTY) {
  const invalid = validate(delay, options, true, false);
  if (invalid !== null) return Promise.reject(invalid);
  const { signal, ref = true } = options;
  if (signal && signal.aborted) return Promise.reject(aborted(signal));
  if (!signal) {
    return new Promise((resolve) => { timeouts.createTimeout(resolve, delay, value, false, ref); });
  }
  let onAbort;
  const promise = new Promise((resolve, reject) => {
    const timer = timeouts.createTimeout(resolve, delay, value, false, ref);
    onAbort = listen(signal, timer, timeouts.clearTimeout, reject);
  });
  return forgetListener(promise, signal, onAbort);
}

/** Resolves with `value` in the check phase, after I/O, like setImmediate. */
function setImmediate(value, options = EMPTY) {
  const invalid = validate(undefined, options, false, false);
  if (invalid !== null) return Promise.reject(invalid);
  const { signal, ref = true } = options;
  if (signal && signal.aborted) return Promise.reject(aborted(signal));
  if (!signal) {
    return new Promise((resolve) => { immediates.createImmediate(resolve, value, ref); });
  }
  let onAbort;
  const promise = new Promise((resolve, reject) => {
    const immediate = immediates.createImmediate(resolve, value, ref);
    onAbort = listen(signal, immediate, immediates.clearImmediate, reject);
  });
  return forgetListener(promise, signal, onAbort);
}

/** An async iterator yielding `value` every `delay` ms; ticks that were missed are all yielded. */
async function* setInterval(delay, value, options = EMPTY) {
  const invalid = validate(delay, options, true, true);
  if (invalid !== null) throw invalid;
  const { signal, ref = true } = options;
  if (signal && signal.aborted) throw aborted(signal);

  let pendingTicks = 0;
  let wake = null;
  let onAbort = null;
  const interval = timeouts.createTimeout(() => {
    pendingTicks++;
    if (wake !== null) {
      const resume = wake;
      wake = null;
      resume();
    }
  }, delay, undefined, true, ref);
  try {
    if (signal) {
      onAbort = () => {
        timeouts.clearTimeout(interval);
        if (wake !== null) {
          const resume = wake;
          wake = null;
          resume(Promise.reject(aborted(signal)));
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
    }
    while (!(signal && signal.aborted)) {
      if (pendingTicks === 0) await new Promise((resolve) => { wake = resolve; });
      for (; pendingTicks > 0; pendingTicks--) yield value;
    }
    throw aborted(signal);
  } finally {
    timeouts.clearTimeout(interval);
    if (onAbort !== null) signal.removeEventListener('abort', onAbort);
  }
}

/** node:timers/promises' scheduler: wait(delay, options) and yield(). */
class Scheduler {
  #brand = true;

  constructor(token) {
    if (token !== CONSTRUCT) throw illegalConstructor();
  }

  /** Resolves after `delay` ms. */
  wait(delay, options) {
    if (!isScheduler(this)) throw invalidThis('Scheduler');
    return setTimeout(delay, undefined,
      WAIT_PASSES_OPTIONS ? options : { signal: options == null ? undefined : options.signal });
  }

  /** Resolves in the next check phase, letting I/O and other work run first. */
  yield() {
    if (!isScheduler(this)) throw invalidThis('Scheduler');
    return setImmediate();
  }

  static isScheduler(value) {
    return value !== null && typeof value === 'object' && #brand in value;
  }
}

const { isScheduler } = Scheduler;

const scheduler = new Scheduler(CONSTRUCT);

// --- helpers ---------------------------------------------------------------------------

// The error to reject with, or null. `isIterator`: for setInterval, whose body runs on the first
// next(). Node 20 and later validate inside a try, so an options getter that throws rejects the
// promise too; Node 18's setTimeout and setImmediate let it throw synchronously (see the top).
function validate(delay, options, hasDelay, isIterator) {
  if (!STRICT_VALIDATION && !isIterator) return invalidArgument(delay, options, hasDelay, false);
  try {
    return invalidArgument(delay, options, hasDelay, isIterator);
  } catch (err) {
    return err;
  }
}

function invalidArgument(delay, options, hasDelay, isIterator) {
  if (STRICT_VALIDATION) {
    if (hasDelay && delay !== undefined && typeof delay !== 'number') {
      return invalidArgType('delay', 'of type number', delay);
    }
  }
  if (options === null || typeof options !== 'object' ||
      ((STRICT_VALIDATION || isIterator) && Array.isArray(options))) {
    return invalidArgType('options', 'of type object', options);
  }
  const { signal, ref } = options;
  if (signal !== undefined &&
      (signal === null || typeof signal !== 'object' || !('aborted' in signal))) {
    return invalidArgType('options.signal', 'an instance of AbortSignal', signal);
  }
  if (ref !== undefined && typeof ref !== 'boolean') {
    return invalidArgType('options.ref', 'of type boolean', ref);
  }
  return null;
}

function aborted(signal) {
  return new AbortError(undefined, { cause: signal.reason });
}

/** Cancels `timer` and rejects when `signal` aborts first; returns the listener. */
function listen(signal, timer, clear, reject) {
  const onAbort = () => {
    if (!timer._destroyed) {
      clear(timer);
      reject(aborted(signal));
    }
  };
  signal.addEventListener('abort', onAbort);
  return onAbort;
}

// The abort listener must not outlive the promise, or a long-lived signal leaks every timer.
function forgetListener(promise, signal, onAbort) {
  return promise.finally(() => signal.removeEventListener('abort', onAbort));
}

module.exports = { setTimeout, setImmediate, setInterval, scheduler };
