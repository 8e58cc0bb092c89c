'use strict'
// Correctness under load: timerbench's app-http-timeouts server (2 ms deadlines against 0-5 ms
// of work) under requests from another process, natively and under heaptimers. Every request
// gets an answer; the share that hit its deadline is the same on both sides within a margin;
// heaptimers fires no timer before performance.now() at creation + its delay (native may, by up
// to about a millisecond of its loop clock); no app timer is left pending afterwards.

const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const REQUESTS = 3000
const CONNECTIONS = 50
// Both sides run the same random mix of delays: the share of deadlines hit may differ by chance
// and by load; a timer that ignored its deadline, or fired every one, would be far outside this.
const SHARE_MARGIN = 0.2

t.test('an http server under load: every request answered, deadlines alike, nothing left pending', async (t) => {
  const runs = await runFixtureEach('under-load.js', [String(REQUESTS), String(CONNECTIONS)], { timeout: 120000 })
  const shares = {}
  for (const [impl, run] of Object.entries(runs)) {
    t.equal(run.code, 0, `${impl}: exit 0 ${run.stderr}`)
    const r = parseResult(run.stdout)
    t.same(r.load.errors, 0, `${impl}: no request failed`)
    t.equal(r.load.answered, REQUESTS, `${impl}: every request answered`)
    const ok = r.load.statuses['200'] || 0
    const late = r.load.statuses['504'] || 0
    t.equal(ok + late, REQUESTS, `${impl}: answered by its work or by its deadline`)
    t.equal(r.counts.served, ok, `${impl}: the server's count of work answers`)
    t.equal(r.counts.deadlines, late, `${impl}: the server's count of deadlines hit`)
    shares[impl] = late / REQUESTS
    t.ok(shares[impl] > 0.1 && shares[impl] < 0.9, `${impl}: some requests hit their deadline and some did not (${shares[impl]})`)
    if (impl === 'heaptimers') t.equal(r.after.early, 0, 'heaptimers: no timer fired early')
    else t.ok(r.after.earliestMs > -5, `native: early by at most its loop clock's lag (${r.after.earliestMs} ms)`)
    t.equal(r.after.pending, 0, `${impl}: the server's own count of pending timers is back to 0`)
    t.equal(r.pendingAfter, 0, `${impl}: no timer pending after the load`)
  }
  if (shares.native !== undefined && shares.heaptimers !== undefined) {
    t.ok(Math.abs(shares.native - shares.heaptimers) < SHARE_MARGIN,
      `the share of deadlines hit: native ${shares.native.toFixed(3)}, heaptimers ${shares.heaptimers.toFixed(3)}`)
  }
})
