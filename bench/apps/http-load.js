// The load generator of the app rows: a process of its own, so its CPU is never counted as the
// server's. It drives the server with undici's Pool (the HTTP client inside Node's fetch), a fixed
// number of requests over a fixed number of keep-alive connections, on the loopback interface
// only, and stops by itself once every request has an answer or an error.
//
// With `rate`, the load is open: requests leave on a schedule of `rate` per second whatever the
// answers do, as a service's traffic arrives, so that both sides of a comparison serve the same
// requests per second and CPU per request compares like with like. Without it, the load is closed
// (each connection sends its next request once answered): the throughput then follows the server's
// latency, and a server whose timers fire earlier answers faster and batches more per loop turn.
// Latency is counted from the scheduled send, so a server that falls behind shows it.
//
// Protocol, one JSON line each on stdout: `{ warm: true }` once the warm-up requests are done,
// then it waits for one line on stdin before the measured requests, then `{ result }`.
// Invoked as `node http-load.js '<json>'` with { url, requests, warmup, connections, rate?, undici }.
'use strict'

const { performance } = require('perf_hooks')

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+\/?/

function percentile (sorted, p) {
  if (!sorted.length) return null
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

function newTally () {
  return { latencies: [], statuses: {}, errors: 0 }
}

// One request into `tally`, its latency counted from `since`.
async function requestOnce (pool, tally, since) {
  try {
    const res = await pool.request({ path: '/', method: 'GET' })
    await res.body.text()
    tally.statuses[res.statusCode] = (tally.statuses[res.statusCode] || 0) + 1
    tally.latencies.push(performance.now() - since)
  } catch {
    tally.errors++
  }
}

// Sends `count` requests, at most `connections` in flight; resolves the latencies and outcomes.
async function drive (pool, count, connections) {
  const tally = newTally()
  let next = 0
  async function worker () {
    while (next < count) {
      next++
      await requestOnce(pool, tally, performance.now())
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  return { ...tally, ms: performance.now() - t0 }
}

// Sends `count` requests at `rate` per second (the Pool queues them beyond its connections).
function driveAtRate (pool, count, rate) {
  return new Promise((resolve) => {
    const tally = newTally()
    let sent = 0
    let settled = 0
    const t0 = performance.now()
    if (count === 0) return resolve({ ...tally, ms: 0 })
    function send (scheduledAt) {
      requestOnce(pool, tally, scheduledAt).then(() => {
        if (++settled === count) resolve({ ...tally, ms: performance.now() - t0 })
      })
    }
    function tick () {
      const due = Math.min(count, Math.floor(((performance.now() - t0) * rate) / 1000))
      for (; sent < due; sent++) send(t0 + (sent * 1000) / rate)
      if (sent < count) setTimeout(tick, 1)
    }
    tick()
  })
}

function say (message) {
  process.stdout.write(`${JSON.stringify(message)}\n`)
}

function waitForLine () {
  return new Promise((resolve) => {
    process.stdin.setEncoding('utf8')
    process.stdin.once('data', () => resolve())
  })
}

async function main () {
  const spec = JSON.parse(process.argv[2])
  if (!LOOPBACK.test(spec.url)) throw new Error(`the load goes to 127.0.0.1 only, not ${spec.url}`)
  const { Pool } = require(spec.undici)
  const pool = new Pool(spec.url, { connections: spec.connections, pipelining: 1, keepAliveTimeout: 60000 })
  const load = (count) => spec.rate ? driveAtRate(pool, count, spec.rate) : drive(pool, count, spec.connections)
  await load(spec.warmup)
  say({ warm: true })
  await waitForLine()
  const run = await load(spec.requests)
  await pool.close()
  const sorted = run.latencies.slice().sort((a, b) => a - b)
  say({
    result: {
      requests: spec.requests,
      answered: run.latencies.length,
      errors: run.errors,
      statuses: run.statuses,
      ms: run.ms,
      rps: (run.latencies.length / run.ms) * 1000,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99)
    }
  })
}

main().then(() => process.exit(0), (err) => {
  say({ error: String(err && err.message ? err.message : err).split('\n')[0] })
  process.exit(1)
})
