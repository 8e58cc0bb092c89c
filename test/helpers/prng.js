'use strict'
// A small seeded PRNG (mulberry32) so every random program can be replayed
// from its seed.

function mulberry32 (seed) {
  let a = seed >>> 0
  return function next () {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function rng (seed) {
  const next = mulberry32(seed)
  const r = {
    next,
    int (lo, hi) { return lo + Math.floor(next() * (hi - lo + 1)) }, // inclusive
    chance (p) { return next() < p },
    pick (arr) { return arr[Math.floor(next() * arr.length)] },
    weighted (table) { // [[weight, value], ...]
      const total = table.reduce((s, [w]) => s + w, 0)
      let x = next() * total
      for (const [w, v] of table) { if ((x -= w) < 0) return v }
      return table[table.length - 1][1]
    },
  }
  return r
}

module.exports = { mulberry32, rng }
