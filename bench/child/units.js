// The units a timerbench result can be in, with what a reader needs to compare two values: which
// direction is better, whether 0 is a real measurement (a lateness or an early-fire count can be
// exactly 0; a rate or a CPU share of 0 means nothing ran), whether values are whole counts, and
// a one-line meaning for the notes under a table. One table for the schema, the reports and the
// scenario descriptors, so a unit cannot mean one thing in the child and another in a report.
// ES5 on purpose: the child requires it (through scenarios/define.js) on every Node version.
'use strict'

var UNITS = {
  'M/s': { higherIsBetter: true, zero: false, text: 'millions of operations per second' },
  '% cpu': { higherIsBetter: false, zero: false, text: 'CPU time in % of one core' },
  ms: { higherIsBetter: false, zero: true, text: 'milliseconds (lateness, jitter or total time; see `timerbench scenarios`)' },
  'early fires': { higherIsBetter: false, zero: true, integer: true, text: 'timers that fired before performance.now() at creation + delay' },
  'fires/s': { higherIsBetter: true, zero: true, text: 'callbacks of a 1 ms timer per second while the loop is busy' },
  'ns/timer': { higherIsBetter: false, zero: false, text: 'nanoseconds of CPU time to set and run one timeout' },
  'bytes/timer': { higherIsBetter: false, zero: false, text: 'heap bytes per pending timeout' },
  us: { higherIsBetter: false, zero: false, text: 'microseconds (latency; see `timerbench scenarios`)' },
  'us/request': { higherIsBetter: false, zero: false, text: 'microseconds of server CPU per request served' },
  'us/entry': { higherIsBetter: false, zero: false, text: 'microseconds of CPU per cache entry, from insert to purge' },
  'us/job': { higherIsBetter: false, zero: false, text: 'microseconds of CPU per queued job, from schedule to its end' }
}

/** The unit's description, or null for a unit timerbench does not know. */
function info (unit) {
  return Object.prototype.hasOwnProperty.call(UNITS, unit) ? UNITS[unit] : null
}

/** Whether `value` is a measurement a result in `unit` may hold: finite, > 0, or >= 0 where 0 is real. */
function validValue (unit, value) {
  var u = info(unit)
  if (!u || typeof value !== 'number' || !isFinite(value)) return false
  return u.zero ? value >= 0 : value > 0
}

module.exports = { UNITS: UNITS, info: info, validValue: validValue }
