// The text of `timerbench nodes`: every working Node, Bun and Deno installation found (version,
// where it came from, the binary children run), the candidates that were skipped and why, where discovery
// looked, and how to add a version. `-f json` gives the same data for scripts.
'use strict'

const cache = require('./cache')
const { MANAGERS, HOMES } = require('./managers')
const runtime = require('./runtime')

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
  return `${lines.join('\n')}\n`
}

function json (found, env = process.env) {
  return `${JSON.stringify({ ...found, cache: cache.dir(env), package: cache.packageName() }, null, 2)}\n`
}

module.exports = { text, json }
