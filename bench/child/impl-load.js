// Turns an implementation spec into the timer object `T` that scenarios call (`T.setTimeout`, ...),
// inside the child. Reports, rather than throws, the two ways a cell cannot run: the child's Node
// is below the library's engines (`n/a`), or the library fails to load or configure (`load`).
// A module given with module:<x> or undici may export only some of the six functions: the others
// throw an `n/a` error when a row calls them, so that row, and only it, reads n/a with the reason.
// ES5 on purpose: the child requires it on every Node version.
'use strict'

var implSpec = require('./impl-spec')
var strategies = require('./strategies')
var nodeVersion = require('./node-version')
var nodeMajor = nodeVersion.nodeMajor

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

function errorMessage (err) {
  if (err && err.message) return String(err.message).split('\n')[0]
  return String(err)
}

// A stand-in for a function the module (or the runtime) lacks: a row that needs it is n/a, with
// why. Marked, so the harness never mistakes it for a way to yield.
function lacking (who, name, why) {
  var err = new Error(why || who + ' exports no ' + name + '()')
  err.kind = 'n/a'
  return strategies.standIn(err)
}

// The runtime's own functions; Node 0.8 has no setImmediate or clearImmediate (they came in
// 0.10), nor has a browser.
function nativeTimers (natives) {
  var T = pick(natives)
  var names = ['setImmediate', 'clearImmediate']
  for (var i = 0; i < names.length; i++) {
    if (typeof T[names[i]] !== 'function') {
      T[names[i]] = lacking('native', names[i], nodeVersion.inBrowser()
        ? names[i] + '() does not exist in a browser (this is ' + process.version + ')'
        : names[i] + '() does not exist before Node v0.10 (this is ' + process.version + ')')
    }
  }
  return T
}

function pickSome (source, who) {
  var T = {}
  for (var i = 0; i < FUNCTIONS.length; i++) {
    var fn = source && source[FUNCTIONS[i]]
    T[FUNCTIONS[i]] = typeof fn === 'function' ? fn : lacking(who, FUNCTIONS[i])
  }
  return T
}

// An ES module's exports, or its default export when that is where the functions are.
function timersOf (mod) {
  if (mod && typeof mod.setTimeout !== 'function' && mod.default && typeof mod.default === 'object') return mod.default
  return mod
}

// file:// URL of an absolute path, without the url module (Node 0.10 has no pathToFileURL).
function fileUrl (file) {
  var slashed = String(file).replace(/\\/g, '/')
  return 'file://' + (slashed.charAt(0) === '/' ? '' : '/') + encodeURI(slashed).replace(/[?#]/g, encodeURIComponent)
}

function needsImport (file, err) {
  if (/\.mjs$/.test(file)) return true
  var code = err && err.code
  var text = String(err && err.message)
  return code === 'ERR_REQUIRE_ESM' || code === 'ERR_REQUIRE_ASYNC_MODULE' ||
    /Cannot use import statement|Unexpected token 'export'|import\.meta|ES Module/.test(text)
}

// Loads a module: require() first, import() for an ES module where this runtime has it. The
// import() goes through the Function constructor so that parsers older than ES2020 never see it.
function requireOrImport (file, cb) {
  var mod
  try {
    mod = require(file)
  } catch (e) {
    if (!needsImport(file, e)) return cb(e)
    var dynamicImport
    try {
      dynamicImport = new Function('s', 'return import(s)')
    } catch (e2) {
      return cb(e)
    }
    return dynamicImport(fileUrl(file)).then(function (m) { cb(null, m) }, cb)
  }
  cb(null, mod)
}

/**
 * Which of the six timer functions the module at `file` exports, loaded as loadModule() loads
 * it: calls back (err, names). The CLI runs it in a separate Node before any cell
 * (bench/cli/impl-modules.js), so that a module exporting none is refused up front.
 */
function exportedFunctions (file, cb) {
  requireOrImport(file, function (err, mod) {
    if (err) return cb(err)
    var timers = timersOf(mod)
    cb(null, FUNCTIONS.filter(function (name) { return timers && typeof timers[name] === 'function' }))
  })
}

// `module:<x>` and `undici`, from the file the parent resolved (bench/cli/impl-modules.js).
function loadModule (spec, modulePath, cb) {
  var who = implSpec.label(spec.id)
  if (!modulePath) return cb({ error: { kind: 'failed', message: 'no module file was given for ' + spec.id } })
  requireOrImport(modulePath, function (err, mod) {
    if (err) return cb({ error: { kind: 'load', message: 'cannot load ' + modulePath + ': ' + errorMessage(err) } })
    cb({ T: pickSome(timersOf(mod), who) })
  })
}

// Calls back with what load() returns; module:<x> and undici may load asynchronously (ES modules).
function loadAsync (specText, natives, libPath, engines, modulePath, cb) {
  var spec
  try {
    spec = specText === implSpec.NONE ? null : implSpec.parse(specText)
  } catch (e) {
    return cb({ error: { kind: 'failed', message: errorMessage(e) } })
  }
  if (spec && (spec.name === implSpec.MODULE || spec.name === 'undici')) return loadModule(spec, modulePath, cb)
  cb(load(specText, natives, libPath, engines))
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
  if (spec.name === 'native') return { T: nativeTimers(natives) }
  if (implSpec.STRATEGIES.indexOf(spec.name) >= 0) return { T: pickSome(strategies.timers(spec, natives), spec.id) }

  if (spec.name === 'floor') libPath = FLOOR_PATH
  var needed = minMajor(engines)
  if (nodeVersion.inBrowser()) {
    return { error: { kind: 'n/a', message: spec.name + ' runs on Node ' + engines + ', not in a browser (this is ' + process.version + ')' } }
  }
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

// A browser page has no setImmediate, and its nested setTimeout(0) waits 4 ms from the fifth
// level: the harness steps with a message on a channel of its own instead.
function pageYield (natives) {
  if (!nodeVersion.inBrowser() || typeof MessageChannel !== 'function') return null
  return strategies.timers({ name: 'channel', options: {} }, natives).setImmediate
}

// The timers the harness itself steps off the loop with (between batches, in the scenarios' own
// sequences): the natives, with a setImmediate that works beside T, the implementation under test.
// Node 0.8 has none, so a native setTimeout(0) stands in (outside every measured window); a
// browser a channel. Before
// Node 9 one slot, process._immediateCallback, runs the immediate queue of whoever claimed it
// last: a module that keeps its own queue there (qtimers does) and Node's queue strand each
// other's items, so there the harness yields with the module's own setImmediate.
function harnessTimers (natives, T) {
  var own = T && T.setImmediate
  var sharesSlot = typeof process === 'object' && '_needImmediateCallback' in process &&
    typeof own === 'function' && !own.lacking && own !== natives.setImmediate
  var yieldFn = sharesSlot ? own : natives.setImmediate || pageYield(natives) || function (fn) { natives.setTimeout(fn, 0) }
  return {
    setTimeout: natives.setTimeout,
    clearTimeout: natives.clearTimeout,
    setInterval: natives.setInterval,
    clearInterval: natives.clearInterval,
    setImmediate: yieldFn
  }
}

module.exports = { load: load, harnessTimers: harnessTimers, loadAsync: loadAsync, exportedFunctions: exportedFunctions, fileUrl: fileUrl, FUNCTIONS: FUNCTIONS }
