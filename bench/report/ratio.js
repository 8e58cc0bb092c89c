// Ratios of an implementation against native on the same Node, oriented so that above 1 always
// means "better than native": value/native for rates, native/value for lower-is-better units.
// Shared by the table's ratio column and the --baseline comparison so both mean the same thing.
'use strict'

const NATIVE = 'native'

// Zero is a real value in some units (no early fires, no lateness): 0 against 0 is a tie (1),
// and a ratio whose denominator is 0 (heaptimers 0 ms late where native is 0.4 ms) has no finite
// value, so it is null ('-') rather than Infinity.
function ratio (result, nativeResult) {
  if (!result || !nativeResult || result.error || nativeResult.error) return null
  const mine = result.median
  const theirs = nativeResult.median
  if (!Number.isFinite(mine) || !Number.isFinite(theirs) || mine < 0 || theirs < 0) return null
  if (mine === 0 && theirs === 0) return 1
  const [num, den] = result.higherIsBetter ? [mine, theirs] : [theirs, mine]
  return den > 0 ? num / den : null
}

// Every (node, impl, scenario) ratio in a report, for implementations other than native.
function allRatios (report) {
  const natives = new Map()
  for (const r of report.results) {
    if (r.impl === NATIVE) natives.set(`${r.node}\0${r.scenario}`, r)
  }
  const out = []
  for (const r of report.results) {
    if (r.impl === NATIVE || r.impl === '-') continue
    const nativeResult = natives.get(`${r.node}\0${r.scenario}`)
    if (!nativeResult) continue
    out.push({ node: r.node, impl: r.impl, scenario: r.scenario, ratio: ratio(r, nativeResult), result: r, native: nativeResult })
  }
  return out
}

module.exports = { ratio, allRatios, NATIVE }
