// The browsers timerbench can run its child in: which names `--node` takes for them, where they
// are looked for (CHROME_PATH, FIREFOX_PATH, then PATH), and what each binary is, from its own
// `--version` line. Browsers do not come from the npm registry, so a missing one is an error that
// says how to install it. What puppeteer-core calls each family ('chrome' or 'firefox') travels
// with the install, for bench/browser/launch.js.
'use strict'

const fs = require('fs')
const path = require('path')
const { execFile } = require('child_process')
const runtime = require('./runtime')
const { realpath } = require('./discover')

const VERSION_TIMEOUT_MS = 10000

// Each name --node takes: the runtime (column) it gives, the variable that may name its binary,
// the file names looked for on PATH, and how to get it where it is missing.
const NAMES = {
  chromium: { runtime: runtime.CHROMIUM, env: 'CHROME_PATH', files: ['chromium', 'chromium-browser'], get: 'apt-get install chromium' },
  chrome: { runtime: runtime.CHROME, env: 'CHROME_PATH', files: ['google-chrome', 'google-chrome-stable', 'chrome'], get: 'install Google Chrome' },
  firefox: { runtime: runtime.FIREFOX, env: 'FIREFOX_PATH', files: ['firefox', 'firefox-esr'], get: 'apt-get install firefox-esr' },
  'firefox-esr': { runtime: runtime.FIREFOX, env: 'FIREFOX_PATH', files: ['firefox-esr'], get: 'apt-get install firefox-esr', esr: true }
}

// The `--version` lines of the browsers we drive: "Chromium 156.0.8078.129 built on Debian...",
// "Google Chrome 156.0.8078.129", "Mozilla Firefox 153.8.0esr".
function parseVersion (stdout) {
  const text = String(stdout)
  let m = /\bChromium (\d+(?:\.\d+)+)/.exec(text)
  if (m) return { runtime: runtime.CHROMIUM, release: m[1], driver: 'chrome', esr: false }
  m = /\bGoogle Chrome (?:for Testing )?(\d+(?:\.\d+)+)/.exec(text)
  if (m) return { runtime: runtime.CHROME, release: m[1], driver: 'chrome', esr: false }
  m = /\bMozilla Firefox (\d+(?:\.\d+)*)(esr)?/.exec(text)
  if (m) return { runtime: runtime.FIREFOX, release: m[1] + (m[2] || ''), driver: 'firefox', esr: Boolean(m[2]) }
  return null
}

/** Whether a file name says browser, so that a path is probed with --version rather than run as a script host. */
function looksLikeBrowser (file) {
  return /chrom|firefox/i.test(path.basename(String(file)))
}

function executable (file) {
  try {
    if (!fs.statSync(file).isFile()) return false
    fs.accessSync(file, fs.constants.X_OK)
    return true
  } catch {
    return false
  }
}

function firstLine (text) {
  return String(text || '').split('\n').map((l) => l.trim()).find(Boolean) || ''
}

/**
 * What the binary at `file` is: resolves { runtime, release, version (the column label), driver,
 * esr, path } or { error }; never rejects. Runs `file --version`, bounded by timeoutMs.
 */
function probe (file, { timeoutMs = VERSION_TIMEOUT_MS, env = process.env } = {}) {
  if (!executable(file)) return Promise.resolve({ error: fs.existsSync(file) ? 'not an executable file' : 'not found' })
  return new Promise((resolve) => {
    execFile(file, ['--version'], { env, timeout: timeoutMs, killSignal: 'SIGKILL', encoding: 'utf8', maxBuffer: 1 << 20 },
      (err, stdout, stderr) => {
        const found = parseVersion(stdout)
        if (found) return resolve({ ...found, version: runtime.label(found.runtime, found.release), path: realpath(file) })
        if (err && err.killed) return resolve({ error: `no answer to --version within ${timeoutMs / 1000} s` })
        const said = firstLine(stdout) || firstLine(stderr)
        resolve({ error: `its --version ${said ? `says '${said}'` : 'printed nothing'}, not Chromium, Chrome or Firefox` })
      })
  })
}

// The candidate files of one name, in the order they are preferred: its variable, then PATH.
function candidates (name, env) {
  const spec = NAMES[name]
  const out = []
  if (env[spec.env]) out.push({ path: path.resolve(env[spec.env]), source: spec.env })
  const dirs = String(env.PATH || '').split(path.delimiter).filter(Boolean)
  for (const file of spec.files) {
    for (const dir of dirs) {
      const full = path.join(dir, file)
      if (executable(full)) out.push({ path: full, source: 'PATH' })
    }
  }
  return out
}

/**
 * Every browser found, once per binary: resolves { installs: [{ runtime, release, version, driver,
 * esr, path, sources, found, names }], skipped: [{ path, source, reason }] }. A binary that is
 * another name's too (firefox and firefox-esr) is probed once.
 */
async function discover ({ env = process.env, timeoutMs = VERSION_TIMEOUT_MS } = {}) {
  const byFile = new Map()
  for (const name of Object.keys(NAMES)) {
    for (const c of candidates(name, env)) {
      if (!byFile.has(c.path)) byFile.set(c.path, { ...c, names: [] })
      byFile.get(c.path).names.push(name)
    }
  }
  const installs = []
  const skipped = []
  for (const c of byFile.values()) {
    const got = await probe(c.path, { timeoutMs, env })
    if (got.error) {
      skipped.push({ path: c.path, source: c.source, reason: got.error })
      continue
    }
    // A wrapper script and the binary it runs (/usr/bin/firefox, firefox-esr) are one browser.
    const same = installs.find((i) => i.path === got.path || (i.runtime === got.runtime && i.release === got.release))
    if (same) {
      if (!same.sources.includes(c.source)) same.sources.push(c.source)
      same.found.push(c.path)
      continue
    }
    installs.push({ ...got, sources: [c.source], found: [c.path] })
  }
  installs.sort((a, b) => runtime.compareLabels(a.version, b.version))
  return { installs, skipped }
}

/** The newest install that `name` (chromium, chrome, firefox, firefox-esr) may stand for, or null. */
function pick (name, installs) {
  const spec = NAMES[name]
  const fits = installs.filter((i) => i.runtime === spec.runtime && (!spec.esr || i.esr))
  return fits.length ? fits[fits.length - 1] : null
}

/** The one-line hint for a browser missing from this machine. */
function missingHint (name, env = process.env) {
  const spec = NAMES[name]
  return `${name} is not installed (looked for ${spec.files.join(', ')} on PATH${env[spec.env] ? ` and ${spec.env}=${env[spec.env]}` : ` and ${spec.env}`}; ` +
    `browsers do not come from the npm registry: ${spec.get}, or set ${spec.env} to its binary)`
}

module.exports = { NAMES, parseVersion, looksLikeBrowser, probe, discover, pick, missingHint }
