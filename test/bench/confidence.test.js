// The statistics behind timerbench's confidence intervals, without running anything: the t
// distribution against closed forms and table values, the ratio interval's orientation and edge
// cases, Holm and Benjamini–Hochberg on a textbook example, the verdicts, and seeded simulations
// that check the interval's coverage, the table-wide false-alarm rate and the power to see a 10 %
// slowdown.
'use strict'

const t = require('tap')
const { tCdf, tQuantile, ratioInterval, adjust, verdict, compareAll, halfWidth } = require('../../bench/report/confidence')

// A seeded PRNG (mulberry32) and Box–Muller, so the simulations give the same numbers every time.
function rng (seed) {
  let s = seed >>> 0
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    return ((z ^ (z >>> 14)) >>> 0) / 4294967296
  }
  const normal = () => {
    const u = 1 - uniform()
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform())
  }
  // n lognormal values with the given median and coefficient of variation
  const lognormal = (n, median, cv) => {
    const sigma = Math.sqrt(Math.log(1 + cv * cv))
    return Array.from({ length: n }, () => median * Math.exp(sigma * normal()))
  }
  return { uniform, normal, lognormal }
}

const close = (t, actual, expected, tol, msg) =>
  t.ok(Math.abs(actual - expected) <= tol, `${msg}: ${actual} ≈ ${expected} ±${tol}`)

t.test('tCdf matches the closed forms for df 1, 2 and 3', async (t) => {
  let worst = 0
  for (let x = -40; x <= 40; x += 0.173) {
    const u = x / Math.sqrt(3)
    worst = Math.max(worst,
      Math.abs(tCdf(x, 1) - (0.5 + Math.atan(x) / Math.PI)),
      Math.abs(tCdf(x, 2) - (0.5 + x / (2 * Math.sqrt(2 + x * x)))),
      Math.abs(tCdf(x, 3) - (0.5 + (Math.atan(u) + u / (1 + u * u)) / Math.PI)))
  }
  t.ok(worst < 1e-8, `largest error ${worst}`)
  t.equal(tCdf(0, 7.5), 0.5)
  t.equal(tCdf(Infinity, 4), 1)
  t.equal(tCdf(-Infinity, 4), 0)
  t.ok(Number.isNaN(tCdf(1, 0)), 'df must be > 0')
  // reference values from an arbitrary-precision incomplete beta
  close(t, tCdf(2, 30), 0.9726874775185085, 1e-10, 'df 30')
  close(t, tCdf(-3, 1e6), 0.0013499312707108985, 1e-10, 'df 1e6')
  close(t, tCdf(-10, 5), 8.54737878714818e-5, 1e-14, 'far tail')
  close(t, tCdf(0.7, 0.5), 0.6572996687396166, 1e-10, 'df below 1')
  close(t, tCdf(1.959963984540054, 1e9), 0.975, 1e-8, 'large df is the normal')
  close(t, tCdf(1.959963984540054, Infinity), 0.975, 1e-8, 'infinite df is the normal')
  close(t, tCdf(2.5, 4.5) + tCdf(-2.5, 4.5), 1, 1e-12, 'symmetric, non-integer df')
})

t.test('tQuantile against the t table and its own inverse', async (t) => {
  const table = {
    1: [3.078, 12.706, 63.657],
    2: [1.886, 4.303, 9.925],
    4: [1.533, 2.776, 4.604],
    10: [1.372, 2.228, 3.169],
    30: [1.310, 2.042, 2.750],
    1e6: [1.282, 1.960, 2.576]
  }
  for (const [df, qs] of Object.entries(table)) {
    ;[0.9, 0.975, 0.995].forEach((p, i) => close(t, tQuantile(p, Number(df)), qs[i], 1e-3, `t(${p}, ${df})`))
  }
  close(t, tQuantile(0.025, 4), -2.776, 1e-3, 'lower tail is negative')
  t.equal(tQuantile(0.5, 3), 0)
  close(t, tCdf(tQuantile(0.9995, 7.3), 7.3), 0.9995, 1e-10, 'inverse of tCdf')
  t.ok(Number.isNaN(tQuantile(0, 3)) && Number.isNaN(tQuantile(1, 3)), 'p outside (0, 1)')
})

t.test('a 2x difference with small noise is found', async (t) => {
  const r = ratioInterval([2.02, 1.98, 2.01, 1.99, 2.0], [1.0, 1.01, 0.99, 1.0, 1.005])
  close(t, r.ratio, 2, 0.01, 'ratio')
  t.ok(r.low < 2 && r.high > 2, 'interval holds 2')
  t.ok(r.low > 1, 'interval excludes 1')
  t.ok(r.p < 1e-6, `p = ${r.p}`)
  t.same(r.n, [5, 5])
  t.ok(r.df > 4 && r.df < 8, `Welch df ${r.df}`)
  t.equal(verdict(r), 'better')
  close(t, halfWidth(r), 100 * (Math.sqrt(r.high / r.low) - 1), 1e-12, 'half-width')
  t.ok(halfWidth(r) > 0 && halfWidth(r) < 2, `±${halfWidth(r)} %`)
})

t.test('lower-is-better flips the ratio and the interval', async (t) => {
  const values = [2.02, 1.98, 2.01, 1.99, 2.0]
  const baseline = [1.0, 1.01, 0.99, 1.0, 1.005]
  const up = ratioInterval(values, baseline)
  const down = ratioInterval(values, baseline, { higherIsBetter: false })
  close(t, down.ratio, 1 / up.ratio, 1e-12, 'ratio')
  close(t, down.low, 1 / up.high, 1e-12, 'low')
  close(t, down.high, 1 / up.low, 1e-12, 'high')
  t.ok(down.low <= down.high)
  t.equal(down.p, up.p)
  t.equal(verdict(down), 'worse')
})

t.test('ratioInterval edge cases', async (t) => {
  const same = ratioInterval([3, 3.1, 2.9], [3, 3.1, 2.9])
  t.equal(same.ratio, 1)
  t.equal(same.p, 1, 'identical samples')
  t.same(ratioInterval([3, 3, 3], [3, 3, 3, 3, 3]), { ratio: 1, low: 1, high: 1, p: 1, df: null, n: [3, 5] }, 'no variance, equal')
  const apart = ratioInterval([4, 4], [2, 2, 2])
  t.same([apart.ratio, apart.low, apart.high, apart.p], [2, 2, 2, 0], 'no variance, different')
  t.equal(verdict(apart), 'better')
  const oneSided = ratioInterval([2, 2, 2, 2], [1, 1.1, 0.9, 1.05])
  close(t, oneSided.df, 3, 1e-12, 'df from the side with variance')
  t.ok(oneSided.low > 1 && oneSided.p < 0.01)
  t.same(ratioInterval([2], [1, 1.1]), { ratio: 2 / Math.sqrt(1.1), low: null, high: null, p: null, df: null, n: [1, 2] }, 'n < 2')
  t.same(ratioInterval([], [1, 2]).ratio, null, 'no values')
  t.same(ratioInterval([0, 0], [0, 0, 0]), { ratio: 1, low: null, high: null, p: null, df: null, n: [2, 3] }, 'all zeros')
  t.equal(ratioInterval([0, 0], [1, 2]).ratio, null, 'zeros against values')
  t.equal(ratioInterval([1, 2], [1, NaN]).ratio, null, 'NaN')
  t.equal(ratioInterval([1, 2], [1, -1]).p, null, 'negative')
  t.equal(ratioInterval([1, Infinity], [1, 2]).low, null, 'Infinity')
  t.equal(verdict(ratioInterval([2], [1, 1])), 'inconclusive')
  t.equal(halfWidth(ratioInterval([2], [1, 1])), null)
  t.equal(halfWidth(null), null)
  t.equal(halfWidth(apart), 0)
})

t.test('Holm and Benjamini–Hochberg on a textbook example', async (t) => {
  const p = [0.01, 0.04, 0.03, 0.005]
  const round = (xs) => xs.map((x) => (x === null ? null : Math.round(x * 1e12) / 1e12))
  t.same(round(adjust(p, 'holm')), [0.03, 0.06, 0.06, 0.02])
  t.same(round(adjust(p, 'bh')), [0.02, 0.04, 0.04, 0.02])
  t.same(round(adjust(p)), [0.02, 0.04, 0.04, 0.02], 'bh is the default')
  t.same(round(adjust([null, 0.01, 0.04, null, 0.03, 0.005], 'holm')), [null, 0.03, 0.06, null, 0.06, 0.02], 'nulls are not counted')
  t.same(round(adjust([0.01, null, 0.04, 0.03, 0.005], 'bh')), [0.02, null, 0.04, 0.04, 0.02])
  t.same(adjust([0.5, 0.9, 0.8], 'holm'), [1, 1, 1], 'capped at 1')
  t.same(adjust([0.9, 0.95], 'bh'), [0.95, 0.95], 'monotone')
  t.same(adjust([null, null]), [null, null])
  t.same(adjust([]), [])
  t.throws(() => adjust([0.1], 'bonferroni'), TypeError)
})

t.test('verdicts', async (t) => {
  const iv = (ratio, low, high, p) => ({ ratio, low, high, p })
  t.equal(verdict(iv(1.01, 0.97, 1.04, 0.3)), 'same', 'inside ±5 %')
  t.equal(verdict(iv(1.03, 1.02, 1.04, 1e-6)), 'same', 'significant but inside ±5 %')
  t.equal(verdict(iv(1.2, 1.1, 1.3, 0.001)), 'better')
  t.equal(verdict(iv(0.8, 0.7, 0.9, 0.001)), 'worse')
  t.equal(verdict(iv(1.2, 1.1, 1.3, 0.001), { pAdjusted: 0.2 }), 'inconclusive', 'adjusted p wins')
  t.equal(verdict(iv(1.2, 0.9, 1.5, 0.2)), 'inconclusive')
  t.equal(verdict(iv(1.2, 1.1, 1.3, 0.03), { alpha: 0.01 }), 'inconclusive')
  t.equal(verdict(iv(1.08, 1.02, 1.09, 0.4), { same: 0.1 }), 'same', 'wider same band')
  t.equal(verdict(iv(1, null, null, null)), 'inconclusive')
  t.equal(verdict(null), 'inconclusive')
})

t.test('compareAll adjusts across the table and passes fields through', async (t) => {
  const input = [
    { name: 'fast', values: [2.02, 1.98, 2.01, 1.99, 2.0], baseline: [1.0, 1.01, 0.99, 1.0, 1.005], higherIsBetter: true },
    { name: 'slow cpu', values: [20, 21, 19, 20.5], baseline: [10, 10.2, 9.9, 10.1], higherIsBetter: false },
    { name: 'tied', values: [5, 5.01, 4.99], baseline: [5.01, 5, 4.99] },
    { name: 'one run', values: [5], baseline: [5, 5] }
  ]
  const out = compareAll(input)
  t.not(out, input)
  t.same(out.map((r) => r.name), ['fast', 'slow cpu', 'tied', 'one run'])
  t.same(out.map((r) => r.verdict), ['better', 'worse', 'same', 'inconclusive'])
  t.same(out.map((r) => r.pAdjusted), adjust(out.map((r) => r.p), 'bh'))
  t.equal(out[3].p, null)
  t.equal(out[3].pAdjusted, null)
  t.ok(out[0].pAdjusted >= out[0].p)
  t.notOk('ratio' in input[0], 'inputs are not changed')
  const holm = compareAll(input, { method: 'holm' })
  t.same(holm.map((r) => r.pAdjusted), adjust(holm.map((r) => r.p), 'holm'))
  const wide = compareAll(input, { level: 0.99 })
  t.ok(wide[0].low < out[0].low && wide[0].high > out[0].high, 'level widens the interval')
})

t.test('A/A simulation: coverage of the 95 % interval', async (t) => {
  const r = rng(20240601)
  let holds = 0
  const N = 2000
  for (let i = 0; i < N; i++) {
    const iv = ratioInterval(r.lognormal(5, 3, 0.05), r.lognormal(5, 3, 0.05))
    if (iv.low <= 1 && iv.high >= 1) holds++
  }
  const coverage = holds / N
  t.ok(coverage >= 0.935 && coverage <= 0.965, `coverage ${coverage}`)
})

t.test('A/A simulation: false alarms per table of 14 rows', async (t) => {
  const r = rng(7)
  const TABLES = 500
  let adjustedAlarms = 0
  let rawAlarms = 0
  for (let k = 0; k < TABLES; k++) {
    const rows = Array.from({ length: 14 }, () => ({ values: r.lognormal(5, 1, 0.05), baseline: r.lognormal(5, 1, 0.05) }))
    const out = compareAll(rows)
    if (out.some((row) => row.pAdjusted < 0.05)) adjustedAlarms++
    if (out.some((row) => row.p < 0.05)) rawAlarms++
  }
  t.ok(adjustedAlarms / TABLES <= 0.08, `BH flags a row in ${adjustedAlarms / TABLES} of tables`)
  t.ok(rawAlarms / TABLES > 0.2, `unadjusted flags a row in ${rawAlarms / TABLES} of tables`)
})

t.test('a 10 % slowdown (CV 0.03, 5 vs 5) is found across a table of 14', async (t) => {
  const r = rng(99)
  const TABLES = 200
  let worse = 0
  let better = 0
  for (let k = 0; k < TABLES; k++) {
    const rows = Array.from({ length: 14 }, () => ({ values: r.lognormal(5, 0.9, 0.03), baseline: r.lognormal(5, 1, 0.03), higherIsBetter: true }))
    for (const row of compareAll(rows)) {
      if (row.verdict === 'worse') worse++
      if (row.verdict === 'better') better++
    }
  }
  t.ok(worse / (TABLES * 14) >= 0.9, `worse on ${worse / (TABLES * 14)} of rows`)
  t.equal(better, 0, 'never better')
})

t.test('samples with zeros: Welch on the raw values, a verdict without an interval', async (t) => {
  // 0 early fires in every run against about 4: lower is better, so better.
  const zero = ratioInterval([0, 0, 0], [4, 4.2, 3.8], { higherIsBetter: false })
  t.same([zero.ratio, zero.low, zero.high], [null, null, null], 'no finite ratio, no interval')
  t.ok(zero.p < 0.01 && zero.diff > 0, 'a clear difference in the better direction')
  t.equal(verdict(zero), 'better')
  t.equal(verdict(ratioInterval([0, 0, 0], [4, 4.2, 3.8], { higherIsBetter: true })), 'worse', 'and worse the other way')
  t.equal(verdict(ratioInterval([0, 1, 0], [0, 0, 1])), 'inconclusive', 'noise around 0 is not a difference')
})

t.test('paired by round: what the host does to a round cancels out', async (t) => {
  // The host halves both sides' speed for the last two rounds; the ratio stays about 2.
  const values = [20, 20.4, 10.1, 9.9]
  const baseline = [10, 10.1, 5, 5.02]
  const paired = ratioInterval(values, baseline, { paired: true })
  const welch = ratioInterval(values, baseline)
  t.equal(paired.paired, true)
  t.ok(paired.low > 1.9 && paired.high < 2.1, `paired: [${paired.low}, ${paired.high}]`)
  t.ok(welch.low < 1.5 && welch.high > 2.5, `unpaired, the drift widens it: [${welch.low}, ${welch.high}]`)
  t.notOk(ratioInterval([1, 2, 3], [1, 2], { paired: true }).paired, 'unequal counts cannot be paired: Welch')
})
