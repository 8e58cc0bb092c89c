// Where runtime installations live, as candidate binaries: node, bun and deno on PATH, the
// directories of Node's version managers (nvm, n, fnm, volta, asdf, nodenv, mise; each honours
// its environment variable and falls back to its documented default), Bun's and Deno's own
// install directories ($BUN_INSTALL or ~/.bun, $DENO_INSTALL or ~/.deno) and timerbench's cache. Only looks at the file
// system: nothing here runs a binary (discover.js verifies them), so a stale or broken tree costs
// a directory listing, not a hang.
'use strict'

const fs = require('fs')
const path = require('path')
const cache = require('./cache')
const runtime = require('./runtime')

const EXE = runtime.exe(runtime.NODE)

// Layouts from ../DESIGN.md: <root>/<versions...>/<one dir per version>/<bin...>.
// roots(env, home): the default roots when the environment variable is unset, in order.
const MANAGERS = [
  {
    name: 'nvm',
    env: 'NVM_DIR',
    roots: (env, home) => [path.join(home, '.nvm')],
    versions: ['versions', 'node'],
    bin: ['bin', EXE]
  },
  {
    name: 'n',
    env: 'N_PREFIX',
    roots: () => ['/usr/local'],
    versions: ['n', 'versions', 'node'],
    bin: ['bin', EXE]
  },
  // fnm moved from ~/.fnm to the XDG data directory (and Application Support on macOS); it still
  // uses ~/.fnm when that exists, so look in all of them.
  {
    name: 'fnm',
    env: 'FNM_DIR',
    roots: (env, home) => [path.join(dataHome(env, home), 'fnm'), path.join(home, '.fnm')]
      .concat(process.platform === 'darwin' ? [path.join(home, 'Library', 'Application Support', 'fnm')] : []),
    versions: ['node-versions'],
    bin: ['installation', 'bin', EXE]
  },
  {
    name: 'volta',
    env: 'VOLTA_HOME',
    roots: (env, home) => [path.join(home, '.volta')],
    versions: ['tools', 'image', 'node'],
    bin: ['bin', EXE]
  },
  {
    name: 'asdf',
    env: 'ASDF_DATA_DIR',
    roots: (env, home) => [path.join(home, '.asdf')],
    versions: ['installs', 'nodejs'],
    bin: ['bin', EXE]
  },
  {
    name: 'nodenv',
    env: 'NODENV_ROOT',
    roots: (env, home) => [path.join(home, '.nodenv')],
    versions: ['versions'],
    bin: ['bin', EXE]
  },
  {
    name: 'mise',
    env: 'MISE_DATA_DIR',
    roots: (env, home) => [path.join(dataHome(env, home), 'mise')],
    versions: ['installs', 'node'],
    bin: ['bin', EXE]
  }
]

// Bun's and Deno's installers put one binary in <root>/bin, the root moved by an environment
// variable.
const HOMES = [
  { name: runtime.BUN, env: 'BUN_INSTALL', root: (home) => path.join(home, '.bun'), bin: ['bin', runtime.exe(runtime.BUN)] },
  { name: runtime.DENO, env: 'DENO_INSTALL', root: (home) => path.join(home, '.deno'), bin: ['bin', runtime.exe(runtime.DENO)] }
]

// Sources in the order discovery prefers them when two give the same version.
const SOURCES = ['running', 'PATH', ...MANAGERS.map((m) => m.name), ...HOMES.map((h) => h.name), 'cache']

function dataHome (env, home) {
  return env.XDG_DATA_HOME || path.join(home, '.local', 'share')
}

function isDir (dir) {
  try {
    return fs.statSync(dir).isDirectory()
  } catch {
    return false
  }
}

// A file, or a symlink even if it dangles: a broken install is reported, not silently missed.
function present (file) {
  return fs.existsSync(file) || cache.isLink(file)
}

function managerCandidates (manager, env, home) {
  const set = env[manager.env]
  const roots = set ? [path.resolve(set)] : manager.roots(env, home)
  const searched = []
  const found = []
  for (const root of roots) {
    const versionsDir = path.join(root, ...manager.versions)
    const exists = isDir(versionsDir)
    searched.push({ source: manager.name, dir: versionsDir, from: set ? manager.env : 'default', exists })
    if (!exists) continue
    for (const entry of fs.readdirSync(versionsDir).sort()) {
      const binary = path.join(versionsDir, entry, ...manager.bin)
      if (present(binary)) found.push({ path: binary, source: manager.name, hint: entry })
    }
  }
  return { searched, found }
}

function homeCandidates (home, env) {
  const searched = []
  const found = []
  for (const h of HOMES) {
    const root = env[h.env] ? path.resolve(env[h.env]) : h.root(home)
    const binary = path.join(root, ...h.bin)
    const dir = path.dirname(binary)
    searched.push({ source: h.name, dir, from: env[h.env] ? h.env : 'default', exists: isDir(dir) })
    if (present(binary)) found.push({ path: binary, source: h.name, hint: null })
  }
  return { searched, found }
}

const PATH_NAMES = [runtime.NODE, runtime.BUN, runtime.DENO].map((name) => runtime.exe(name))

function pathCandidates (env) {
  const dirs = String(env.PATH || env.Path || '').split(path.delimiter).filter(Boolean)
  const seen = new Set()
  const found = []
  for (const name of PATH_NAMES) {
    for (const dir of dirs) {
      const binary = path.resolve(dir, name)
      if (seen.has(binary) || !present(binary)) continue
      seen.add(binary)
      found.push({ path: binary, source: 'PATH', hint: null })
    }
  }
  return found
}

// env: the environment to read (process.env, or a test's). Returns { candidates: [{ path,
// source, hint }], searched: [{ source, dir, from, exists }] }; the running Node is not a
// candidate (discover.js adds it without running anything).
function candidates (env = process.env) {
  const home = cache.home(env)
  const searched = []
  const found = pathCandidates(env)
  for (const manager of MANAGERS) {
    const m = managerCandidates(manager, env, home)
    searched.push(...m.searched)
    found.push(...m.found)
  }
  const homes = homeCandidates(home, env)
  searched.push(...homes.searched)
  found.push(...homes.found)
  const cacheDir = cache.dir(env)
  searched.push({ source: 'cache', dir: cacheDir, from: env.TIMERBENCH_CACHE ? 'TIMERBENCH_CACHE' : 'default', exists: isDir(cacheDir) })
  for (const c of cache.installed(cacheDir)) found.push({ path: c.path, source: 'cache', hint: c.hint })
  return { candidates: found, searched }
}

module.exports = { candidates, MANAGERS, HOMES, SOURCES }
