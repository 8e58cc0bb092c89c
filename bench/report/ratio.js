// Ratios of an implementation against native on the same Node, oriented so that above 1 always
// means "better than native": value/native for rates, native/value for lower-is-better units.
// Shared by the table's ratio column and the --baseline comparison so both mean the same thing.
'use strict';

const NATIVE = 'native';

function ratio(result, nativeResult) {
  if (!result || !nativeResult || result.error || nativeResult.error) return null;
  if (!(result.median > 0) || !(nativeResult.median > 0)) return null;
  return result.higherIsBetter ? result.median / nativeResult.median : nativeResult.median / result.median;
}

// Every (node, impl, scenario) ratio in a report, for implementations other than native.
function allRatios(report) {
  const natives = new Map();
  for (const r of report.results) {
    if (r.impl === NATIVE) natives.set(`${r.node}\0${r.scenario}`, r);
  }
  const out = [];
  for (const r of report.results) {
    if (r.impl === NATIVE || r.impl === '-') continue;
    const nativeResult = natives.get(`${r.node}\0${r.scenario}`);
    if (!nativeResult) continue;
    out.push({ node: r.node, impl: r.impl, scenario: r.scenario, ratio: ratio(r, nativeResult), result: r });
  }
  return out;
}

module.exports = { ratio, allRatios, NATIVE };
