// How a cost grows with the number of timers: a least-squares fit of log(cost) against log(N)
// over the `scaling` rows of one (Node, implementation). The slope is the exponent k of
// cost ~ N^k: about 0 is a constant cost per timer, 0.1 grows by a quarter per 10x (cache misses,
// a log factor), 1 doubles per 2x (linear per timer, quadratic in total). Computed from the
// results, so a saved or merged report gives the same fit as the run that measured it.
'use strict'

const registry = require('../scenarios')
const { compareLabels } = require('../runtimes/runtime')

/** Least-squares slope of log(value) against log(n) for points [{ n, value }] (n, value > 0). */
function slope (points) {
  const xs = points.map((p) => Math.log(p.n))
  const ys = points.map((p) => Math.log(p.value))
  const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length
  const mx = mean(xs)
  const my = mean(ys)
  let num = 0
  let den = 0
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i] - mx) * (ys[i] - my)
    den += (xs[i] - mx) * (xs[i] - mx)
  }
  return den > 0 ? num / den : null
}

// The rows a fit is made over: scenarios that declare the N they run (the scaling rows).
function sizedScenarios () {
  return registry.all.filter((s) => typeof s.n === 'number' && s.n > 0)
}

/**
 * One fit per (group, unit, Node, implementation) with at least two measured sizes:
 * [{ group, unit, node, impl, exponent, points: [{ scenario, n, value }] }], Nodes oldest first,
 * implementations in the order the results list them.
 */
function scalingFits (results) {
  const sized = new Map(sizedScenarios().map((s) => [s.name, s]))
  const series = new Map()
  for (const r of results) {
    const s = sized.get(r.scenario)
    if (!s || r.error || r.unit !== s.unit || !(r.median > 0)) continue
    const key = `${s.group}\0${s.unit}\0${r.node}\0${r.impl}`
    if (!series.has(key)) series.set(key, { group: s.group, unit: s.unit, node: r.node, impl: r.impl, points: [] })
    series.get(key).points.push({ scenario: r.scenario, n: s.n, value: r.median })
  }
  const impls = [...new Set(results.map((r) => r.impl))]
  return [...series.values()]
    .filter((f) => new Set(f.points.map((p) => p.n)).size >= 2)
    .map((f) => ({ ...f, points: f.points.sort((a, b) => a.n - b.n), exponent: slope(f.points) }))
    .filter((f) => f.exponent !== null && Number.isFinite(f.exponent))
    .sort((a, b) => compareLabels(a.node, b.node) || impls.indexOf(a.impl) - impls.indexOf(b.impl))
}

function sizeText (n) {
  if (n >= 1e6 && n % 1e6 === 0) return `${n / 1e6}M`
  if (n >= 1e3 && n % 1e3 === 0) return `${n / 1e3}k`
  return String(n)
}

/** The lines under a table: "scaling: ns/timer grows as N^0.12 (native, v20.20.2; 1k to 1M timers)". */
function fitLines (fits) {
  return fits.map((f) => {
    const k = f.exponent.toFixed(2).replace(/^-0\.00$/, '0.00')
    const range = `${sizeText(f.points[0].n)} to ${sizeText(f.points[f.points.length - 1].n)} timers`
    return `${f.group}: ${f.unit} grows as N^${k} (${f.impl}, ${f.node}; ${range})`
  })
}

/** The report with its `fits` field (timerbench/1, see schema.js) computed from its results. */
function withFits (report) {
  return { ...report, fits: scalingFits(report.results) }
}

module.exports = { slope, scalingFits, fitLines, withFits }
