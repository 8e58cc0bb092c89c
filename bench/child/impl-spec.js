// Implementation specs: `native`, `heaptimers`, `heaptimers:maxTickDepth=10,drainBetweenCallbacks=false`,
// `undici` (the timers undici uses for its request timeouts), `module:<path or package>` (any
// module exporting some of the six timer functions) and the Pyodide study's strategies
// (strategies.js): `channel`, `channel-per-call`, `post-task`, `pyodide:k=2,reuse=false`.
// Parsed the same way by the parent (to validate the command line) and by the child (to configure
// the library), so a spec means one thing everywhere. ES5 on purpose: the child requires it.
'use strict'

var STRATEGIES = ['channel', 'channel-per-call', 'post-task', 'pyodide']
var NAMES = ['native', 'heaptimers', 'floor', 'undici'].concat(STRATEGIES)

// `module:./my-timers.js`, `module:some-package`: the rest of the spec is the module, not options.
var MODULE = 'module'
var VALID = 'native, heaptimers, heaptimers:key=value,..., undici, module:<path or package>, ' +
  'channel, channel-per-call, post-task, pyodide:k=<integer>,reuse=<true|false>'

// The floor (tools/floor.js, in a clone of the repository only; docs/performance.md): the least
// work heaptimers' design can do per timer, run beside the others so that a missed target can be
// told from slack in the same run. Its options: the library's drainBetweenCallbacks, and
// freshClock=false, which drops the clock read per timeout to measure what that read costs.
var FLOOR_OPTION_TYPES = {
  drainBetweenCallbacks: 'boolean',
  freshClock: 'boolean'
}
var FLOOR_OPTIONS = Object.keys(FLOOR_OPTION_TYPES)

// pyodide's options: the threshold k of its `delay <= k` rule, and whether its channel is reused.
var PYODIDE_OPTION_TYPES = {
  k: 'integer',
  reuse: 'boolean'
}

// The library's configure() options and the type each must parse to; the library validates the
// values again, this only catches typos before any child is spawned.
var OPTION_TYPES = {
  maxTickDepth: 'integer',
  drainBetweenCallbacks: 'boolean',
  asyncContext: 'boolean'
}

// `-` is the pseudo implementation of rows that call no timer function at all (fn-*).
var NONE = '-'

function optionKeys () {
  return Object.keys(OPTION_TYPES)
}

function parseValue (type, key, raw, spec) {
  if (type === 'boolean') {
    if (raw === 'true') return true
    if (raw === 'false') return false
    throw new Error('bad value \'' + raw + '\' for ' + key + ' in implementation \'' + spec + '\' (valid: true, false)')
  }
  if (!/^\d+$/.test(raw)) {
    throw new Error('bad value \'' + raw + '\' for ' + key + ' in implementation \'' + spec + '\' (valid: an integer >= 0)')
  }
  return Number(raw)
}

// A module named by path (./x.js, ../x, /abs/x, ~/x, C:\x) rather than by package name.
function isPath (target) {
  return /^(\.{1,2}([\\/]|$)|[\\/~]|[A-Za-z]:[\\/])/.test(target)
}

// Returns { id, name, options, target? } or throws an Error with a one-line message.
function parse (spec) {
  var text = String(spec).trim()
  var colon = text.indexOf(':')
  var name = colon < 0 ? text : text.slice(0, colon)
  if (name === MODULE) {
    var target = colon < 0 ? '' : text.slice(colon + 1).trim()
    if (!target) throw new Error('implementation \'' + text + '\' needs a module (valid: module:./my-timers.js, module:<package>)')
    return { id: MODULE + ':' + target, name: MODULE, options: {}, target: target }
  }
  if (NAMES.indexOf(name) < 0) {
    throw new Error('unknown implementation \'' + text + '\' (valid: ' + VALID + '; heaptimers keys ' + optionKeys().join(', ') + ')')
  }
  var options = {}
  var keys = []
  if (colon >= 0) {
    var types = name === 'floor' ? FLOOR_OPTION_TYPES : name === 'pyodide' ? PYODIDE_OPTION_TYPES : name === 'heaptimers' ? OPTION_TYPES : null
    if (!types) {
      throw new Error('implementation \'' + name + '\' takes no options (got \'' + text + '\')')
    }
    var pairs = text.slice(colon + 1).split(',')
    for (var i = 0; i < pairs.length; i++) {
      var pair = pairs[i].trim()
      var eq = pair.indexOf('=')
      var key = eq < 0 ? pair : pair.slice(0, eq)
      if (!Object.prototype.hasOwnProperty.call(types, key)) {
        throw new Error(name === 'floor'
          ? 'the floor has no option \'' + key + '\' (valid: ' + FLOOR_OPTIONS.join(', ') + ')'
          : 'unknown option \'' + key + '\' in implementation \'' + text + '\' (valid: ' + Object.keys(types).join(', ') + ')')
      }
      if (eq < 0) {
        throw new Error('option \'' + key + '\' in implementation \'' + text + '\' needs a value (' + key + '=...)')
      }
      options[key] = parseValue(types[key], key, pair.slice(eq + 1).trim(), text)
      keys.push(key + '=' + options[key])
    }
  }
  return { id: keys.length ? name + ':' + keys.join(',') : name, name: name, options: options }
}

// What a report calls an implementation: module:<x> by its package name or file name
// (module:./lib/my-timers.js is my-timers.js), every other by its id.
function label (id) {
  var text = String(id)
  if (text.indexOf(MODULE + ':') !== 0) return text
  var target = text.slice(MODULE.length + 1)
  if (!isPath(target)) return target
  var parts = target.replace(/[\\/]+$/, '').split(/[\\/]/)
  return parts[parts.length - 1] || target
}

// Splits a comma-separated list of specs. A piece like `drainBetweenCallbacks=false` (no colon,
// has `=`) continues the options of the spec before it, so option lists need no quoting.
function splitList (list) {
  var pieces = String(list).split(',')
  var specs = []
  for (var i = 0; i < pieces.length; i++) {
    var piece = pieces[i].trim()
    if (!piece) continue
    var continues = piece.indexOf(':') < 0 && piece.indexOf('=') >= 0 && specs.length > 0
    if (continues) specs[specs.length - 1] += ',' + piece
    else specs.push(piece)
  }
  return specs
}

module.exports = {
  NAMES: NAMES,
  STRATEGIES: STRATEGIES,
  NONE: NONE,
  MODULE: MODULE,
  VALID: VALID,
  isPath: isPath,
  label: label,
  parse: parse,
  splitList: splitList
}
