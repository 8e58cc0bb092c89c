'use strict'
// Leaks: 1,000,000 set+clear cycles (and friends) leave nothing pending and
// the heap within a few MB of where it started (child processes with
// --expose-gc, test/fixtures/leak.js). Native runs too, as the yardstick.

const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const LIMIT_MB = 4
const cycles = [
  ['timeout', 1e6, '1,000,000 setTimeout(60 s) + clearTimeout'],
  ['interval', 1e6, '1,000,000 setInterval + clearInterval'],
  ['immediate', 1e6, '1,000,000 setImmediate + clearImmediate'],
  ['id', 1e6, '1,000,000 clearTimeout(+setTimeout(...)) (id conversions)'],
  ['refresh', 1e6, '1,000,000 refresh() of one timer'],
  ['bulk', 1e6, '1,000,000 timers, 10,000 pending at a time, all cleared'],
  ['fire', 2e5, '200,000 timers that fire'],
  ['promise-abort', 2e4, '20,000 aborted promise timers'],
]

for (const [cycle, n, title] of cycles) {
  t.test(title, async t => {
    const r = await runFixtureEach('leak.js', [cycle, String(n)], { nodeArgs: ['--expose-gc'], parallel: true, timeout: 90000 })
    for (const [impl, res] of Object.entries(r)) {
      t.equal(res.code, 0, `${impl} exits 0`, { stderr: res.stderr })
      if (res.code !== 0) continue
      const out = parseResult(res.stdout)
      t.comment(`${impl}: ${out.ms} ms, heap ${out.heapGrowthMB >= 0 ? '+' : ''}${out.heapGrowthMB} MB`)
      const zero = impl === 'heaptimers' ? { timeouts: 0, immediates: 0, refed: 0 } : { timeouts: 0, immediates: 0 }
      t.same(out.pending, zero, `${impl}: nothing pending afterwards`)
      t.ok(out.heapGrowthMB < LIMIT_MB, `${impl}: heap within ${LIMIT_MB} MB of the start (${out.heapGrowthMB} MB)`)
    }
  })
}
