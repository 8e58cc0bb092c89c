'use strict'

// The intrinsic Promise, whatever the global `Promise` is by the time heaptimers loads: a program
// may have replaced it (`global.Promise = require('bluebird')`, zone.js). Node's own modules use
// the intrinsic one (primordials), and so must we: a userland promise carries no async ids and
// may run its reactions from an immediate instead of the microtask queue. An async function's
// result is always an intrinsic promise. Its methods are taken as they are when we load.
const IntrinsicPromise = (async () => {})().constructor

module.exports = {
  IntrinsicPromise,
  promiseThen: IntrinsicPromise.prototype.then,
}
