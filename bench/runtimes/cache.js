// timerbench's cache of runtime binaries: where --install puts the Node, Bun and Deno versions it
// fetches from the npm registry, under which package name, and how to find them again. Never inside the repository:
// the default is the user's cache directory, so every checkout and `npx` shares one copy.
//
// Layout: <cache>/<what was asked for, e.g. 22, 0.10.48 or bun@1.4>/node_modules/<package>/<binary>,
// exactly what `npm install --prefix <cache>/<spec> <package>@<spec>` leaves behind (CI's
// ~/.cache/heaptimers-node uses the same layout, so TIMERBENCH_CACHE can point at it).
'use strict'

const fs = require('fs')
const os = require('os')
const path = require('path')
const runtime = require('./runtime')

function home (env) {
  return env.HOME || env.USERPROFILE || os.homedir()
}

// `~` and `~/x` as the shell would expand them; any other path as it is.
function expandHome (file, env = process.env) {
  if (file === '~' || file.startsWith('~/')) return path.join(home(env), file.slice(1))
  return file
}

// $TIMERBENCH_CACHE, else the platform's per-user cache directory.
function dir (env = process.env, platform = process.platform) {
  if (env.TIMERBENCH_CACHE) return path.resolve(env.TIMERBENCH_CACHE)
  if (platform === 'darwin') return path.join(home(env), 'Library', 'Caches', 'timerbench')
  if (platform === 'win32') {
    return path.join(env.LOCALAPPDATA || path.join(home(env), 'AppData', 'Local'), 'timerbench', 'Cache')
  }
  return path.join(env.XDG_CACHE_HOME || path.join(home(env), '.cache'), 'timerbench')
}

// The npm package holding the Node binary for a platform (runtime.js names Bun's and Deno's too).
function packageName (platform = process.platform, arch = process.arch) {
  return runtime.packageName(runtime.NODE, platform, arch)
}

function readJson (file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// The binary of an installed package: its package.json's bin entry for the runtime, else where
// that runtime's packages keep it (bin/node, bin/bun, deno).
function binaryOf (packageDir, name = runtime.NODE) {
  const meta = readJson(path.join(packageDir, 'package.json'))
  const bin = meta && meta.bin && (typeof meta.bin === 'string' ? meta.bin : meta.bin[name])
  return path.join(packageDir, bin || runtime.defaultBinary(name))
}

// Where `--install <spec>` installs: one directory per spec, without the `v`.
function installDir (cacheDir, spec) {
  return path.join(cacheDir, String(spec).replace(/^v/, ''))
}

function list (where) {
  try {
    return fs.readdirSync(where).sort()
  } catch {
    return []
  }
}

// The packages under a node_modules directory, scoped ones as @scope/name.
function packagesIn (modules) {
  const out = []
  for (const name of list(modules)) {
    if (name.startsWith('@')) out.push(...list(path.join(modules, name)).map((sub) => `${name}/${sub}`))
    else out.push(name)
  }
  return out
}

// Every binary in the cache, whatever the runtime and platform package: [{ path, runtime, hint }],
// hint being the directory's name (the spec it was installed for).
function installed (cacheDir) {
  const out = []
  for (const entry of list(cacheDir)) {
    const modules = path.join(cacheDir, entry, 'node_modules')
    for (const pkg of packagesIn(modules).filter((name) => runtime.PACKAGE.test(name))) {
      const name = runtime.runtimeOfPackage(pkg)
      const binary = binaryOf(path.join(modules, pkg), name)
      if (fs.existsSync(binary) || isLink(binary)) out.push({ path: binary, runtime: name, hint: entry })
    }
  }
  return out
}

// A dangling symlink is still a candidate: discovery reports it as broken rather than hide it.
function isLink (file) {
  try {
    return fs.lstatSync(file).isSymbolicLink()
  } catch {
    return false
  }
}

module.exports = { home, expandHome, dir, packageName, binaryOf, installDir, installed, isLink }
