'use strict'

// How timers look under util.inspect() and console.log(): Node's fields, not our internals.
//
// A heaptimers timer's own fields are its packed state, its links into a bucket or list, and
// its shared async context. Printed as they are, console.log(timer) walked into the bucket, the
// neighbouring timers and the context's bookkeeping, dozens of lines that mean nothing to a
// Node user. So each timer class prints a view instead: an object of Node's class name holding
// the fields of Node's timer that heaptimers keeps, read as a program reads them (most through
// accessors). What it leaves out: Node's symbol-keyed internals, and an Immediate's
// `_idleNext`/`_idlePrev` (which it does not have).
//
// Node's Timeout prints its fields at depth 0, with custom inspectors off (its class defines
// util.inspect.custom that way), so the view does too. Node's Immediate has no custom
// inspector and prints at the caller's depth; ours needs one to print a view, and prints it
// at that depth, with `[Immediate]` past it, as Node does.

const CUSTOM = Symbol.for('nodejs.util.inspect.custom')

// Empty classes, for the class names util.inspect prints.
const views = { Timeout: class Timeout {}, Immediate: class Immediate {}, TimersList: class TimersList {} }
// What a link to a list's own node prints as, one level down: `[TimersList]`, as Node's does.
// It links to itself, as Node's empty list does: an object with no fields would print as `{}`.
const listView = new views.TimersList()
listView._idleNext = listView
listView._idlePrev = listView

// Required on first use: util is not needed to run timers.
let inspect = null

function inspectWith (view, options) {
  if (inspect === null) inspect = require('util').inspect
  return inspect(view, options)
}

/**
 * The util.inspect for a Timeout: Node's fields, one level deep, as Node prints its own.
 * `isListHead(link)`: whether a list link is the list's own node, not a timer.
 */
function timeoutInspector (isListHead) {
  const linkView = link => isListHead(link) ? listView : link
  return function inspectTimeout (_, options) {
    return inspectWith(timeoutView(this, linkView), { ...options, depth: 0, customInspect: false })
  }
}

function timeoutView (timer, linkView) {
  const view = new views.Timeout()
  view._idleTimeout = timer._idleTimeout
  view._idlePrev = linkView(timer._idlePrev)
  view._idleNext = linkView(timer._idleNext)
  view._idleStart = timer._idleStart
  view._onTimeout = timer._onTimeout
  view._timerArgs = timer._timerArgs
  view._repeat = timer._repeat
  view._destroyed = timer._destroyed
  return view
}

/** util.inspect for an Immediate: Node's fields, at the depth left, as Node prints its own. */
function inspectImmediate (depth, options) {
  if (depth !== null && depth < 0) return options.stylize('[Immediate]', 'special')
  const view = new views.Immediate()
  view._onImmediate = this._onImmediate
  view._argv = this._argv
  view._destroyed = this._destroyed
  return inspectWith(view, { ...options, depth })
}

/**
 * Gives a timer class its inspector as Node's class method: not enumerable, and named
 * `[nodejs.util.inspect.custom]`, as a method with that computed key is.
 */
function defineInspector (TimerClass, inspector) {
  Object.defineProperty(inspector, 'name', { value: '[nodejs.util.inspect.custom]' })
  Object.defineProperty(TimerClass.prototype, CUSTOM, { value: inspector, writable: true, configurable: true })
}

module.exports = { defineInspector, timeoutInspector, inspectImmediate }
