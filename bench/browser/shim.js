// The page side of a browser cell: a CommonJS `require` and a `process` just large enough for the
// benchmark child, so that bench/child/main.js runs in the page unchanged. Files come from the
// cell's loopback server (server.js), which resolves each require by Node's rules; they are read
// with synchronous requests, all before the child starts measuring. What the child writes and its
// exit code go back to the server. Node's built-in modules do not exist here: requiring one
// throws an n/a error naming it, so a row that needs one reads n/a with that reason; perf_hooks
// alone maps to the page's own performance.
// ES5, as all of the child.
/* global window, XMLHttpRequest */
;(function () {
  'use strict'

  var modules = {}
  var exited = false

  function request (method, url, body) {
    var x = new XMLHttpRequest()
    x.open(method, url, false)
    x.send(body === undefined ? null : body)
    return x
  }

  function missingBuiltin (name) {
    var err = new Error("a browser page has no Node module '" + name + "'")
    err.code = 'MODULE_NOT_FOUND'
    err.kind = 'n/a'
    return err
  }

  var BUILTINS = {
    perf_hooks: function () { return { performance: window.performance } }
  }

  function evaluate (file, source) {
    var module = { exports: {}, filename: file, loaded: false }
    modules[file] = module
    if (/\.json$/.test(file)) {
      module.exports = JSON.parse(source)
      return module.exports
    }
    var dir = file.slice(0, file.lastIndexOf('/'))
    // sourceURL: a stack names the file, as in Node.
    var body = source.replace(/^#!.*/, '') + '\n//# sourceURL=' + file
    var fn = new Function('exports', 'require', 'module', '__filename', '__dirname', 'process', 'global', body)
    fn.call(module.exports, module.exports, makeRequire(file), module, file, dir, process, window)
    module.loaded = true
    return module.exports
  }

  function makeRequire (from) {
    return function require (id) {
      var x = request('GET', '/module?from=' + encodeURIComponent(from) + '&id=' + encodeURIComponent(id))
      var builtin = x.getResponseHeader('X-Timerbench-Builtin')
      if (builtin) {
        if (BUILTINS[builtin]) return BUILTINS[builtin]()
        throw missingBuiltin(builtin)
      }
      if (x.status !== 200) {
        var err = new Error(x.responseText || "Cannot find module '" + id + "'")
        err.code = 'MODULE_NOT_FOUND'
        throw err
      }
      var file = x.getResponseHeader('X-Timerbench-File')
      return modules[file] ? modules[file].exports : evaluate(file, x.responseText)
    }
  }

  function writer (path) {
    return {
      write: function (text, cb) {
        request('POST', path, String(text))
        if (typeof cb === 'function') Promise.resolve().then(cb)
        return true
      }
    }
  }

  var handlers = { uncaughtException: [], unhandledRejection: [] }

  // One line: the message, then where it was thrown (the parent keeps the last line).
  function describe (err) {
    var lines = String((err && err.stack) || err).split('\n')
    var at = lines.length > 1 ? ' (' + lines[1].trim() + ')' : ''
    return (err && err.message ? String(err.name || 'Error') + ': ' + err.message : lines[0]) + at
  }

  // An error nobody handles ends the page's child as it ends a Node process: code 1.
  function dispatch (kind, err) {
    if (!handlers[kind].length) {
      process.stderr.write(describe(err) + '\n')
      return process.exit(1)
    }
    for (var i = 0; i < handlers[kind].length; i++) handlers[kind][i](err)
  }

  var process = {
    argv: [],
    version: '',
    versions: { node: '0.0.0' },
    browser: true,
    platform: 'browser',
    env: {},
    stdout: writer('/stdout'),
    stderr: writer('/stderr'),
    exit: function (code) {
      if (exited) return
      exited = true
      request('POST', '/exit', String(code || 0))
    },
    on: function (event, fn) {
      if (handlers[event]) handlers[event].push(fn)
      return process
    },
    nextTick: function (fn) {
      var args = Array.prototype.slice.call(arguments, 1)
      Promise.resolve().then(function () { fn.apply(null, args) })
    },
    uptime: function () { return window.performance.now() / 1000 },
    cwd: function () { return '/' }
  }

  window.addEventListener('error', function (e) {
    e.preventDefault()
    dispatch('uncaughtException', e.error || new Error(e.message))
  })
  window.addEventListener('unhandledrejection', function (e) {
    e.preventDefault()
    dispatch('unhandledRejection', e.reason)
  })

  // The smallest step performance.now() takes here: 5 us or more unless cross-origin isolated.
  function resolutionMs () {
    var best = Infinity
    for (var i = 0; i < 20; i++) {
      var a = window.performance.now()
      var b = a
      while (b === a) b = window.performance.now()
      if (b - a < best) best = b - a
    }
    return Math.round(best * 1e6) / 1e6
  }

  // boot: { main (the child's file), spec (its JSON argument), version (what process.version
  // says: the browser and its release) }.
  function start (boot) {
    process.argv = ['browser', boot.main, boot.spec]
    process.version = boot.version
    request('POST', '/page', JSON.stringify({
      crossOriginIsolated: window.crossOriginIsolated === true,
      timerResolutionMs: resolutionMs(),
      userAgent: window.navigator.userAgent
    }))
    try {
      makeRequire(boot.main)(boot.main)
    } catch (err) {
      dispatch('uncaughtException', err)
    }
  }

  window.timerbenchShim = { start: start }
})()
