// The Node binaries a run uses, from `--node`: the running Node by default; otherwise a list of
// versions (`22` is the newest 22.x installed, `v22.3.0` exactly that one, `0.10` the newest
// 0.10.x), paths to node binaries, `current` (the running Node) and `all` (every installed
// version). Versions are looked up with discover.js; with --install, those not found are fetched
// (install.js) instead of being an error. One column per version, so two different binaries of
// the same version are refused rather than silently merged.
'use strict'

const fs = require('fs')
const path = require('path')
const { UsageError } = require('../cli/usage-error')
const { parts, compareVersions, matches } = require('./version')
const discovery = require('./discover')
const installer = require('./install-runtime')
const cache = require('./cache')

const ALL = 'all'
const CURRENT = 'current'

const VALID = `${ALL}, ${CURRENT}, a version like 22, v22.3.0 or 0.10, or the path of a node binary`

function isPathLike (token) {
  return /[\\/]/.test(token) || token.startsWith('.') || token.startsWith('~')
}

function expandHome (token, env) {
  if (token === '~' || token.startsWith('~/')) return path.join(cache.home(env), token.slice(1))
  return token
}

// tokens: the --node list, already split on commas. Returns [{ text, kind, prefix?, path? }];
// throws a UsageError on a token that is none of the valid forms.
function parseSpecs (tokens, env = process.env) {
  return tokens.map((text) => {
    if (text === ALL) return { text, kind: 'all' }
    if (text === CURRENT) return { text, kind: 'current' }
    if (isPathLike(text)) return { text, kind: 'path', path: path.resolve(expandHome(text, env)) }
    const prefix = parts(text)
    if (prefix) return { text, kind: 'version', prefix }
    throw new UsageError(`bad value '${text}' for --node (valid: ${VALID})`)
  })
}

// The real path, as discovery reports it: `current` and `20` must be the same binary.
function running () {
  let real = process.execPath
  try {
    real = fs.realpathSync(real)
  } catch {
    // keep execPath
  }
  return { version: process.version, path: real, source: 'running' }
}

function asNode (install) {
  return { version: install.version, path: install.path, source: install.sources ? install.sources.join('+') : install.source }
}

// The newest install whose version falls under the prefix, or null; of equal versions the first
// (installs come in discover.js's order of preferred sources).
function newest (installs, prefix) {
  let best = null
  for (const i of installs) {
    if (matches(i.version, prefix) && (!best || compareVersions(i.version, best.version) > 0)) best = i
  }
  return best
}

// One install per version: the first of each, i.e. the most preferred source (discover.js order).
function onePerVersion (installs) {
  const seen = new Set()
  return installs.filter((i) => (seen.has(i.version) ? false : seen.add(i.version)))
}

function describeInstalled (installs) {
  const versions = onePerVersion(installs).map((i) => i.version)
  return versions.length ? versions.join(', ') : 'none'
}

// Candidates discovery could not run, with why: one of them may be the version asked for.
const SKIPPED_SHOWN = 3
function describeSkipped (skipped) {
  if (!skipped.length) return ''
  const shown = skipped.slice(0, SKIPPED_SHOWN).map((s) => `${s.path} (${s.reason})`)
  const more = skipped.length > SKIPPED_SHOWN ? ` and ${skipped.length - SKIPPED_SHOWN} more` : ''
  return `; found but not working: ${shown.join(', ')}${more}`
}

function missingError (missing, installs, pkg, skipped = []) {
  const names = missing.map((s) => s.text)
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} are` : `${names[0]} is`
  return new UsageError(`Node ${list} not installed (installed: ${describeInstalled(installs)}${describeSkipped(skipped)}; ` +
    `add --install to fetch ${pkg}@${names[0].replace(/^v/, '')} from the npm registry into the timerbench cache, ` +
    'or pass the path of a node binary; `timerbench nodes` lists what was found)')
}

// Pure selection, for specs other than paths: { nodes, missing } against a list of installs.
function select (specs, installs) {
  const nodes = []
  const missing = []
  for (const spec of specs) {
    if (spec.kind === 'all') nodes.push(...onePerVersion(installs).map(asNode))
    else if (spec.kind === 'current') nodes.push(running())
    else if (spec.kind === 'version') {
      const hit = newest(installs, spec.prefix)
      if (hit) nodes.push(asNode(hit))
      else missing.push(spec)
    }
  }
  return { nodes, missing }
}

// Drops repeats of one binary; refuses two binaries of one version (they would share a column).
function uniqueNodes (nodes) {
  const byVersion = new Map()
  for (const node of nodes) {
    const known = byVersion.get(node.version)
    if (!known) byVersion.set(node.version, node)
    else if (known.path !== node.path) {
      throw new UsageError(`--node names two binaries of ${node.version}: ${known.path} and ${node.path} ` +
        '(valid: one binary per version; a table has one column per version)')
    }
  }
  return [...byVersion.values()].sort((a, b) => compareVersions(a.version, b.version))
}

async function verifyPath (spec, options) {
  const probe = await discovery.verify(spec.path, { env: options.env, timeoutMs: options.timeoutMs })
  if (probe.error) throw new UsageError(`'${spec.text}' is not a working node binary (${probe.error})`)
  return { version: probe.version, path: probe.execPath, source: 'path' }
}

// specs: from parseSpecs. options: { install (bool), env, timeoutMs, stream (install progress),
// npm, pkg, cacheDir (test hooks) }. Resolves [{ version, path, source }] oldest first.
async function resolveNodes (specs, options = {}) {
  const env = options.env || process.env
  if (!specs || !specs.length) return [running()]
  const fromPaths = []
  for (const spec of specs.filter((s) => s.kind === 'path')) fromPaths.push(await verifyPath(spec, { ...options, env }))
  const others = specs.filter((s) => s.kind !== 'path')
  let installs = []
  let skipped = []
  if (others.some((s) => s.kind !== 'current')) {
    ({ installs, skipped } = await discovery.discover({ env, timeoutMs: options.timeoutMs }))
    // `--node ~/src/node/out/Release/node,0.10`: binaries named by path count as installed too.
    installs = [...installs, ...fromPaths].sort((a, b) => compareVersions(a.version, b.version))
  }
  const { nodes, missing } = select(others, installs)
  const pkg = options.pkg || cache.packageName()
  if (missing.length && !options.install) throw missingError(missing, installs, pkg, skipped)
  for (const spec of missing) {
    const got = await installer.install(spec.text, {
      cacheDir: options.cacheDir || cache.dir(env), pkg, npm: options.npm, stream: options.stream, env
    })
    if (!matches(got.version, spec.prefix)) {
      throw new UsageError(`installed ${pkg}@${spec.text.replace(/^v/, '')} but it is ${got.version}, not ${spec.text}`)
    }
    nodes.push({ ...got, source: 'cache' })
  }
  return uniqueNodes([...nodes, ...fromPaths])
}

// Where discovery looked and what it found, for `timerbench nodes`.
async function list (options = {}) {
  return discovery.discover({ env: options.env || process.env, timeoutMs: options.timeoutMs })
}

module.exports = { parseSpecs, select, resolveNodes, uniqueNodes, list, running, compareVersions, ALL, VALID }
