// Node version strings: parsing `v22.3.0`, `22`, `0.10` and comparing them numerically. A
// version asked for with fewer than three parts is a prefix (`22` is any 22.x.y, `0.10` any
// 0.10.x), which is how `--node 22` means "the newest 22 installed".
'use strict'

const SPEC = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/

// 'v22.3.0' or '22.3' -> [22, 3, 0] / [22, 3]; null when it is not a version.
function parts (text) {
  const m = SPEC.exec(String(text).trim())
  if (!m) return null
  return m.slice(1).filter((p) => p !== undefined).map(Number)
}

// Numeric comparison of 'vX.Y.Z' strings (pre-release tails ignored); oldest first.
function compareVersions (a, b) {
  const pa = String(a).replace(/^v/, '').split(/[.-]/).map(Number)
  const pb = String(b).replace(/^v/, '').split(/[.-]/).map(Number)
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] || 0) - (pb[i] || 0)
    if (d) return d
  }
  return 0
}

// Does the full version 'v22.3.0' fall under the prefix [22] / [22, 3] / [22, 3, 0]?
function matches (version, prefix) {
  const full = parts(String(version).split('-')[0])
  return Boolean(full) && prefix.every((n, i) => full[i] === n)
}

function major (version) {
  return String(version).replace(/^v/, '').split('.')[0]
}

module.exports = { parts, compareVersions, matches, major }
