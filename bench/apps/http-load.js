// The load generator of the app rows: a process of its own, so its CPU is never counted as the
// server's. It drives the server with undici's Pool (the HTTP client inside Node's fetch), a fixed
// number of requests over a fixed number of keep-alive connections, on the loopback interface
// only, and stops by itself once every request has an answer or an error.
//
// Protocol, one JSON line each on stdout: `{ warm: true }` once the warm-up requests are done,
// then it waits for one line on stdin before the measured requests, then `{ result }`.
// Invoked as `node http-load.js '<json>'` with { url, requests, warmup, connections, undici }.
'use strict'

const { performance } = require('perf_hooks')

const LOOPBACK = /^http:\/\/127\.0\.0\.1:\d+\/?/

function percentile (sorted, p) {
  if (!sorted.length) return null
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]
}

// Sends `count` requests, at most `connections` in flight; resolves the latencies and outcomes.
async function drive (pool, count, connections) {
  const latencies = []
  const statuses = {}
  let errors = 0
  let next = 0
  async function worker () {
    while (next < count) {
      next++
      const t0 = performance.now()
      try {
        const res = await pool.request({ path: '/', method: 'GET' })
        await res.body.text()
        statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1
        latencies.push(performance.now() - t0)
      } catch {
        errors++
      }
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: connections }, worker))
  return { latencies, statuses, errors, ms: performance.now() - t0 }
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
  await drive(pool, spec.warmup, spec.connections)
  say({ warm: true })
  await waitForLine()
  const run = await drive(pool, spec.requests, spec.connections)
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
