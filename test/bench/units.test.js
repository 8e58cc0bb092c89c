// The units beyond M/s and % cpu, without running anything: which values the schema accepts per
// unit (0 where it is a measurement), how cells print them, ratios and `**`/`++` marks for
// lower-is-better units and zeros, the notes under a table, and the log-log fit of the scaling
// rows with its JSON field.
'use strict'

const t = require('tap')
const units = require('../../bench/child/units')
const { validate } = require('../../bench/cli/schema')
const fmt = require('../../bench/report/format')
const { ratio } = require('../../bench/report/ratio')
const model = require('../../bench/report/model')
const fit = require('../../bench/report/fit')
const fixture = require('./fixtures/report')

const NODE = 'v20.20.2'
const HT = 'heaptimers'
const HT10 = 'heaptimers:maxTickDepth=10'

function result (impl, scenario, unit, median, node = NODE) {
  const run = { value: median, samples: 5, rme: null, sampler: 'timestamps', extra: {} }
  return {
    node,
    impl,
    scenario,
    unit,
    higherIsBetter: units.UNITS[unit].higherIsBetter,
    median,
    min: median * 0.988,
    max: median * 1.012,
    // Three runs about 1 % apart: enough for the marks' verdicts to stand.
    runs: fixture.spread(`${node} ${impl} ${scenario}`).map((d) => ({ ...run, value: median * (1 + d) })),
    samples: 15,
    rme: null,
    error: null
  }
}

function report (results) {
  return { ...fixture.report(), options: { runs: 3, impls: ['native', HT, HT10] }, results }
}

t.test('values per unit: 0 only where it is a measurement, never negative or NaN', async (t) => {
  for (const unit of ['ms', 'early fires', 'fires/s']) t.ok(units.validValue(unit, 0), `0 ${unit}`)
  for (const unit of ['M/s', '% cpu', 'ns/timer', 'bytes/timer']) t.notOk(units.validValue(unit, 0), `no 0 ${unit}`)
  for (const unit of Object.keys(units.UNITS)) {
    t.ok(units.validValue(unit, 1.5), `1.5 ${unit}`)
    t.notOk(units.validValue(unit, -1), `no negative ${unit}`)
    t.notOk(units.validValue(unit, NaN), `no NaN ${unit}`)
    t.notOk(units.validValue(unit, Infinity), `no Infinity ${unit}`)
  }
  t.notOk(units.validValue('ops/s', 1), 'an unknown unit has no valid value')
  t.same(Object.entries(units.UNITS).filter(([, u]) => u.higherIsBetter).map(([k]) => k), ['M/s', 'fires/s'])
})

t.test('the schema accepts zeros per unit and stays strict otherwise', async (t) => {
  const ok = report([result('native', 'accuracy-early', 'early fires', 4), result(HT, 'accuracy-early', 'early fires', 0),
    result(HT, 'accuracy-1ms-p50', 'ms', 0), result(HT, 'responsiveness-cpu-chunks', 'fires/s', 0)])
  t.same(validate(ok), [])
  const broken = (mutate) => {
    const r = report([result('native', 'accuracy-1ms-p50', 'ms', 0.5), result('native', 'fn-call', 'M/s', 5)])
    mutate(r)
    return validate(r)
  }
  t.match(broken((r) => { r.results[1].median = 0; r.results[1].min = 0 }), [/results\[1\]\.median: expected a finite number > 0/])
  t.match(broken((r) => { r.results[1].runs[0].value = 0 }), [/results\[1\]\.runs\[0\]\.value: expected a finite number > 0/])
  t.match(broken((r) => { r.results[0].runs[0].value = -0.1 }), [/results\[0\]\.runs\[0\]\.value: expected a finite number >= 0/])
  t.match(broken((r) => { r.results[0].min = -1 }), [/results\[0\]\.min: expected a finite number >= 0/])
  t.match(broken((r) => { r.results[0].higherIsBetter = true }), [/higherIsBetter: expected false for unit ms/])
  t.match(broken((r) => { r.results[0].unit = 'lateness' }), [/results\[0\]\.unit: expected one of .*ms, early fires, fires\/s, ns\/timer, bytes\/timer/])
})

t.test('cells print each unit sensibly', async (t) => {
  t.equal(fmt.measurement(0, 'ms'), '0')
  t.equal(fmt.measurement(0, 'early fires'), '0')
  t.equal(fmt.measurement(12, 'early fires'), '12', 'counts without decimals')
  t.equal(fmt.measurement(12.5, 'early fires'), '12.5', 'a median between two counts keeps its half')
  t.equal(fmt.measurement(0.0769, 'ms'), '0.0769')
  t.equal(fmt.measurement(16.3, 'ms'), '16.3')
  t.equal(fmt.measurement(903.1, 'ns/timer'), '903')
  t.equal(fmt.measurement(99.19, 'fires/s'), '99.2')
  t.equal(fmt.measurement(6.4, '% cpu'), '6.40%')
  t.equal(fmt.measurement(1.99, 'M/s'), '1.99')
})

t.test('ratios: above 1 means heaptimers is better, zeros never divide', async (t) => {
  const r = (unit, mine, theirs) => ratio(result(HT, 'x', unit, mine), result('native', 'x', unit, theirs))
  t.equal(r('ms', 1, 2), 2, 'lower is better: native over heaptimers')
  t.equal(r('fires/s', 500, 250), 2, 'higher is better: heaptimers over native')
  t.equal(r('early fires', 0, 0), 1, '0 against 0 is a tie')
  t.equal(r('ms', 0, 0.5), null, 'heaptimers 0 where native is not: no finite ratio')
  t.equal(r('ms', 0.5, 0), 0, 'native 0 where heaptimers is not: heaptimers is infinitely worse, 0x')
  t.equal(r('fires/s', 0, 500), 0, 'a ticker that never fired is 0x')
  t.equal(r('fires/s', 5, 0), null, 'native never fired: no finite ratio')
  t.equal(fmt.ratio(null), '-')
})

t.test('marks and notes for lower-is-better units with zeros', async (t) => {
  const rep = report([
    result('native', 'accuracy-early', 'early fires', 4),
    result(HT, 'accuracy-early', 'early fires', 0),
    result(HT10, 'accuracy-early', 'early fires', 0),
    result('native', 'accuracy-1ms-p50', 'ms', 0.08),
    result(HT, 'accuracy-1ms-p50', 'ms', 1.1),
    result(HT10, 'accuracy-1ms-p50', 'ms', 1.2),
    result('native', 'responsiveness-cpu-chunks', 'fires/s', 99),
    result(HT, 'responsiveness-cpu-chunks', 'fires/s', 98),
    result(HT10, 'responsiveness-cpu-chunks', 'fires/s', 100)
  ])
  const grid = model.build(rep, { layout: 'wide' })
  const row = (name) => grid.rows.find((r) => r[0].startsWith(`${name} (`))
  t.same(row('accuracy-1ms-p50'), ['accuracy-1ms-p50 (ms)', '0.0800 ++', '1.10', '1.20', '0.07x [0.07-0.07] ▼', '0.07x [0.07-0.07] ▼'])
  t.same(row('accuracy-early'), ['accuracy-early (early fires)', '4', '0 ++', '0 ++', '-', '-'], 'a tie at 0: both best; a lone native cell gets no **')
  t.same(row('responsiveness-cpu-chunks'), ['responsiveness-cpu-chunks (fires/s)', '99.0', '98.0', '100', '0.99x [0.99-1.00] =', '1.01x [1.00-1.02] ='],
    '1 % apart with 1 % noise: the same, and no best to mark')
  const notes = grid.notes.join('\n')
  t.match(notes, /^ms: .*lower is better\. early fires: .*lower is better\. fires\/s: .*higher is better\.$/m, 'the units of the rows shown')
  t.notMatch(notes, /M\/s|% cpu/, 'and no others')
  t.match(notes, /for ms, early fires rows native over heaptimers/)
  t.match(notes, /0 against 0 is 1\.00x/)
  t.notMatch(notes, /scaling:/, 'no slope without scaling rows')
  t.equal(model.build(fixture.report()).notes[1],
    'M/s: millions of operations per second, higher is better. % cpu: CPU time in % of one core, lower is better.',
    'a classic report reads as before')
})

t.test('fit: the slope of log(cost) against log(N)', async (t) => {
  const pts = (k) => [1e3, 1e4, 1e5, 1e6].map((n) => ({ n, value: 50 * Math.pow(n, k) }))
  t.ok(Math.abs(fit.slope(pts(0.5)) - 0.5) < 1e-9, 'an exact power law gives its exponent')
  t.ok(Math.abs(fit.slope(pts(0))) < 1e-9, 'a constant cost gives 0')
  t.ok(Math.abs(fit.slope(pts(-0.2)) + 0.2) < 1e-9, 'a falling cost gives a negative exponent')
  t.equal(fit.slope([{ n: 1000, value: 1 }, { n: 1000, value: 2 }]), null, 'one N: no slope')

  const ns = (impl, scenario, v, node = NODE) => result(impl, scenario, 'ns/timer', v, node)
  const results = [
    ns('native', 'scaling-1k', 1000), ns('native', 'scaling-10k', 1000 * Math.pow(10, 0.1)),
    ns('native', 'scaling-100k', 1000 * Math.pow(100, 0.1)), ns('native', 'scaling-1m', 1000 * Math.pow(1000, 0.1)),
    ns(HT, 'scaling-1k', 500), ns(HT, 'scaling-1m', 500),
    { ...ns(HT10, 'scaling-1k', 1), median: null, min: null, max: null, runs: [], rme: null, error: { kind: 'crash', message: 'x' } },
    ns(HT10, 'scaling-10k', 400),
    ns('native', 'scaling-1k', 900, 'v18.20.8'), ns('native', 'scaling-10k', 900, 'v18.20.8'),
    result('native', 'timeout-memory', 'bytes/timer', 160)
  ]
  const fits = fit.scalingFits(results)
  t.same(fits.map((f) => [f.node, f.impl, f.points.map((p) => p.scenario)]), [
    ['v18.20.8', 'native', ['scaling-1k', 'scaling-10k']],
    [NODE, 'native', ['scaling-1k', 'scaling-10k', 'scaling-100k', 'scaling-1m']],
    [NODE, HT, ['scaling-1k', 'scaling-1m']]
  ], 'oldest Node first; a series with one measured size (the crash) has no fit; timeout-memory is not a size')
  t.ok(Math.abs(fits[1].exponent - 0.1) < 1e-9)
  t.same(fit.fitLines(fits), [
    'scaling: ns/timer grows as N^0.00 (native, v18.20.8; 1k to 10k timers)',
    'scaling: ns/timer grows as N^0.10 (native, v20.20.2; 1k to 1M timers)',
    'scaling: ns/timer grows as N^0.00 (heaptimers, v20.20.2; 1k to 1M timers)'
  ])

  const rep = report(results.filter((r) => r.node === NODE))
  for (const layout of ['wide', 'versions']) {
    t.match(model.build(rep, { layout }).notes.join('\n'), /scaling: ns\/timer grows as N\^0\.10 \(native, v20\.20\.2; 1k to 1M timers\)/, layout)
  }
  const withFits = fit.withFits(rep)
  t.same(validate(withFits), [], 'the fits field validates')
  t.equal(withFits.fits.length, 2)
  const broken = (mutate) => {
    const r = fit.withFits(rep)
    mutate(r)
    return validate(r)
  }
  t.match(broken((r) => { r.fits = {} }), [/fits: expected an array when present/])
  t.match(broken((r) => { r.fits[0].exponent = null }), [/fits\[0\]\.exponent: expected a finite number/])
  t.match(broken((r) => { r.fits[0].points = r.fits[0].points.slice(0, 1) }), [/fits\[0\]\.points: expected an array of at least 2 points/])
  t.match(broken((r) => { r.fits[0].points.reverse() }), [/points\[1\]\.n: expected larger than the previous point's n/])
  t.match(broken((r) => { r.fits[0].unit = 'ns' }), [/fits\[0\]\.unit/])
  t.match(broken((r) => { r.fits[0].node = '20' }), [/fits\[0\]\.node/])
})
