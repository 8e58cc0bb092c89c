// The cpu window opens only once the loops have warmed up: after the timed warm-up and, except
// with --quick, after 6,000 fires, so V8's compiling falls outside the window (bench/profile.js).
// A real CLI run without --quick; the JSON's extras say when the window opened.
'use strict';

const t = require('tap');
const profile = require('../../bench/profile');
const { normalize } = require('../../bench/options');
const { cli } = require('./fixtures/helpers');

t.test('the fire count is asked for except with --quick', async (t) => {
  t.equal(profile.cpuWarmupFires(normalize({})), 6000);
  t.equal(profile.cpuWarmupFires(normalize({ quick: true })), 0);
});

t.test('a window opens after the timed warm-up and 6,000 fires', async (t) => {
  const res = await cli(['-s', 'cpu-1ms-loops-10', '--runs', '1', '--duration', '0.2', '--no-progress',
    '-i', 'native,heaptimers', '-f', 'json']);
  t.equal(res.code, 0, res.stderr);
  const report = JSON.parse(res.stdout);
  t.equal(report.results.length, 2);
  for (const r of report.results) {
    t.equal(r.error, null, `${r.impl} ran`);
    const extra = r.runs[0].extra;
    t.ok(extra.warmupFires >= 6000, `${r.impl}: ${extra.warmupFires} fires before the window`);
    t.ok(extra.warmupMs >= profile.cpuWarmupMs(0.2) - 1, `${r.impl}: ${Math.round(extra.warmupMs)} ms before the window`);
  }
});
