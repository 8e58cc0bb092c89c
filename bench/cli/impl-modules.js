// The files behind `-i module:<path or package>` and `-i undici`, found before any cell runs so
// that a typo is bad input (exit 2) rather than a table of error cells. A module is resolved from
// the current directory as the user's own code would resolve it, then loaded once in a separate
// Node to see which of the six timer functions it exports; one that exports none is refused. A
// module that throws on load is not refused here: its cells say why, as any other load error.
//
// undici is the HTTP client inside Node's fetch; its lib/util/timers.js runs timeouts of a second
// or more on one shared coarse tick and shorter ones on native timers. It is taken from the
// user's project when installed there, else from timerbench's cache, where --install puts it.
'use strict'

const fs = require('fs')
const path = require('path')
const { execFile } = require('child_process')
const implSpec = require('../child/impl-spec')
const { FUNCTIONS } = require('../child/impl-load')
const { UsageError } = require('./usage-error')
const cache = require('../runtimes/cache')
const { fetchPackage } = require('../runtimes/install-runtime')

const UNDICI = 'undici'
const UNDICI_TIMERS = path.join('lib', 'util', 'timers.js')
const PROBE_TIMEOUT_MS = 15000

// Asks the child's own loader (impl-load.js) which timer functions the module exports, or why it
// could not load; run with the Node running timerbench, in a process of its own.
const PROBE = `require(${JSON.stringify(require.resolve('../child/impl-load'))}).exportedFunctions(process.argv[1], (err, functions) => {
  console.log('@@timerbench-module ' + JSON.stringify(err ? { error: String(err.message || err).split('\\n')[0] } : { functions }))
  process.exit(0)
})`

function readJson (file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// The entry of a package directory for a runtime that imports it: exports (import, default or the
// string), then module, then main, then index.js.
function packageEntry (dir) {
  const meta = readJson(path.join(dir, 'package.json')) || {}
  let entry = meta.exports
  if (entry && typeof entry === 'object' && entry['.'] !== undefined) entry = entry['.']
  while (entry && typeof entry === 'object') entry = entry.import || entry.node || entry.default || entry.require
  const candidates = [entry, meta.module, meta.main, 'index.js'].filter((e) => typeof e === 'string')
  for (const c of candidates) {
    const file = path.resolve(dir, c)
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file
    if (fs.existsSync(`${file}.js`)) return `${file}.js`
  }
  return null
}

// node_modules/<name> in cwd or a parent directory, as Node's resolver walks up.
function findPackageDir (name, cwd) {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', ...name.split('/'))
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate
    if (path.dirname(dir) === dir) return null
  }
}

// `pkg`, `@scope/pkg`, `pkg/sub/file.js`: the package's name and the subpath after it.
function splitPackage (target) {
  const parts = target.split('/')
  const n = target.startsWith('@') ? 2 : 1
  return { name: parts.slice(0, n).join('/'), sub: parts.slice(n).join('/') }
}

function resolveFile (target, cwd, env) {
  if (implSpec.isPath(target)) {
    const file = path.resolve(cwd, cache.expandHome(target, env))
    if (!fs.existsSync(file)) return { missing: `module '${target}' does not exist (${file})` }
    if (fs.statSync(file).isDirectory()) {
      const entry = packageEntry(file)
      return entry ? { file: entry } : { missing: `module '${target}' is a directory without an entry file` }
    }
    return { file }
  }
  try {
    return { file: require.resolve(target, { paths: [cwd] }) }
  } catch {
    // An ES-module-only package has no `require` entry: look it up as import() would.
  }
  const { name, sub } = splitPackage(target)
  const dir = findPackageDir(name, cwd)
  if (!dir) return { missing: `package '${name}' is not installed in ${cwd} or a parent directory` }
  const file = sub ? path.join(dir, sub) : packageEntry(dir)
  if (!file || !fs.existsSync(file)) return { missing: `package '${name}' has no file ${sub || 'to load'}` }
  return { file }
}

// Resolves { functions } or { error } from the probe; never rejects.
function probeExports (file, env) {
  return new Promise((resolve) => {
    const childEnv = { ...env }
    delete childEnv.NODE_OPTIONS
    execFile(process.execPath, ['-e', PROBE, file], { env: childEnv, timeout: PROBE_TIMEOUT_MS, encoding: 'utf8', maxBuffer: 1 << 20 },
      (err, stdout) => {
        const line = String(stdout).split('\n').find((l) => l.startsWith('@@timerbench-module '))
        if (line) return resolve(JSON.parse(line.slice('@@timerbench-module '.length)))
        resolve({ error: err && err.killed ? `no answer within ${PROBE_TIMEOUT_MS / 1000} s` : `the probe printed nothing${err ? ': ' + err.message.split('\n')[0] : ''}` })
      })
  })
}

const VALID_MODULE = 'module:<path of a .js, .cjs or .mjs file>, or module:<package installed in this project>'

async function resolveModule (spec, { cwd, env }) {
  const found = resolveFile(spec.target, cwd, env)
  if (found.missing) throw new UsageError(`${found.missing} (valid: ${VALID_MODULE})`)
  const probe = await probeExports(found.file, env)
  if (probe.functions && !probe.functions.length) {
    throw new UsageError(`module '${spec.target}' (${found.file}) exports none of ${FUNCTIONS.join(', ')} ` +
      '(valid: a module exporting some of them, as named exports or on its default export)')
  }
  const meta = readJson(path.join(path.dirname(found.file), 'package.json'))
  return { path: found.file, label: implSpec.label(spec.id), functions: probe.functions || null, loadError: probe.error || null, version: meta && meta.version }
}

/**
 * A package timerbench uses but does not depend on (undici, the app rows' lru-cache): from the
 * project (cwd and up), else the cache (<cache>/<name>); with install, fetched into the cache.
 * Resolves { dir, source } or { dir: null, cached }.
 */
async function findPackage (name, { cwd = process.cwd(), env = process.env, install = false, npm, stream = process.stderr, version = null } = {}) {
  const cached = path.join(cache.dir(env), name)
  const project = findPackageDir(name, cwd)
  if (project) return { dir: project, source: 'project' }
  const inCache = path.join(cached, 'node_modules', name)
  if (fs.existsSync(path.join(inCache, 'package.json'))) return { dir: inCache, source: 'cache' }
  if (!install) return { dir: null, cached }
  const { bar } = await fetchPackage(version ? `${name}@${version}` : name, cached, { npm, stream, env })
  bar.end(`installed ${name}@${(readJson(path.join(inCache, 'package.json')) || {}).version} at ${inCache}`)
  return { dir: inCache, source: 'cache' }
}

async function resolveUndici ({ cwd, env, install, npm, stream }) {
  const { dir, source, cached } = await findPackage(UNDICI, { cwd, env, install, npm, stream })
  if (!dir) {
    throw new UsageError(`-i undici needs undici, which is neither installed in ${cwd} nor in the timerbench cache ` +
      `(valid: npm install undici in this project, or add --install to fetch it into ${cached})`)
  }
  const version = (readJson(path.join(dir, 'package.json')) || {}).version
  const file = path.join(dir, UNDICI_TIMERS)
  if (!fs.existsSync(file)) {
    throw new UsageError(`undici ${version} at ${dir} has no ${UNDICI_TIMERS} (valid: a recent undici: npm install undici@latest)`)
  }
  return { path: file, label: UNDICI, version, source }
}

// The browser driver, pinned where timerbench fetches it (24.x: 25 needs Node 22.12, the CLI runs
// on 20); a project's own copy is used as it is.
const PUPPETEER = 'puppeteer-core'
const PUPPETEER_VERSION = '24.43.1'

/** puppeteer-core's directory, for browser columns; a UsageError saying how to get it when it is nowhere. */
async function resolvePuppeteer ({ cwd = process.cwd(), env = process.env, install = false, npm, stream = process.stderr } = {}) {
  const { dir, cached } = await findPackage(PUPPETEER, { cwd, env, install, npm, stream, version: PUPPETEER_VERSION })
  if (!dir) {
    throw new UsageError(`browser columns need ${PUPPETEER}, which is neither installed in ${cwd} nor in the timerbench cache ` +
      `(valid: npm install ${PUPPETEER}@${PUPPETEER_VERSION.split('.')[0]} in this project, or add --install to fetch ${PUPPETEER}@${PUPPETEER_VERSION} into ${cached})`)
  }
  return dir
}

/**
 * The files of the module:<x> and undici implementations among `impls` (ids), by id:
 * { [id]: { path, label, version, ... } }. Throws a UsageError for a module that cannot be found
 * or exports no timer function, and for undici when it is nowhere and --install is not given.
 */
async function resolveModules (impls, { cwd = process.cwd(), env = process.env, install = false, npm, stream = process.stderr } = {}) {
  const out = {}
  for (const id of impls) {
    const spec = implSpec.parse(id)
    if (spec.name === implSpec.MODULE) out[id] = await resolveModule(spec, { cwd, env })
    else if (spec.name === UNDICI) out[id] = await resolveUndici({ cwd, env, install, npm, stream })
  }
  return out
}

module.exports = { resolveModules, resolveFile, packageEntry, findPackage, resolvePuppeteer, PUPPETEER, PUPPETEER_VERSION }
