'use strict'
// Domains (deprecated, DEP0032): heaptimers runs no callback inside a domain (docs/differences.md,
// "Deliberate differences"). What must still match native: a timer created outside any domain
// never runs in one and its errors go to 'uncaughtException', even when it shares its
// millisecond or its pass with timers created inside d.run() (heaptimers' native handles and
// shared captures must not be bound to the domain active when they were made).
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
    // Native binds the others to the domain; heaptimers, by design, does not.
    const where = impl === 'native' ? 'D' : '-'
    const to = impl === 'native' ? 'domain' : 'uncaught'
    for (const label of inside) t.equal(result[label], where, `${impl}: ${label} runs in ${where === 'D' ? 'the domain' : 'no domain'}`)
    for (const label of thrownInside) t.equal(result['error ' + label], to, `${impl}: ${label}'s error goes to ${to}`)
  }
})
