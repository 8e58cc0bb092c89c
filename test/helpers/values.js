'use strict'
// Shared lists of odd inputs. Each entry is [label, value]; values are built
// fresh per call so no test can mutate another's input.

class Foo {}
class Callable { call () {} }

function nonFunctions () {
  return [
    ['null', null],
    ['undefined', undefined],
    ['0', 0],
    ['1', 1],
    ['-1', -1],
    ['-0', -0],
    ['1.5', 1.5],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['empty string', ''],
    ['string', 'str'],
    ['function source string', '() => {}'],
    ['long string', 'x'.repeat(100)],
    ['true', true],
    ['false', false],
    ['plain object', {}],
    ['null-prototype object', Object.create(null)],
    ['object with call()', new Callable()],
    ['class instance', new Foo()],
    ['array', []],
    ['array of function', [() => {}]],
    ['Date', new Date(0)],
    ['RegExp', /re/],
    ['Map', new Map()],
    ['Promise', Promise.resolve()],
    ['Proxy of object', new Proxy({}, {})],
    ['symbol', Symbol('desc')],
    ['symbol without description', Symbol()], // eslint-disable-line symbol-description
    ['bigint', 10n],
    ['bigint 0', 0n],
  ]
}

// Delays and what they probe.
function delays () {
  return [
    ['undefined', undefined],
    ['null', null],
    ['0', 0],
    ['-0', -0],
    ['0.5', 0.5],
    ['1', 1],
    ['1.8', 1.8],
    ['-1', -1],
    ['-Infinity', -Infinity],
    ['NaN', NaN],
    ['Infinity', Infinity],
    ['2**31-1', 2 ** 31 - 1],
    ['2**31', 2 ** 31],
    ['2**32', 2 ** 32],
    ['Number.MAX_VALUE', Number.MAX_VALUE],
    ['string "10"', '10'],
    ['string "1.5"', '1.5'],
    ['string " 12 "', ' 12 '],
    ['string "0x10"', '0x10'],
    ['string "abc"', 'abc'],
    ['empty string', ''],
    ['true', true],
    ['false', false],
    ['[]', []],
    ['[7]', [7]],
    ['[1,2]', [1, 2]],
    ['{}', {}],
    ['{ valueOf: 25 }', { valueOf () { return 25 } }],
    ['{ valueOf: "30" }', { valueOf () { return '30' } }],
    ['{ toString: "40" }', { toString () { return '40' } }],
    ['Date(5)', new Date(5)],
    ['new Number(9)', new Number(9)], // eslint-disable-line no-new-wrappers
  ]
}

// Delays that make `delay * 1` throw.
function throwingDelays () {
  return [
    ['bigint', 1n],
    ['symbol', Symbol('d')],
    ['valueOf throws', { valueOf () { throw new RangeError('from valueOf') } }],
    ['valueOf returns bigint', { valueOf () { return 2n } }],
    ['valueOf returns symbol', { valueOf () { return Symbol('v') } }],
  ]
}

// Things to hand to clearTimeout/clearInterval/clearImmediate that were never
// issued by that implementation. The native handles are Node's own (a
// heaptimers clear function cancels them natively; given to the other kind's
// clear function they are a foreign value); the timers are unref'd and far
// off, so they never keep a process alive or fire during a test.
function foreignHandles () {
  const nativeTimers = require('node:timers')
  const noop = () => {}
  return [
    ['native Timeout', nativeTimers.setTimeout(noop, 1e7).unref()],
    ['native interval', nativeTimers.setInterval(noop, 1e7).unref()],
    ['native Immediate', nativeTimers.setImmediate(noop)],
    ['null', null],
    ['undefined', undefined],
    ['plain object', {}],
    ['frozen object', Object.freeze({})],
    ['null-prototype object', Object.create(null)],
    ['array', []],
    ['number never issued', 987654321],
    ['0', 0],
    ['-1', -1],
    ['NaN', NaN],
    ['string number never issued', '987654321'],
    ['string', 'abc'],
    ['true', true],
    ['symbol', Symbol('h')],
    ['bigint', 5n],
    ['function', () => {}],
    ['object with _onTimeout', { _onTimeout () {}, _idleTimeout: 5 }],
    ['frozen object with _onTimeout', Object.freeze({ _onTimeout () {} })],
    ['object with _onImmediate', { _onImmediate () {} }],
  ]
}

module.exports = { nonFunctions, delays, throwingDelays, foreignHandles, Foo }
