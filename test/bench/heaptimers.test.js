// Every timer scenario against the real library (lib/index.js), default options and
// maxTickDepth=10: the bench must produce sane numbers for heaptimers too. A failure here with
// a `timeout` or `failed` message usually means a library bug (a callback that never ran).
'use strict'

const t = require('tap')
const registry = require('../../bench/scenarios')
const { runCell, checkRun } = require('./fixtures/helpers')

for (const impl of ['heaptimers', 'heaptimers:maxTickDepth=10']) {
  t.test(`every timer scenario runs on ${impl}`, async (t) => {
    // The groups beyond throughput run against heaptimers in groups.test.js and scaling.test.js.
    for (const scenario of registry.all.filter((s) => !s.implIndependent && registry.inDefault(s))) {
      if (impl !== 'heaptimers' && !['recursion', 'bulk'].includes(scenario.group)) continue
      await t.test(scenario.name, async (t) => {
        const outcome = await runCell(t, scenario, impl)
        if (!outcome.error) checkRun(t, scenario, outcome)
      })
    }
  })
}
