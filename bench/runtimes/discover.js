// Finds every working runtime installation (Node, Bun, Deno): the running Node plus every
// candidate from managers.js, each verified by running it (5 s timeout, then once more alone,
// clean environment) and asking which runtime it is, its version, arch and real executable. Installations are keyed by that executable's real
// path, so a PATH symlink, a version manager's shim (volta, asdf, nodenv, mise) and the version
// directory it dispatches to are one installation seen from several sources; children run the
// real binary (no shim start-up per child, no dependence on the current directory's
// .tool-versions). Candidates that do not run, time out or print no version are returned as
// skipped, with why.
'use strict'

const fs = require('fs')
const { execFile } = require('child_process')
const { nodeCommand } = require('../cli/child-env')
const { candidates: listCandidates, SOURCES } = require('./managers')
const runtime = require('./runtime')

const VERIFY_TIMEOUT_MS = 5000
// Verifying starts a Node each: a few at a time keeps a 2-core machine responsive.
const CONCURRENCY = 4
// A binary that gave no answer in time gets a second try, alone and this many times longer: the
// first start of a 100 MB binary the system has paged out took over 5 s here with four starting
// at once (and 0.3 s once paged in), and a version skipped for that reads as "not installed".
const RETRY_TIMEOUT_FACTOR = 4

// ES5 and no newer API: the binary may be Node 0.10. Bun and Deno report a Node version too
// (the one they are compatible with); their own comes from Bun.version and Deno.version.
const PROBE = 'var r = typeof Bun !== "undefined" ? ["bun", Bun.version] : typeof Deno !== "undefined" ? ["deno", Deno.version.deno] : ["node", process.version];' +
  ' console.log(JSON.stringify(["@@timerbench-probe", process.version, process.arch, process.execPath, r[0], r[1]]))'

/** The real path of `file`, or `file` itself where it cannot be resolved. */
function realpath (file) {
  try {
    return fs.realpathSync(file)
  } catch {
    return file
  }
}

// Why a path cannot be a node binary, before trying to run it; null when it may be one.
function precheck (binary) {
  let stat
  try {
    stat = fs.statSync(binary)
  } catch (err) {
    if (err.code === 'ENOENT') return 'not found (a dangling symlink?)'
    return `cannot stat: ${err.code || err.message}`
  }
  if (!stat.isFile()) return 'not a file'
  if (process.platform !== 'win32') {
    try {
      fs.accessSync(binary, fs.constants.X_OK)
    } catch {
      return 'not executable'
    }
  }
  return null
}

function parseProbe (stdout) {
  for (const line of String(stdout).split('\n')) {
    try {
      const v = JSON.parse(line)
      if (Array.isArray(v) && v[0] === '@@timerbench-probe' && /^v\d+\.\d+\.\d+/.test(v[1])) {
        const name = runtime.RUNTIMES.includes(v[4]) ? v[4] : runtime.NODE
        const release = name === runtime.NODE ? v[1] : String(v[5])
        return { runtime: name, release, version: runtime.label(name, release), nodeCompat: v[1], arch: v[2], execPath: v[3] }
      }
    } catch {
      // not the probe's line
    }
  }
  return null
}

function firstLine (text) {
  return String(text || '').split('\n').map((l) => l.trim()).find(Boolean) || ''
}

// Runs `binary -e PROBE` (`deno eval PROBE` for a binary named deno). Resolves { runtime,
// release (the runtime's own version), version (the column label, runtime.js), nodeCompat,
// arch, execPath } or { error: reason, timedOut }; never rejects.
function verify (binary, { timeoutMs = VERIFY_TIMEOUT_MS, env = process.env } = {}) {
  const why = precheck(binary)
  if (why) return Promise.resolve({ error: why })
  return new Promise((resolve) => {
    const cmd = nodeCommand(binary, runtime.evalArgs(runtime.guess(binary), PROBE), env)
    execFile(cmd.file, cmd.args, { env: cmd.env, timeout: timeoutMs, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        const probe = parseProbe(stdout)
        if (probe) return resolve({ ...probe, execPath: realpath(probe.execPath || binary) })
        if (err && err.killed) return resolve({ error: `no answer within ${timeoutMs / 1000} s`, timedOut: true })
        const detail = firstLine(stderr) || firstLine(stdout)
        if (err && typeof err.code === 'number') return resolve({ error: `exited with code ${err.code}${detail ? ': ' + detail : ''}` })
        if (err && err.signal) return resolve({ error: `killed by ${err.signal}` })
        if (err) return resolve({ error: err.message.split('\n')[0] })
        resolve({ error: `printed no version${detail ? ': ' + detail : ''}` })
      })
  })
}

async function mapLimited (items, limit, fn) {
  const out = new Array(items.length)
  let next = 0
  async function worker () {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i])
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return out
}

function byVersionThenSource (a, b) {
  return runtime.compareLabels(a.version, b.version) || SOURCES.indexOf(a.sources[0]) - SOURCES.indexOf(b.sources[0])
}

// Probes again, one at a time with a longer timeout, the candidates that did not answer in time.
async function retrySilent (candidates, probes, { timeoutMs, env }) {
  const retryMs = timeoutMs * RETRY_TIMEOUT_FACTOR
  for (let i = 0; i < candidates.length; i++) {
    if (!probes[i].timedOut) continue
    const again = await verify(candidates[i].path, { timeoutMs: retryMs, env })
    probes[i] = again.timedOut ? { ...again, error: `${probes[i].error}, nor within ${retryMs / 1000} s alone` } : again
  }
}

// The running Node needs no probe. Where PATH and it are the same file they merge below.
function running () {
  return {
    runtime: runtime.NODE,
    release: process.version,
    version: process.version,
    nodeCompat: process.version,
    arch: process.arch,
    path: realpath(process.execPath),
    sources: ['running'],
    found: [process.execPath]
  }
}

// options: { env (default process.env), timeoutMs }. Returns { installs, skipped, searched }:
// installs [{ runtime, release, version (label), nodeCompat, arch, path (real executable),
// sources: [...], found: [paths as found] }] in column order (runtime.js); skipped [{ path, source, reason }]; searched as in managers.js.
async function discover ({ env = process.env, timeoutMs = VERIFY_TIMEOUT_MS } = {}) {
  const { candidates, searched } = listCandidates(env)
  const probes = await mapLimited(candidates, CONCURRENCY, (c) => verify(c.path, { timeoutMs, env }))
  await retrySilent(candidates, probes, { timeoutMs, env })
  const byReal = new Map()
  const self = running()
  byReal.set(self.path, self)
  const skipped = []
  candidates.forEach((c, i) => {
    const p = probes[i]
    if (p.error) {
      skipped.push({ path: c.path, source: c.source, reason: p.error })
      return
    }
    const known = byReal.get(p.execPath)
    if (known) {
      if (!known.sources.includes(c.source)) known.sources.push(c.source)
      if (!known.found.includes(c.path)) known.found.push(c.path)
    } else {
      const { runtime: name, release, version, nodeCompat, arch } = p
      byReal.set(p.execPath, { runtime: name, release, version, nodeCompat, arch, path: p.execPath, sources: [c.source], found: [c.path] })
    }
  })
  return { installs: [...byReal.values()].sort(byVersionThenSource), skipped, searched }
}

module.exports = { discover, verify, realpath }
