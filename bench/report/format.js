// Number formatting for the reports: three significant figures like the classic tables
// (0.370, 1.40, 134), margins of error as whole percents, ratios with an `x`, and each unit as
// it reads best (see measurement).
'use strict'

const units = require('../child/units')

function value (v) {
  if (v >= 100) return v.toFixed(0)
  if (v >= 10) return v.toFixed(1)
  if (v >= 1) return v.toFixed(2)
  return v.toPrecision(3)
}

// The unit itself is in the row label; a cell adds only what the number needs: `%` for CPU
// shares, whole counts without decimals, and a plain 0 where 0 is the measurement.
function measurement (v, unit) {
  if (unit === '% cpu') return `${value(v)}%`
  if (v === 0) return '0'
  const u = units.info(unit)
  if (u && u.integer && Number.isInteger(v)) return String(v)
  return value(v)
}

// Below 1% the spread is noise-level either way; say so rather than print "0%".
function margin (rme) {
  if (rme === null || rme === undefined || !Number.isFinite(rme)) return ''
  return rme < 1 ? '±<1%' : `±${Math.round(rme)}%`
}

function ratio (r) {
  if (r === null || !Number.isFinite(r)) return '-'
  return r >= 10 ? `${r.toFixed(1)}x` : `${r.toFixed(2)}x`
}

// A ratio's interval, [5.31-5.68], at the ratio's own precision.
function interval (low, high) {
  const digits = (v) => (v >= 10 ? 1 : 2)
  return `[${low.toFixed(digits(low))}-${high.toFixed(digits(high))}]`
}

function percentChange (p) {
  const sign = p > 0 ? '+' : ''
  return `${sign}${p.toFixed(1)}%`
}

module.exports = { value, measurement, margin, ratio, interval, percentChange }
