// Turns an implementation spec into the timer object `T` that scenarios call (`T.setTimeout`, ...),
// inside the child. Reports, rather than throws, the two ways a cell cannot run: the child's Node
// is below the library's engines (`n/a`), or the library fails to load or configure (`load`).
// ES5 on purpose: the child requires it on every Node version.
'use strict'

var implSpec = require('./impl-spec')

// `-i floor`: the maintainers' floor in a clone's tools/, whatever library TIMERBENCH_LIB names.
var FLOOR_PATH = __dirname + '/../../tools/floor.js' // no path module: the child requires only fs and perf_hooks

var FUNCTIONS = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']

function pick (source) {
  var T = {}
  for (var i = 0; i < FUNCTIONS.length; i++) T[FUNCTIONS[i]] = source[FUNCTIONS[i]]
  return T
}

// Lowest major allowed by an engines range such as ">=18" or "^18.0.0 || >=20"; 0 if unknown.
function minMajor (range) {
  var m = /(\d+)/.exec(String(range || ''))
  return m ? Number(m[1]) : 0
}

function nodeMajor () {
  return Number(process.versions.node.split('.')[0])
}

function errorMessage (err) {
  if (err && err.message) return String(err.message).split('\n')[0]
  return String(err)
}

// natives: the timer functions captured at child start, before anything could replace them.
// Returns { T } or { error: { kind, message } }. T is null for the `-` pseudo implementation.
function load (specText, natives, libPath, engines) {
  if (specText === implSpec.NONE) return { T: null }
  var spec
  try {
    spec = implSpec.parse(specText)
  } catch (e) {
    return { error: { kind: 'failed', message: errorMessage(e) } }
  }
  if (spec.name === 'native') return { T: pick(natives) }

  if (spec.name === 'floor') libPath = FLOOR_PATH
  var needed = minMajor(engines)
  if (nodeMajor() < needed) {
    return { error: { kind: 'n/a', message: spec.name + ' needs Node ' + engines + ', this is ' + process.version } }
  }
  var lib
  try {
    lib = require(libPath)
  } catch (e) {
    return { error: { kind: 'load', message: 'cannot load ' + libPath + ': ' + errorMessage(e) } }
  }
  for (var i = 0; i < FUNCTIONS.length; i++) {
    if (!lib || typeof lib[FUNCTIONS[i]] !== 'function') {
      return { error: { kind: 'load', message: libPath + ' does not export ' + FUNCTIONS[i] + '()' } }
    }
  }
  if (Object.keys(spec.options).length) {
    if (typeof lib.configure !== 'function') {
      return { error: { kind: 'load', message: libPath + ' does not export configure()' } }
    }
    try {
      lib.configure(spec.options)
    } catch (e) {
      return { error: { kind: 'load', message: 'configure(' + JSON.stringify(spec.options) + ') threw: ' + errorMessage(e) } }
    }
  }
  return { T: pick(lib) }
}

module.exports = { load: load }
