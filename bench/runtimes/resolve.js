// The runtimes a run uses, from `--node`: the running Node by default; otherwise a list of Node
// versions (`22` is the newest 22.x installed, `v22.3.0` exactly that one, `0.10` the newest
// 0.10.x), `bun` and `deno` (the newest installed), `bun@1.4`, `deno@2.9.6` (a version of
// them), paths to node, bun or deno binaries, `current` (the running Node) and `all` (every
// installed Node), and the browsers `chromium`, `chrome`, `firefox`, `firefox-esr` or a path to
// one (browsers.js). Installs are looked up with discover.js; with --install, those not found are
// fetched (install-runtime.js) instead of being an error; a missing browser is always an error. One column per runtime and version, so
// two different binaries of one version are refused rather than silently merged.
'use strict'

const fs = require('fs')
const path = require('path')
const { UsageError } = require('../cli/usage-error')
const { parts, compareVersions, matches } = require('./version')
const runtime = require('./runtime')
const discovery = require('./discover')
const installer = require('./install-runtime')
const cache = require('./cache')
const browsers = require('./browsers')

const ALL = 'all'
const CURRENT = 'current'

const VALID = `${ALL}, ${CURRENT}, a Node version like 22, v22.3.0 or 0.10, bun, deno, bun@1.4, deno@2.9.6, ` +
  `${Object.keys(browsers.NAMES).join(', ')}, or the path of a node, bun, deno or browser binary`

function isPathLike (token) {
  return /[\\/]/.test(token) || token.startsWith('.') || token.startsWith('~')
}

// `bun`, `deno@2.9`, `node@22`: a runtime and an optional version prefix (null: any version).
function runtimeSpec (text) {
  const m = /^(node|bun|deno)(?:@(.+))?$/.exec(text)
  if (!m) return null
  const prefix = m[2] === undefined ? null : parts(m[2])
  if (m[2] !== undefined && !prefix) return null
  return { text, kind: 'version', runtime: m[1], prefix }
}

// tokens: the --node list, already split on commas. Returns [{ text, kind, runtime?, prefix?,
// path? }]; throws a UsageError on a token that is none of the valid forms.
function parseSpecs (tokens, env = process.env) {
  return tokens.map((text) => {
    if (text === ALL) return { text, kind: 'all' }
    if (text === CURRENT) return { text, kind: 'current' }
    if (isPathLike(text)) return { text, kind: 'path', path: path.resolve(cache.expandHome(text, env)) }
    if (browsers.NAMES[text]) return { text, kind: 'browser', name: text }
    const prefix = parts(text)
    if (prefix) return { text, kind: 'version', runtime: runtime.NODE, prefix }
    const named = runtimeSpec(text)
    if (named) return named
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
  return { runtime: runtime.NODE, release: process.version, version: process.version, path: real, source: 'running' }
}

// What a run keeps of an install: version is the column label (runtime.js), release the runtime's
// own version.
function asNode (install) {
  return {
    runtime: install.runtime || runtime.NODE,
    release: install.release || install.version,
    version: install.version,
    path: install.path,
    source: install.sources ? install.sources.join('+') : install.source
  }
}

function fits (install, spec) {
  return (install.runtime || runtime.NODE) === spec.runtime && (!spec.prefix || matches(install.release || install.version, spec.prefix))
}

// The newest install of the spec's runtime whose version falls under its prefix, or null; of
// equal versions the first (installs come in discover.js's order of preferred sources).
function newest (installs, spec) {
  let best = null
  for (const i of installs) {
    if (fits(i, spec) && (!best || compareVersions(i.release || i.version, best.release || best.version) > 0)) best = i
  }
  return best
}

// One install per version: the first of each, i.e. the most preferred source (discover.js order).
function onePerVersion (installs) {
  const seen = new Set()
  return installs.filter((i) => (seen.has(i.version) ? false : seen.add(i.version)))
}

function describeInstalled (installs, name) {
  const versions = onePerVersion(installs).filter((i) => (i.runtime || runtime.NODE) === name).map((i) => i.version)
  return versions.length ? versions.join(', ') : 'none'
}

const TITLE = { node: 'Node', bun: 'Bun', deno: 'Deno' }

// Candidates discovery could not run, with why: one of them may be the version asked for.
const SKIPPED_SHOWN = 3
function describeSkipped (skipped) {
  if (!skipped.length) return ''
  const shown = skipped.slice(0, SKIPPED_SHOWN).map((s) => `${s.path} (${s.reason})`)
  const more = skipped.length > SKIPPED_SHOWN ? ` and ${skipped.length - SKIPPED_SHOWN} more` : ''
  return `; found but not working: ${shown.join(', ')}${more}`
}

// The version --install asks npm for: what was typed after the runtime name, or the latest.
function wantedVersion (spec) {
  if (spec.runtime === runtime.NODE && !spec.text.includes('@')) return spec.text.replace(/^v/, '')
  const at = spec.text.indexOf('@')
  return at < 0 ? 'latest' : spec.text.slice(at + 1).replace(/^v/, '')
}

// Names the first runtime missing; the others share the message's list.
function missingError (missing, installs, pkgOf, skipped = []) {
  const name = missing[0].runtime
  const names = missing.filter((s) => s.runtime === name).map((s) => (name === runtime.NODE ? s.text : s.text.replace(/^(bun|deno|node)@?/, '')))
  const versions = names.filter(Boolean)
  let what = TITLE[name]
  if (versions.length > 1) what += ` ${versions.slice(0, -1).join(', ')} and ${versions[versions.length - 1]} are`
  else what += `${versions.length ? ' ' + versions[0] : ''} is`
  return new UsageError(`${what} not installed (installed: ${describeInstalled(installs, name)}${describeSkipped(skipped)}; ` +
    `add --install to fetch ${pkgOf(name)}@${wantedVersion(missing[0])} from the npm registry into the timerbench cache, ` +
    `or pass the path of a ${name} binary; \`timerbench nodes\` lists what was found)`)
}

// Pure selection, for specs other than paths: { nodes, missing } against a list of installs.
function select (specs, installs) {
  const nodes = []
  const missing = []
  for (const spec of specs) {
    if (spec.kind === 'all') nodes.push(...onePerVersion(installs.filter((i) => (i.runtime || runtime.NODE) === runtime.NODE)).map(asNode))
    else if (spec.kind === 'current') nodes.push(running())
    else if (spec.kind === 'version') {
      const hit = newest(installs, spec)
      if (hit) nodes.push(asNode(hit))
      else missing.push(spec)
    }
  }
  return { nodes, missing }
}

// Drops repeats of one binary; refuses two binaries of one version (they would share a column).
// Columns come in runtime.js's order: Node oldest first, then Bun, then Deno.
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
  return [...byVersion.values()].sort((a, b) => runtime.compareLabels(a.version, b.version))
}

// A path names a browser when its file name says so (it is never run as a script host then), or
// when it is no working node, bun or deno but answers --version as a browser.
async function verifyPath (spec, options) {
  const asBrowser = () => browsers.probe(spec.path, { env: options.env })
  let probe = browsers.looksLikeBrowser(spec.path) ? await asBrowser() : await discovery.verify(spec.path, { env: options.env, timeoutMs: options.timeoutMs })
  if (probe.error && !browsers.looksLikeBrowser(spec.path)) {
    const browser = await asBrowser()
    if (!browser.error) probe = browser
  }
  if (probe.error) throw new UsageError(`'${spec.text}' is not a working node, bun, deno, Chromium, Chrome or Firefox binary (${probe.error})`)
  if (runtime.isBrowser(probe.runtime)) return browserNode(probe, 'path')
  return { runtime: probe.runtime, release: probe.release, version: probe.version, path: probe.execPath, source: 'path' }
}

function browserNode (install, source) {
  return { runtime: install.runtime, release: install.release, version: install.version, path: install.path, source, driver: install.driver }
}

// The browsers named in `specs`, each the newest install of its name; a missing one is an error
// that says how to install it, before any child starts.
async function resolveBrowsers (specs, env) {
  if (!specs.length) return []
  const { installs } = await browsers.discover({ env })
  return specs.map((spec) => {
    const hit = browsers.pick(spec.name, installs)
    if (!hit) throw new UsageError(browsers.missingHint(spec.name, env))
    return browserNode(hit, hit.sources.join('+'))
  })
}

// specs: from parseSpecs. options: { install (bool), env, timeoutMs, stream (install progress),
// npm, pkg (a function of the runtime), cacheDir (test hooks) }. Resolves [{ runtime, release,
// version (the column label), path, source }] in column order.
async function resolveNodes (specs, options = {}) {
  const env = options.env || process.env
  if (!specs || !specs.length) return [running()]
  const fromPaths = []
  for (const spec of specs.filter((s) => s.kind === 'path')) fromPaths.push(await verifyPath(spec, { ...options, env }))
  const fromBrowsers = await resolveBrowsers(specs.filter((s) => s.kind === 'browser'), env)
  const others = specs.filter((s) => s.kind !== 'path' && s.kind !== 'browser')
  let installs = []
  let skipped = []
  if (others.some((s) => s.kind !== 'current')) {
    ({ installs, skipped } = await discovery.discover({ env, timeoutMs: options.timeoutMs }))
    // `--node ~/src/node/out/Release/node,0.10`: binaries named by path count as installed too.
    installs = [...installs, ...fromPaths].sort((a, b) => runtime.compareLabels(a.version, b.version))
  }
  const { nodes, missing } = select(others, installs)
  const pkgOf = typeof options.pkg === 'string' ? () => options.pkg : options.pkg || ((name) => runtime.packageName(name))
  if (missing.length && !options.install) throw missingError(missing, installs, pkgOf, skipped)
  for (const spec of missing) {
    const pkg = pkgOf(spec.runtime)
    const version = wantedVersion(spec)
    const got = await installer.install(version, {
      cacheDir: options.cacheDir || cache.dir(env), pkg, runtime: spec.runtime, npm: options.npm, stream: options.stream, env
    })
    if (!fits(got, spec)) {
      throw new UsageError(`installed ${pkg}@${version} but it is ${got.version}, not ${spec.text}`)
    }
    nodes.push({ ...asNode(got), source: 'cache' })
  }
  return uniqueNodes([...nodes, ...fromPaths, ...fromBrowsers])
}

// Where discovery looked and what it found, for `timerbench nodes`: the script runtimes, and the
// browsers as `browsers: { installs, skipped }`.
async function list (options = {}) {
  const env = options.env || process.env
  const [found, web] = await Promise.all([discovery.discover({ env, timeoutMs: options.timeoutMs }), browsers.discover({ env })])
  return { ...found, browsers: web }
}

module.exports = { parseSpecs, select, resolveNodes, uniqueNodes, list, running, compareVersions, ALL, VALID }
