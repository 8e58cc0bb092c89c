'use strict'

// The fields of Node's Timeout that real packages read and write (`_idleTimeout`, `_repeat`,
// `_idleNext`/`_idlePrev`, `_destroyed`, `_timerArgs`), as accessors over heaptimers' own compact
// fields. Cold code: nothing in heaptimers' hot paths goes through them.

const { ARGS_LIST, ARGS_SHAPE, unpackArgs } = require('./callbacks')

const NODE_CLEARED = -1 // `_idleTimeout` of a cleared timer, as in Node

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

    set _idleTimeout (value) {
      this._delay = value
    }

    /** Node's interval field: the period of an interval, null for a timeout. */
    get _repeat () {
      return (this._flags & REPEAT) !== 0 ? this._delay : null
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

module.exports = { defineNodeFields }
