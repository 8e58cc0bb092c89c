// The cpu window opens only once the loops have warmed up: after the timed warm-up and, except
// with --quick, after every loop has fired 6,000 times (6,000 passes of the per-pass code), so
// V8's compiling falls outside the window
// (bench/cli/profile.js). A real CLI run without --quick; the JSON's extras say when the window opened.
'use strict'

const t = require('tap')
const profile = require('../../bench/cli/profile')
const registry = require('../../bench/scenarios')
const { normalize } = require('../../bench/cli/cli-options')
const { cli } = require('./fixtures/helpers')

t.test('every loop fires 6,000 times first, except with --quick', async (t) => {
  const ten = registry.get('cpu-1ms-loops-10')
  const hundred = registry.get('cpu-1ms-loops-100')
  t.equal(profile.cpuWarmupFires(ten, normalize({ scenario: 'cpu' })), 60000)
  t.equal(profile.cpuWarmupFires(hundred, normalize({ scenario: 'cpu-1ms-loops-100' })), 600000)
  t.same(normalize({}).scenarios.filter((s) => s.kind === 'cpu'), [], 'the plain run has no cpu row to rush')
  t.equal(profile.cpuWarmupFires(ten, normalize({ scenario: 'cpu', quick: true })), 0)
})

t.test('the expected time of a cpu child counts the warm-up passes, up to the cap', async (t) => {
  const opts = normalize({ scenario: 'cpu', duration: '1' })
  const one = profile.expectedMs(registry.get('cpu-1ms-loops-1'), opts)
  const thousand = profile.expectedMs(registry.get('cpu-1ms-loops-1000'), opts)
  t.equal(one, thousand, 'the same number of passes whatever the loops')
  t.ok(one >= 6000 + 1000 && one <= profile.CPU_WARMUP_MAX_MS + 1000 + 1000, `${one} ms`)
})

t.test('a window opens after the timed warm-up and 6,000 fires a loop', async (t) => {
  const res = await cli(['-s', 'cpu-1ms-loops-10', '--runs', '1', '--duration', '0.2', '--no-progress',
    '-i', 'heaptimers', '-f', 'json'])
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(res.stdout)
  t.equal(report.results.length, 1, 'one implementation: the window rule is the harness\'s, the same for every one')
  for (const r of report.results) {
    t.equal(r.error, null, `${r.impl} ran`)
    const extra = r.runs[0].extra
    // A loaded machine may fire too slowly to get there before the cap: then the cap opened it.
    const capped = extra.warmupMs >= profile.CPU_WARMUP_MAX_MS
    t.ok(extra.warmupFires >= 60000 || capped,
      `${r.impl}: ${extra.warmupFires} fires in ${Math.round(extra.warmupMs)} ms before the window`)
    t.ok(extra.warmupMs >= profile.cpuWarmupMs(0.2) - 1, `${r.impl}: ${Math.round(extra.warmupMs)} ms before the window`)
  }
})
