'use strict'

// The fields of Node's Timeout that real packages read and write (`_idleTimeout`, `_repeat`,
// `_idleNext`/`_idlePrev`, `_destroyed`, `_timerArgs`), as accessors over heaptimers' own compact
// fields. Cold code: nothing in heaptimers' hot paths goes through them.

const { ARGS_LIST, ARGS_SHAPE, unpackArgs } = require('./callbacks')

const NODE_CLEARED = -1 // `_idleTimeout` of a cleared timer, as in Node

// Node keeps an interval's period in `_repeat` and copies it into `_idleTimeout` after each run;
// heaptimers keeps one delay, `_delay`, for both. A program that makes the two differ (writing
// `_repeat`, or an interval's `_idleTimeout`) has the period kept here until the run ends.
const periods = new WeakMap()
// True once a period has been kept: until then the scheduler has nothing to settle.
const kept = { periods: false }

function keepPeriod (timer, period) {
  periods.set(timer, period)
  kept.periods = true
}

/**
 * After an interval's run, Node's rule: `_idleTimeout` becomes `_repeat`, unless the program set
 * `_idleTimeout` to -1, which stops the interval. Returns whether it runs again.
 */
function settlePeriod (timer) {
  if (!periods.has(timer)) return true
  if (timer._delay === NODE_CLEARED) return false // `_repeat` keeps reading the period, as in Node
  timer._delay = periods.get(timer)
  periods.delete(timer)
  return true
}

/**
 * Defines Node's fields on `Timeout.prototype`. `bits`: the `_flags` bits of timeouts.js,
 * and its cancelPending() (Node's clearTimeout clears through `_destroyed`).
 */
function defineNodeFields (Timeout, bits) {
  const { CLEARED, DESTROYED, REPEAT, cancelPending } = bits
  class NodeFields {
    /** Node's delay field: the coerced delay, or -1 once cleared. */
    get _idleTimeout () {
      return (this._flags & CLEARED) !== 0 ? NODE_CLEARED : this._delay
    }

    // An interval's period stays `_repeat` (see `periods`); refresh() and a timeout's next
    // arm use the new value, as Node's do.
    set _idleTimeout (value) {
      if ((this._flags & REPEAT) !== 0 && !periods.has(this)) keepPeriod(this, this._delay)
      this._delay = value
    }

    /** Node's interval field: the period of an interval, null for a timeout. */
    get _repeat () {
      if ((this._flags & REPEAT) === 0) return null
      return periods.has(this) ? periods.get(this) : this._delay
    }

    // Node repeats a timer whose `_repeat` is truthy after its run: writing it turns a timeout
    // into an interval, or an interval into a timeout.
    set _repeat (value) {
      if (value) {
        this._flags |= REPEAT
        if (value !== this._delay) keepPeriod(this, value)
        else periods.delete(this)
      } else {
        this._flags &= ~REPEAT
        periods.delete(this)
      }
    }

    /**
     * Node's list links: set (truthy) while the timer waits in a list, null otherwise, also while
     * its callback runs. Packages test them to see whether a timer is pending, and Node's own
     * clearTimeout (see `_destroyed`) reads and writes them; the writes are ignored. They point
     * as Node's do: `_idleNext` towards the timers created before (the first one's is the
     * bucket), `_idlePrev` towards those created after (the last one's is the bucket).
     */
    get _idleNext () {
      return this._prev
    }

    set _idleNext (value) {}

    get _idlePrev () {
      return this._next
    }

    set _idlePrev (value) {}

    /** Node's field: true once the timer has fired (and not been refreshed) or been cleared. */
    get _destroyed () {
      return (this._flags & DESTROYED) !== 0
    }

    // Node's own clearTimeout sets `_onTimeout = null` and then `_destroyed = true` on whatever it
    // is given: a timer of ours created while install()ed and cleared after uninstall() is cleared.
    set _destroyed (value) {
      if (value && (this._flags & DESTROYED) === 0) cancelPending(this)
    }

    /** Node's field for the extra arguments: undefined or an array (the same one every read). */
    get _timerArgs () {
      const shape = this._flags & ARGS_SHAPE
      if (shape !== ARGS_LIST) this._timerArgs = unpackArgs(this._args, shape)
      return this._args
    }

    // Writable as in Node, whose clearTimeout (Node 24.21 and 26) also sets it to undefined.
    set _timerArgs (value) {
      this._args = value
      this._flags &= ~ARGS_SHAPE
    }
  }
  for (const key of Object.getOwnPropertyNames(NodeFields.prototype)) {
    if (key !== 'constructor') Object.defineProperty(Timeout.prototype, key, Object.getOwnPropertyDescriptor(NodeFields.prototype, key))
  }
}

module.exports = { defineNodeFields, kept, settlePeriod }
