// The text of `timerbench nodes`: every working Node, Bun and Deno installation found (version,
// where it came from, the binary children run), the candidates that were skipped and why, where discovery
// looked, and how to add a version; then the browsers found. `-f json` gives the same data for scripts.
'use strict'

const cache = require('./cache')
const { MANAGERS, HOMES } = require('./managers')
const runtime = require('./runtime')
const browsers = require('./browsers')

const ENV_VARS = [...MANAGERS.map((m) => m.env), ...HOMES.map((h) => h.env), 'TIMERBENCH_CACHE']

function pad (rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return rows.map((r) => `  ${r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')}`.trimEnd())
}

// found: the result of discover.discover(). env: for the cache directory shown.
function text (found, env = process.env) {
  const lines = ['Installations, Node oldest first, then Bun and Deno (children run the binary shown):']
  lines.push(...pad(found.installs.map((i) => [i.version, i.sources.join(', '), i.path])))
  if (found.skipped.length) {
    lines.push('', 'skipped (found, but not a working node, bun or deno binary):')
    lines.push(...pad(found.skipped.map((s) => [s.path, `(${s.source})`, s.reason])))
  }
  lines.push('', `looked at the running Node, PATH, and these directories (${ENV_VARS.join(', ')} move them):`)
  lines.push(...pad(found.searched.map((s) => [s.source, s.dir, `${s.from === 'default' ? 'default' : 'from ' + s.from}${s.exists ? '' : ', absent'}`])))
  lines.push('', `add a version: timerbench --node 22,bun,deno --install (fetches ${cache.packageName()}@22, ` +
    `${runtime.packageName(runtime.BUN)} and ${runtime.packageName(runtime.DENO)} from the npm registry into ${cache.dir(env)})`)
  lines.push('', ...browserLines(found.browsers || { installs: [], skipped: [] }))
  return `${lines.join('\n')}\n`
}

// Browsers: the column each gives, its release, where it was found and the binary.
function browserLines ({ installs, skipped }) {
  const names = Object.keys(browsers.NAMES).join(', ')
  const lines = [`Browsers (--node ${names}; looked at CHROME_PATH, FIREFOX_PATH and PATH):`]
  if (installs.length) lines.push(...pad(installs.map((i) => [i.version, i.release, i.sources.join(', '), i.path])))
  else lines.push('  none found: install them with your system\'s packages (apt-get install chromium firefox-esr) or set CHROME_PATH, FIREFOX_PATH')
  if (skipped.length) {
    lines.push('', 'skipped (found, but not Chromium, Chrome or Firefox):')
    lines.push(...pad(skipped.map((s) => [s.path, `(${s.source})`, s.reason])))
  }
  return lines
}

function json (found, env = process.env) {
  return `${JSON.stringify({ ...found, cache: cache.dir(env), package: cache.packageName() }, null, 2)}\n`
}

module.exports = { text, json }
