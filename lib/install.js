'use strict'

// Swapping Node's timers for ours, and back.
//
// install() replaces the six functions on globalThis and on require('timers'), and the promise
// functions on require('timers/promises'); syncBuiltinESMExports() then updates the named
// exports that ESM `import { setTimeout } from 'node:timers'` sees. uninstall() puts back the
// very values that were there at install() time (a program's own wrappers included). Both are
// idempotent. Timers created before either call keep running on the implementation that made
// them: our clear functions also accept native timers.

const timersModule = require('timers')
const promisesModule = require('timers/promises')
const { syncBuiltinESMExports } = require('module')
const timeouts = require('./timeouts')
const immediates = require('./immediates')
const promises = require('./promises')

/** The six timer functions, as install() puts them on globalThis and node:timers. */
const timerFunctions = {
  setTimeout: timeouts.setTimeout,
  clearTimeout: timeouts.clearTimeout,
  setInterval: timeouts.setInterval,
  clearInterval: timeouts.clearInterval,
  setImmediate: immediates.setImmediate,
  clearImmediate: immediates.clearImmediate,
}
const promiseReplacements = {
  setTimeout: promises.setTimeout,
  setImmediate: promises.setImmediate,
  setInterval: promises.setInterval,
  scheduler: promises.scheduler,
}
const targets = [
  [globalThis, timerFunctions],
  [timersModule, timerFunctions],
  [promisesModule, promiseReplacements],
]

let saved = null

/** Makes globalThis, node:timers and node:timers/promises use heaptimers. */
function install () {
  if (saved !== null) return
  saved = targets.map(([target, values]) => swap(target, values))
  syncBuiltinESMExports()
}

/** Restores exactly what install() replaced. */
function uninstall () {
  if (saved === null) return
  targets.forEach(([target], i) => swap(target, saved[i]))
  saved = null
  syncBuiltinESMExports()
}

/** Whether install() is in effect. */
function isInstalled () {
  return saved !== null
}

function swap (target, values) {
  const previous = {}
  for (const name of Object.keys(values)) {
    previous[name] = target[name]
    target[name] = values[name]
  }
  return previous
}

module.exports = { install, uninstall, isInstalled, timerFunctions }
