'use strict'
// Domains (deprecated, DEP0032), as Node runs them: a timer created inside a domain runs inside
// it and its errors go to the domain's 'error' handler; a timer created outside any domain never
// runs in one and its errors go to 'uncaughtException', even when it shares its millisecond or
// its pass with timers created inside d.run() (heaptimers' native handles and shared captures
// must not be bound to the domain active when they were made).
const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const outside = ['timeout beside it', 'immediate beside it', 'from a callback, beside it']
const inside = ['timeout in domain', 'immediate in domain', 'interval in domain 0', 'interval in domain 1', 'from a callback, in domain']
const thrownInside = ['immediate in domain', 'from a callback, in domain']

t.test('timers beside a domain run outside it, as native', async t => {
  const runs = await runFixtureEach('domains.js', [], { parallel: true })
  for (const [impl, r] of Object.entries(runs)) {
    t.equal(r.code, 0, `${impl} exits 0`, { stderr: r.stderr })
    const result = parseResult(r.stdout)
    for (const label of outside) {
      t.equal(result[label], '-', `${impl}: ${label} runs in no domain`)
      t.equal(result['error ' + label], 'uncaught', `${impl}: ${label}'s error goes to uncaughtException`)
    }
    for (const label of inside) t.equal(result[label], 'D', `${impl}: ${label} runs in the domain`)
    for (const label of thrownInside) t.equal(result['error ' + label], 'domain', `${impl}: ${label}'s error goes to the domain`)
  }
})

// Case by case (test/fixtures/domain-cases.js), the whole log must be native's: where each
// callback runs (`process.domain`: a domain, null or undefined) and where each error goes.
for (const c of ['values', 'run-throws', 'inside', 'nested', 'no-handler', 'unref', 'ticks']) {
  t.test(`domains: ${c}, exactly as native`, async t => {
    const runs = await runFixtureEach('domain-cases.js', [c], { parallel: true })
    t.equal(runs.native.code, 0, 'native exits 0', { stderr: runs.native.stderr })
    const nat = parseResult(runs.native.stdout)
    t.ok(nat.length >= 3, 'native logged the case')
    if (!('heaptimers' in runs)) return
    t.equal(runs.heaptimers.code, 0, 'heaptimers exits 0', { stderr: runs.heaptimers.stderr })
    t.same(parseResult(runs.heaptimers.stdout), nat, 'the same log as native')
  })
}
