#!/usr/bin/env node
'use strict'
// The under-load check as a soak (not part of `npm test`):
//
//   node test/soak-http.js [--minutes 5] [--impl heaptimers]
//
// Runs the server of test/under-load.test.js (timerbench's app-http-timeouts server with 2 ms
// deadlines against 0-5 ms of work) under a rising number of keep-alive connections from another
// process, 50 requests per connection per round, until the time is up or a round fails: a
// request without an answer, an error, a timer that fired early (heaptimers) or one left pending
// after the load. Prints each round and, at the end, the largest load held without an error.
// Exits 1 if a round failed.

const { runFixture, parseResult } = require('./helpers/child.js')

function arg (name, fallback) {
  const i = process.argv.indexOf('--' + name)
  return i === -1 ? fallback : process.argv[i + 1]
}

const MINUTES = Number(arg('minutes', 5))
const IMPL = arg('impl', 'heaptimers')
const REQUESTS_PER_CONNECTION = 50
const GROWTH = 1.5

// Why a round's result is a failure, or null.
function problem (r, requests) {
  if (!r.load) return 'no answer from the load process'
  if (r.load.errors) return `${r.load.errors} requests failed (${Object.entries(r.load.errorCodes).map(([code, n]) => `${code}: ${n}`).join(', ')})`
  if (r.load.answered !== requests) return `${r.load.answered} of ${requests} answered`
  if (IMPL === 'heaptimers' && r.after.early) return `${r.after.early} timers fired early`
  if (r.after.pending || r.pendingAfter) return `timers left pending: ${r.after.pending} of the server's, ${r.pendingAfter} in all`
  return null
}

async function main () {
  const end = Date.now() + MINUTES * 60000
  let connections = 25
  let held = null
  while (Date.now() < end) {
    const requests = connections * REQUESTS_PER_CONNECTION
    const t0 = Date.now()
    const run = await runFixture('under-load.js', IMPL, [String(requests), String(connections)], { timeout: 300000 })
    let why = run.code === 0 ? null : `exit ${run.code}${run.timedOut ? ' (timed out)' : ''}: ${run.stderr.trim().split('\n').pop()}`
    let r = null
    if (!why) {
      r = parseResult(run.stdout)
      why = problem(r, requests)
    }
    const share = r ? (r.load.statuses['504'] || 0) / requests : null
    process.stdout.write(`${IMPL}: ${connections} connections, ${requests} requests in ${((Date.now() - t0) / 1000).toFixed(1)} s: ` +
      `${why || `all answered, ${(100 * share).toFixed(1)} % hit their deadline, ${r.after.early ? `${r.after.early} early` : 'none early'}, none left`}\n`)
    if (why) {
      process.stdout.write(`largest load held without an error: ${held ? `${held.connections} connections, ${held.requests} requests` : 'none'}\n`)
      process.exit(1)
    }
    held = { connections, requests }
    connections = Math.ceil(connections * GROWTH)
  }
  process.stdout.write(`largest load held without an error: ${held.connections} connections, ${held.requests} requests (time up after ${MINUTES} min)\n`)
}

main()
