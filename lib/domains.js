'use strict'

// Keeping heaptimers' native handles out of domains (docs/differences.md, "Domains").

const EventEmitter = require('events')

/**
 * Returns `create(a, b)` called with no domain active. Node's domain module binds an async
 * resource created while a domain is active to that domain: it enters the domain around the
 * resource's callbacks and sends their errors to it. Our native handles run every callback of a
 * pass, and our captures are shared by timers created in and out of domains, so neither may be
 * bound to one: heaptimers runs no callback inside a domain (docs/differences.md).
 */
function outsideDomain (create, a, b) {
  // Only the domain module binds resources, and loading it sets this flag. Reading the flag, a
  // fast property, spares each arm a read of `process`, a dictionary-mode object.
  if (!domainsLoaded()) return create(a, b)
  const domain = process.domain
  if (domain === null || domain === undefined) return create(a, b)
  process.domain = null // what the domain module's init hook reads
  try {
    return create(a, b)
  } finally {
    process.domain = domain
  }
}

/** Whether the domain module is loaded: before it is, no domain can be active. */
function domainsLoaded () {
  return EventEmitter.usingDomains
}

/**
 * Defines `domain` on a timer prototype: the domain a timer created inside one runs in, as Node's
 * domain module sets it on its own timers; writable, as `domain.add()` and `remove()` write it.
 */
function defineDomainField (proto) {
  Object.defineProperty(proto, 'domain', {
    configurable: true,
    enumerable: false,
    get () {
      const context = this._context
      return context !== null && context !== undefined && context.domain !== null ? context.domain : undefined
    },
    set (value) {
      Object.defineProperty(this, 'domain', { configurable: true, enumerable: false, writable: true, value })
    },
  })
}

module.exports = { defineDomainField, domainsLoaded, outsideDomain }
