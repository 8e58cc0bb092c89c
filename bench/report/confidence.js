// How sure we are that an implementation differs from native: each cell is measured in a few
// independent child processes ("runs"), interleaved with native's, and one run gives one positive
// value. The comparison is a ratio oriented so that above 1 means "better than native", with a
// confidence interval, a p-value, a correction across all comparisons of a table, and a verdict.
// Method: natural logs of the run values, the difference of mean logs (the ratio of geometric
// means), Welch's unequal-variance t with the Welch–Satterthwaite df; Benjamini–Hochberg (or Holm)
// across a table. Trade-offs: it assumes runs are independent and roughly lognormal, so with the
// usual 3 to 10 runs one outlier widens the interval rather than being trimmed; a table-wide
// correction buys few false alarms with some lost power; and it needs every value > 0.
'use strict'

const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7
]

/** log Γ(z) for z > 0 by Lanczos (g = 7): the beta function's normalisation needs it, and
 * Γ itself overflows for the large df that Welch–Satterthwaite can give. */
function logGamma (z) {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z)
  z -= 1
  let x = LANCZOS[0]
  for (let i = 1; i < 9; i++) x += LANCZOS[i] / (z + i)
  const t = z + 7.5
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(x)
}

/** Continued fraction of the incomplete beta function, by the modified Lentz method; the
 * iteration count grows like sqrt(a), so the cap is generous for df up to ~1e7. */
function betaFraction (a, b, x) {
  const TINY = 1e-300
  const fix = (v) => (Math.abs(v) < TINY ? TINY : v)
  let c = 1
  let d = 1 / fix(1 - (a + b) * x / (a + 1))
  let h = d
  for (let m = 1; m <= 100000; m++) {
    const m2 = 2 * m
    let num = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
    d = 1 / fix(1 + num * d)
    c = fix(1 + num / c)
    h *= d * c
    num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
    d = 1 / fix(1 + num * d)
    c = fix(1 + num / c)
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < 1e-15) break
  }
  return h
}

/** log B(a, b). For a large argument, log Γ(big) − log Γ(big + small) is taken from Stirling's
 * series in closed form, since the difference of two ~1e10 log-gammas would keep only ~6 digits. */
function logBeta (a, b) {
  const big = Math.max(a, b)
  const small = Math.min(a, b)
  if (big < 100) return logGamma(a) + logGamma(b) - logGamma(a + b)
  const corr = (z) => 1 / (12 * z) - 1 / (360 * z ** 3) + 1 / (1260 * z ** 5)
  return logGamma(small) + corr(big) - corr(big + small) -
    (big - 0.5) * Math.log1p(small / big) - small * Math.log(big + small) + small
}

/** Regularized incomplete beta I_x(a, b); y = 1 - x is passed in computed exactly by the caller,
 * because for large df x is within 1e-6 of 1 and 1 - x would lose half its digits. */
function incompleteBeta (a, b, x, y) {
  if (x <= 0) return 0
  if (y <= 0) return 1
  const logX = x < 0.5 ? Math.log(x) : Math.log1p(-y)
  const logY = y < 0.5 ? Math.log(y) : Math.log1p(-x)
  const front = Math.exp(a * logX + b * logY - logBeta(a, b))
  if (x < (a + 1) / (a + b + 2)) return front * betaFraction(a, b, x) / a
  return 1 - front * betaFraction(b, a, y) / b
}

/** Student t CDF for any real df > 0; the lower tail is computed directly (not as 1 - upper),
 * so small p-values keep their relative precision. Above df 1e9 the t is the normal to ~1e-10,
 * and the continued fraction would lose digits (~1e-9 at 1e9), so df is capped there. */
function tCdf (t, df) {
  if (Number.isNaN(t) || !(df > 0)) return NaN
  df = Math.min(df, 1e9)
  const t2 = t * t
  if (t2 === Infinity) return t > 0 ? 1 : 0
  const tail = 0.5 * incompleteBeta(df / 2, 0.5, df / (df + t2), t2 / (df + t2))
  return t >= 0 ? 1 - tail : tail
}

/** Inverse of tCdf by bisection on the upper tail: slower than Newton, but it cannot diverge,
 * and it is only called once per comparison. */
function tQuantile (p, df) {
  if (!(p > 0 && p < 1) || !(df > 0)) return NaN
  if (p === 0.5) return 0
  const q = Math.min(p, 1 - p)
  let lo = 0
  let hi = 1
  for (let i = 0; i < 2000 && tCdf(-hi, df) > q; i++) [lo, hi] = [hi, hi * 2]
  for (let i = 0; i < 200 && hi - lo > 1e-13 * hi; i++) {
    const mid = (lo + hi) / 2
    if (tCdf(-mid, df) > q) lo = mid
    else hi = mid
  }
  const x = (lo + hi) / 2
  return p > 0.5 ? x : -x
}

/** Mean and sample variance of the logs; an all-equal sample is exactly (log x, 0), so that
 * identical runs are not turned into a rounding-error "difference". */
function logStats (values) {
  const logs = values.map(Math.log)
  if (logs.every((l) => l === logs[0])) return { mean: logs[0], variance: 0, n: logs.length }
  const mean = logs.reduce((s, l) => s + l, 0) / logs.length
  const variance = logs.reduce((s, l) => s + (l - mean) ** 2, 0) / (logs.length - 1)
  return { mean, variance, n: logs.length }
}

const positive = (xs) => xs.length > 0 && xs.every((v) => Number.isFinite(v) && v > 0)

/**
 * A product of geometric means, prod(gm(values_i) ** sign_i), with a Welch t interval on the log
 * scale (Welch–Satterthwaite df over every term): a ratio is two terms, and a change of a ratio
 * between two saved runs (--baseline) is four. Null interval and p when the data cannot support one.
 */
function contrastInterval (terms, { level = 0.95 } = {}) {
  const none = (ratio) => ({ ratio, low: null, high: null, p: null, df: null })
  if (!terms.every((t) => positive(t.values))) return none(null)
  const parts = terms.map((t) => ({ ...logStats(t.values), sign: t.sign }))
  const d = parts.reduce((s, x) => s + x.sign * x.mean, 0)
  const ratio = Math.exp(d)
  if (parts.some((x) => x.n < 2)) return none(ratio)
  const v = parts.map((x) => x.variance / x.n)
  const se = Math.sqrt(v.reduce((s, x) => s + x, 0))
  if (se === 0) return { ratio, low: ratio, high: ratio, p: d === 0 ? 1 : 0, df: null }
  const df = se ** 4 / parts.reduce((s, x, i) => s + v[i] ** 2 / (x.n - 1), 0)
  const p = Math.min(1, 2 * tCdf(-Math.abs(d) / se, df))
  const half = tQuantile(1 - (1 - level) / 2, df) * se
  return { ratio, low: Math.exp(d - half), high: Math.exp(d + half), p, df }
}

/** Welch's t on the raw values, for samples with zeros (early fires, ms of lateness) that logs
 * cannot take: a p-value and the sign of the difference, no interval of a ratio. */
function rawDifference (values, baseline, sign) {
  const stat = (xs) => {
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length
    return { mean, v: xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1) / xs.length, n: xs.length }
  }
  const a = stat(values)
  const b = stat(baseline)
  const diff = sign * (a.mean - b.mean)
  const [num, den] = sign > 0 ? [a.mean, b.mean] : [b.mean, a.mean]
  const ratio = num > 0 && den > 0 ? num / den : null
  const se = Math.sqrt(a.v + b.v)
  if (se === 0) return { ratio, low: null, high: null, p: diff === 0 ? 1 : 0, df: null, diff }
  const df = se ** 4 / (a.v ** 2 / (a.n - 1) + b.v ** 2 / (b.n - 1))
  return { ratio, low: null, high: null, p: Math.min(1, 2 * tCdf(-Math.abs(diff) / se, df)), df, diff }
}

/** Paired: the runs of two cells taken in the same interleaved rounds, one log-ratio a round, so
 * that what the host did to a round (it slowed by half for minutes at a time here) cancels out. */
function pairedInterval (values, baseline, sign, level) {
  const d = values.map((v, i) => sign * (Math.log(v) - Math.log(baseline[i])))
  const s = logStats(d.map(Math.exp))
  const ratio = Math.exp(s.mean)
  if (s.variance === 0) return { ratio, low: ratio, high: ratio, p: s.mean === 0 ? 1 : 0, df: null }
  const se = Math.sqrt(s.variance / s.n)
  const df = s.n - 1
  const half = tQuantile(1 - (1 - level) / 2, df) * se
  return { ratio, low: Math.exp(s.mean - half), high: Math.exp(s.mean + half), p: Math.min(1, 2 * tCdf(-Math.abs(s.mean) / se, df)), df }
}

/** The ratio of geometric means of `values` over `baseline`, oriented so that above 1 means
 * better than the baseline (native), with its interval; see contrastInterval. `paired`: the i-th
 * runs of both were taken side by side (pairedInterval), used when both have as many runs.
 * Samples with zeros fall back to rawDifference. */
function ratioInterval (values, baseline, { higherIsBetter = true, level = 0.95, paired = false } = {}) {
  const n = [values.length, baseline.length]
  const sign = higherIsBetter ? 1 : -1
  const zeros = (xs) => xs.length > 0 && xs.every((v) => v === 0)
  if (zeros(values) && zeros(baseline)) return { ratio: 1, low: null, high: null, p: null, df: null, n }
  const nonNegative = (xs) => xs.length > 1 && xs.every((v) => Number.isFinite(v) && v >= 0)
  if (!(positive(values) && positive(baseline)) && nonNegative(values) && nonNegative(baseline)) {
    return { ...rawDifference(values, baseline, sign), n }
  }
  if (paired && values.length === baseline.length && values.length >= 2 && positive(values) && positive(baseline)) {
    return { ...pairedInterval(values, baseline, sign, level), n, paired: true }
  }
  return { ...contrastInterval([{ values, sign }, { values: baseline, sign: -sign }], { level }), n }
}

/** The geometric mean of one cell's runs with its t interval: the precision of a cell that has
 * no native beside it to be compared with. */
function meanInterval (values, { level = 0.95 } = {}) {
  if (!positive(values)) return { ratio: null, low: null, high: null }
  const s = logStats(values)
  const ratio = Math.exp(s.mean)
  if (s.n < 2) return { ratio, low: null, high: null }
  const half = tQuantile(1 - (1 - level) / 2, s.n - 1) * Math.sqrt(s.variance / s.n)
  return { ratio, low: Math.exp(s.mean - half), high: Math.exp(s.mean + half) }
}

/** Multiple-comparison adjustment, so that a table of many rows does not flag chance differences:
 * 'bh' controls the false discovery rate, 'holm' the family-wise error rate. */
function adjust (pValues, method = 'bh') {
  if (method !== 'bh' && method !== 'holm') throw new TypeError(`unknown adjustment: ${method}`)
  const out = pValues.map(() => null)
  const order = pValues
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => typeof p === 'number' && !Number.isNaN(p))
    .sort((x, y) => x.p - y.p)
  const m = order.length
  if (method === 'holm') {
    let running = 0
    order.forEach(({ p, i }, k) => {
      running = Math.max(running, Math.min(1, (m - k) * p))
      out[i] = running
    })
  } else {
    let running = 1
    for (let k = m - 1; k >= 0; k--) {
      running = Math.min(running, (m / (k + 1)) * order[k].p)
      out[order[k].i] = running
    }
  }
  return out
}

/** One word per comparison. 'same' comes first: differences under `same` (5 %) are within what
 * separate processes on a shared host differ by, so they are not reported as differences. */
function verdict (interval, { pAdjusted, alpha = 0.05, same = 0.05 } = {}) {
  if (!interval) return 'inconclusive'
  const p = pAdjusted === undefined ? interval.p : pAdjusted
  // Samples with zeros: no interval, only the difference's sign and significance.
  if ((interval.low == null || interval.high == null) && typeof interval.diff === 'number') {
    if (p == null || !(p < alpha) || interval.diff === 0) return 'inconclusive'
    return interval.diff > 0 ? 'better' : 'worse'
  }
  if (interval.low == null || interval.high == null) return 'inconclusive'
  if (interval.low >= 1 / (1 + same) && interval.high <= 1 + same) return 'same'
  if (p != null && p < alpha) {
    if (interval.ratio > 1) return 'better'
    if (interval.ratio < 1) return 'worse'
  }
  return 'inconclusive'
}

/** A table's comparisons at once, because the correction must see all of a table's p-values;
 * each is { values, baseline, higherIsBetter } or { terms } (contrastInterval); copied, not changed. */
function compareAll (comparisons, { method = 'bh', alpha = 0.05, same = 0.05, level = 0.95 } = {}) {
  const rows = comparisons.map((c) => {
    const { ratio, low, high, p, diff } = c.terms
      ? contrastInterval(c.terms, { level })
      : ratioInterval(c.values, c.baseline, { higherIsBetter: c.higherIsBetter, level, paired: c.paired })
    return { ...c, ratio, low, high, p, ...(diff === undefined ? {} : { diff }) }
  })
  const adjusted = adjust(rows.map((r) => r.p), method)
  return rows.map((r, i) => ({ ...r, pAdjusted: adjusted[i], verdict: verdict(r, { pAdjusted: adjusted[i], alpha, same }) }))
}

/** The interval's relative half-width in percent: a precision figure ("±3 %") that says whether
 * more runs are needed, independent of where the ratio lies. */
function halfWidth (interval) {
  if (!interval || interval.low == null || interval.high == null || !(interval.low > 0)) return null
  return 100 * (Math.sqrt(interval.high / interval.low) - 1)
}

module.exports = { tCdf, tQuantile, contrastInterval, ratioInterval, meanInterval, adjust, verdict, compareAll, halfWidth }
