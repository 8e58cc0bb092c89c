'use strict'

// heaptimers: Node's setTimeout / setInterval / setImmediate family, on a binary heap of
// millisecond buckets and a linked-list immediate queue, each driven by one native handle.
//
// This module is the public face; the state lives in timeouts.js and immediates.js, so that
// require('heaptimers'), import 'heaptimers' and heaptimers/promises all share one instance.

const { promisify } = require('util')
const timeouts = require('./timeouts')
const immediates = require('./immediates')
const promises = require('./promises')
const { configure } = require('./options')
const { install, uninstall, isInstalled, timerFunctions } = require('./install')

// util.promisify(setTimeout) and util.promisify(setImmediate) give the promise versions, as in Node.
Object.defineProperty(timeouts.setTimeout, promisify.custom, {
  enumerable: true,
  get: () => promises.setTimeout,
})
Object.defineProperty(immediates.setImmediate, promisify.custom, {
  enumerable: true,
  get: () => promises.setImmediate,
})

/** Pending timeouts and immediates, and how many of them keep the process alive. */
function stats () {
  const t = timeouts.counts()
  const i = immediates.counts()
  return { timeouts: t.pending, immediates: i.pending, refed: t.refed + i.refed }
}

module.exports = {
  ...timerFunctions, // setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate
  promises,
  configure,
  install,
  uninstall,
  isInstalled,
  stats,
}
