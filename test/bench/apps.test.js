// The apps group: app-http-timeouts' shape with --quick (a number per implementation, every
// request answered, no error), its load bounded (a fixed count, 127.0.0.1 only, stopping by
// itself), app-ttl-cache's (every entry expired, none early), app-rate-limit's (every job done,
// none over its limit), and the cells when undici, lru-cache or bottleneck is nowhere to be found.
'use strict'

const t = require('tap')
const fs = require('fs')
const os = require('os')
const path = require('path')
const { spawnSync } = require('child_process')
const { validate } = require('../../bench/cli/schema')
const { HTTP_LOAD } = require('../../bench/cli/paths')
const { cli, FAST } = require('./fixtures/helpers')

// The rows run side by side: they mostly wait (a paced queue, a cache's expiries), and each check
// is a count or a bound that holds under load.
t.jobs = 3

// Runs one app row with --quick for native and heaptimers; checks the run and its report's schema.
// The report's JSON is also left in `file` when one is given.
async function quickRow (t, scenario, file) {
  const res = await cli([...FAST, '-s', scenario, '-i', 'native,heaptimers', '-f', 'json', ...(file ? ['-o', file] : [])])
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(file ? fs.readFileSync(file, 'utf8') : res.stdout)
  t.same(validate(report), [])
  return report
}

t.test('app-http-timeouts --quick: server CPU per request for native and heaptimers, every request answered', async (t) => {
  const file = path.join(t.testdir({}), 'run.json')
  const report = await quickRow(t, 'app-http-timeouts', file)
  t.same(report.results.map((r) => r.impl), ['native', 'heaptimers'])
  for (const r of report.results) {
    t.notOk(r.error, `${r.impl} measured`)
    t.equal(r.unit, 'us/request')
    t.ok(r.median > 0 && r.median < 100000, `${r.impl}: ${r.median} us of server CPU per request`)
    const extra = r.runs[0].extra
    t.equal(extra.errors, 0, `${r.impl}: no errors`)
    t.equal(extra.deadlines, 0, `${r.impl}: no 30 s deadline hit`)
    t.equal(extra.requests, 2000, `${r.impl}: the bounded count (the minimum, at --duration 0.2)`)
    t.equal(extra.offeredRps, 10000, `${r.impl}: an open load at a fixed rate`)
    t.ok(extra.rps > 0 && extra.p99Ms >= extra.p50Ms, `${r.impl}: throughput and latency`)
    t.ok(extra.peakPending > 0, `${r.impl}: peak pending app timers ${extra.peakPending}`)
    t.equal(r.runs[0].samples, 2000, 'one sample per request served')
  }
  t.equal(report.results.find((r) => r.impl === 'heaptimers').runs[0].extra.early, 0, 'heaptimers fired no work timer early')
  const table = await cli(['report', file]) // the table, rendered from the run's JSON
  t.match(table.stdout, /app-http-timeouts, heaptimers on v[\d.]+: \d+ req\/s, p50 [\d.]+ ms, p99 [\d.]+ ms, 0 errors, 0 deadlines hit, 0 early fires/)
})

t.test('app-ttl-cache --quick: CPU per entry, every entry purged, none early, heap per entry', async (t) => {
  const report = await quickRow(t, 'app-ttl-cache')
  for (const r of report.results) {
    t.notOk(r.error, `${r.impl} measured`)
    t.equal(r.unit, 'us/entry')
    const extra = r.runs[0].extra
    t.equal(extra.entries, 5000, `${r.impl}: the bounded count (the minimum, at --duration 0.2)`)
    t.equal(extra.early, 0, `${r.impl}: no entry purged before its TTL`)
    t.ok(extra.lateP99Ms >= extra.lateP50Ms && extra.lateP50Ms >= 0, `${r.impl}: purge lateness`)
    t.ok(extra.heapBytesPerEntry > 0, `${r.impl}: ${Math.round(extra.heapBytesPerEntry)} heap bytes per pending entry`)
  }
})

t.test('app-rate-limit --quick: CPU per job on a bottleneck queue, every job done, none over its limit', async (t) => {
  const report = await quickRow(t, 'app-rate-limit')
  for (const r of report.results) {
    t.notOk(r.error, `${r.impl} measured`)
    t.equal(r.unit, 'us/job')
    t.ok(r.median > 0, `${r.impl}: ${r.median} us of CPU per job`)
    const extra = r.runs[0].extra
    t.equal(extra.jobs, 1000, `${r.impl}: the bounded count (the minimum, at --duration 0.2)`)
    t.equal(extra.warmupJobs, 100, `${r.impl}: a tenth as many warmed the code up first`)
    t.equal(extra.expired, 0, `${r.impl}: no job over its time limit`)
    t.ok(extra.jobsPerSecond > 0 && extra.jobsPerSecond <= 550, `${r.impl}: ${Math.round(extra.jobsPerSecond)} jobs/s, within the reservoir's 500/s`)
    t.equal(r.runs[0].samples, 1000, 'one sample per job')
  }
  t.equal(report.results.find((r) => r.impl === 'heaptimers').runs[0].extra.early, 0, 'heaptimers fired no job timer early')
})

// Runs the load generator against a server that counts what it gets; resolves its exit code,
// its result and that count.
async function loadAgainstCounter (spec) {
  const http = require('http')
  const { spawn } = require('child_process')
  let got = 0
  const server = http.createServer((req, res) => { got++; res.end('ok') })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${server.address().port}/`
  const child = spawn(process.execPath, [HTTP_LOAD, JSON.stringify({ url, undici: require.resolve('undici'), ...spec })])
  let out = ''
  let started = false
  child.stdout.on('data', (d) => {
    out += d
    if (out.includes('"warm":true') && !started) {
      started = true
      child.stdin.write('go\n')
    }
  })
  const code = await new Promise((resolve) => child.on('close', resolve))
  server.close()
  const line = out.split('\n').find((l) => l.includes('"result"'))
  return { code, result: line && JSON.parse(line).result, got }
}

t.test('the load generator: loopback only, a fixed count, then it stops by itself', async (t) => {
  const far = spawnSync(process.execPath, [HTTP_LOAD, JSON.stringify({ url: 'http://example.com/', requests: 1, warmup: 0, connections: 1, undici: 'undici' })],
    { encoding: 'utf8', timeout: 20000 })
  t.equal(far.status, 1)
  t.match(far.stdout, /"error":"the load goes to 127\.0\.0\.1 only, not http:\/\/example\.com\/"/)
  // The generator sends warm-up + requests and exits.
  const { code, result, got } = await loadAgainstCounter({ requests: 300, warmup: 50, connections: 4 })
  t.equal(code, 0, 'exits by itself')
  t.equal(result.answered, 300)
  t.equal(got, 350, 'warm-up and measured requests, no more')
})

t.test('the load generator at a rate: requests leave on schedule, the count stays fixed', async (t) => {
  // 200 requests at 1,000 per second: the last one leaves 199 ms after the first, not sooner.
  const { code, result, got } = await loadAgainstCounter({ requests: 200, warmup: 0, connections: 4, rate: 1000 })
  t.equal(code, 0, 'exits by itself')
  t.equal(result.answered, 200)
  t.equal(got, 200, 'no warm-up asked, none sent')
  t.ok(result.ms >= 199, `paced: ${result.ms.toFixed(0)} ms for 200 requests at 1,000/s`)
  t.ok(result.rps <= 1010, `at most the rate: ${result.rps.toFixed(0)} req/s`)
})

t.test('without undici, lru-cache or bottleneck anywhere, the app cells are load errors that say how to get them', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timerbench-apps-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const res = await cli([...FAST, '-s', 'apps', '-i', 'native', '-f', 'json'], { TIMERBENCH_CACHE: path.join(dir, 'cache') }, { cwd: dir })
  t.equal(res.code, 3, 'cells that did not measure')
  const [http, ttl, queue] = JSON.parse(res.stdout).results
  t.equal(http.error.kind, 'load')
  t.match(http.error.message, /the load generator needs undici, installed neither in this project nor in the timerbench cache \(npm install undici, or add --install\)/)
  t.equal(ttl.error.kind, 'load')
  t.match(ttl.error.message, /this row needs lru-cache, installed neither in this project nor in the timerbench cache \(npm install lru-cache, or add --install\)/)
  t.equal(queue.error.kind, 'load')
  t.match(queue.error.message, /this row needs bottleneck, installed neither in this project nor in the timerbench cache \(npm install bottleneck, or add --install\)/)
})
