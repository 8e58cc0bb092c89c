// Small descriptive statistics shared by the child's sampler and the parent's aggregation.
// ES5 on purpose: the child requires it on every Node version.
'use strict'

// Two-sided 95% Student t quantiles for 1..30 degrees of freedom; beyond 30 the normal 1.96
// is close enough for a margin-of-error figure.
var T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
  2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
  2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]

function sorted (values) {
  return values.slice().sort(function (a, b) { return a - b })
}

function mean (values) {
  var sum = 0
  for (var i = 0; i < values.length; i++) sum += values[i]
  return values.length ? sum / values.length : NaN
}

function median (values) {
  if (!values.length) return NaN
  var s = sorted(values)
  var mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

function min (values) {
  return values.length ? sorted(values)[0] : NaN
}

function max (values) {
  return values.length ? sorted(values)[values.length - 1] : NaN
}

function stddev (values) {
  if (values.length < 2) return 0
  var m = mean(values)
  var acc = 0
  for (var i = 0; i < values.length; i++) acc += (values[i] - m) * (values[i] - m)
  return Math.sqrt(acc / (values.length - 1))
}

// Relative margin of error of the mean at 95%, in percent; null when it cannot be estimated.
function rme (values) {
  if (values.length < 2) return null
  var m = mean(values)
  if (!(m > 0)) return null
  var df = values.length - 1
  var t = df <= 30 ? T95[df - 1] : 1.96
  return (t * stddev(values) / Math.sqrt(values.length)) / m * 100
}

// The nearest-rank percentile (p in 0..100) of the values: always one of the values, so a p99 of
// 30 samples is honestly their maximum rather than an interpolation.
function percentile (values, p) {
  if (!values.length) return NaN
  var s = sorted(values)
  var rank = Math.ceil(p / 100 * s.length) - 1
  return s[Math.min(s.length - 1, Math.max(0, rank))]
}

// The latency summary both samplers report, in milliseconds per batch.
function summarize (samplesMs) {
  return {
    samples: samplesMs.length,
    mean: mean(samplesMs),
    p50: median(samplesMs),
    min: min(samplesMs),
    max: max(samplesMs),
    rme: rme(samplesMs)
  }
}

module.exports = {
  mean: mean,
  median: median,
  min: min,
  max: max,
  rme: rme,
  percentile: percentile,
  summarize: summarize
}
