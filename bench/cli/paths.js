// Where things live, resolved once: the repository, the library the heaptimers implementation
// loads, its engines range, and tinybench's location and engines for the child.
'use strict'

const fs = require('fs')
const path = require('path')
const { pathToFileURL } = require('url')

const ROOT = path.resolve(__dirname, '..', '..')
const CHILD = path.join(ROOT, 'bench', 'child', 'main.js')
// The app rows' load generator, run beside the child on the Node running timerbench.
const HTTP_LOAD = path.join(ROOT, 'bench', 'apps', 'http-load.js')

function readJson (file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const pkg = readJson(path.join(ROOT, 'package.json')) || {}

// TIMERBENCH_LIB points the heaptimers implementation at another build of the library
// (a branch checkout, a published copy, or a test double).
function libPath () {
  return path.resolve(process.env.TIMERBENCH_LIB || path.join(ROOT, 'lib', 'index.js'))
}

function engines () {
  return (pkg.engines && pkg.engines.node) || '>=18'
}

// The child imports tinybench by URL (it has no resolver of its own to rely on across versions)
// and only on Nodes its engines allow; null when tinybench is not installed.
let tinybenchCache

function tinybench () {
  if (tinybenchCache === undefined) tinybenchCache = locateTinybench()
  return tinybenchCache
}

function locateTinybench () {
  let entry
  try {
    entry = require.resolve('tinybench')
  } catch {
    return null
  }
  const meta = readJson(path.join(path.dirname(entry), '..', 'package.json')) || {}
  const range = (meta.engines && meta.engines.node) || '>=20'
  const m = /(\d+)/.exec(range)
  return { url: pathToFileURL(entry).href, minNode: m ? Number(m[1]) : 20, version: meta.version || null }
}

module.exports = { ROOT, CHILD, HTTP_LOAD, pkg, libPath, engines, tinybench }
