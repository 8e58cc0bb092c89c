// Group `apps`: small, realistic programs run end to end under load, to ask what an implementation
// changes for a service rather than for one timer operation.
//
// app-http-timeouts: a node:http server on 127.0.0.1 in the child itself. Every request sets a
// 30 s deadline, waits a random 0-5 ms on a timer (downstream work), answers and clears the
// deadline (whole milliseconds, 0 to 5, as a 0 ms delay is Node's 1 ms); each keep-alive
// connection has an idle timer refreshed per request. The load is open, a fixed rate of requests
// per second, so both sides serve the same traffic (see ../apps/http-load.js for why not closed).
// The timers are the implementation's, as they would be under `node -r heaptimers/register`
// (Node's own socket timers stay native either way). The load comes from a separate process (../apps/http-load.js,
// undici's Pool on the Node running timerbench), so only the server's CPU is measured: from the
// end of a warm-up to the last answer, per request. Figures beside it in `extra`: requests per
// second, p50 and p99 latency, errors, deadlines hit, timers that fired early, and the peak of
// pending app timers.
// Each row calls ctx.onWindow('start') and ('end'), when given, at the edges of the window it
// measures, so that a profiler can keep only that window's samples (tools/app-profile.js).
// ES5 on purpose: scenario modules run inside the child on every Node version; the row itself
// needs Node 18 and says so below it.
'use strict'

var define = require('./define')
var clock = require('../child/child-clock')
var nodeMajor = require('../child/node-version').nodeMajor
var inBrowser = require('../child/node-version').inBrowser

var DEADLINE_MS = 30000
var IDLE_MS = 60000
var MAX_WORK_MS = 5
// Requests per second of --duration: 50,000 at the default 10 s, 5,000 with --quick, sent at
// RATE per second, well under what either side serves here over CONNECTIONS.
var REQUESTS_PER_SECOND_OF_DURATION = 5000
var MIN_REQUESTS = 2000
var RATE = 10000
var CONNECTIONS = 100
var WARMUP_SHARE = 0.1
var MIN_NODE = 18

// The n/a error of an app row on a Node before MIN_NODE or in a browser page, or null.
function tooOld () {
  if (inBrowser()) return define.notAvailable('the app rows serve http and load Node packages, which a browser page cannot')
  return nodeMajor() < MIN_NODE ? define.notAvailable('the app rows need Node ' + MIN_NODE + ' or later') : null
}

// The measured window opens or closes: tells ctx.onWindow, if the caller gave one.
function windowEdge (ctx, edge) {
  if (typeof ctx.onWindow === 'function') ctx.onWindow(edge)
}

// How late a timer of `delay` created at `t0` ran: against performance.now() at creation + the
// delay Node applies (1 ms for 0); below 0 is an early fire.
function lateness (t0, delay) {
  return clock.now() - t0 - Math.max(1, delay)
}

/**
 * The server of app-http-timeouts on the timer functions of T. opts: { deadlineMs, maxWorkMs }.
 * Calls back (err, app) once listening; app: { url, counts(), close(cb) }. counts() gives the
 * requests served, deadlines hit, early fires (a work timer that fired before performance.now()
 * at creation + its delay), and the pending and peak numbers of app timers.
 */
function httpServer (T, opts, cb) {
  var http = require('http')
  var c = { served: 0, deadlines: 0, early: 0, earliestMs: 0, pending: 0, peak: 0 }
  function added () {
    c.pending++
    if (c.pending > c.peak) c.peak = c.pending
  }
  function onIdle (socket) {
    c.pending--
    socket.idleTimer = null
    socket.destroy()
  }
  function touchIdle (socket) {
    if (socket.idleTimer && typeof socket.idleTimer.refresh === 'function') return socket.idleTimer.refresh()
    if (socket.idleTimer) {
      T.clearTimeout(socket.idleTimer)
      c.pending--
    }
    socket.idleTimer = T.setTimeout(onIdle, IDLE_MS, socket)
    added()
  }
  var server = http.createServer(function (req, res) {
    var socket = req.socket
    if (!socket.watched) {
      socket.watched = true
      socket.on('close', function () {
        if (socket.idleTimer) {
          T.clearTimeout(socket.idleTimer)
          socket.idleTimer = null
          c.pending--
        }
      })
    }
    touchIdle(socket)
    var answered = false
    var deadline = T.setTimeout(function () {
      c.pending--
      c.deadlines++
      answered = true
      res.statusCode = 504
      res.end('deadline')
    }, opts.deadlineMs)
    added()
    var delay = Math.floor(Math.random() * (opts.maxWorkMs + 1))
    var t0 = clock.now()
    T.setTimeout(function () {
      c.pending--
      var late = lateness(t0, delay)
      if (late < 0) {
        c.early++
        if (late < c.earliestMs) c.earliestMs = late
      }
      if (answered) return
      answered = true
      T.clearTimeout(deadline)
      c.pending--
      c.served++
      res.end('ok')
    }, delay)
    added()
  })
  server.keepAliveTimeout = IDLE_MS
  server.on('error', cb)
  server.listen(0, '127.0.0.1', function () {
    var address = server.address()
    cb(null, {
      url: 'http://127.0.0.1:' + address.port + '/',
      counts: function () { return c },
      close: function (done) {
        server.close(done)
        if (typeof server.closeAllConnections === 'function') server.closeAllConnections()
      }
    })
  })
}

// Runs the load process; calls onWarm(go) once it is warm, then cb(err, result).
function runLoad (ctx, spec, onWarm, cb) {
  var spawn = require('child_process').spawn
  var child = spawn(ctx.loadNode, [ctx.loadScript, JSON.stringify(spec)], { stdio: ['pipe', 'pipe', 'pipe'] })
  var out = ''
  var err = ''
  var done = false
  function finish (e, r) {
    if (done) return
    done = true
    cb(e, r)
  }
  child.stdout.setEncoding('utf8')
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', function (d) { err = (err + d).slice(-2000) })
  child.stdout.on('data', function (d) {
    out += d
    var lines = out.split('\n')
    out = lines.pop()
    lines.forEach(function (line) {
      var m
      try { m = JSON.parse(line) } catch (e) { return }
      if (m.warm) onWarm(function () { child.stdin.write('go\n') })
      else if (m.result) finish(null, m.result)
      else if (m.error) finish(new Error('the load generator failed: ' + m.error))
    })
  })
  child.on('error', function (e) { finish(new Error('cannot start the load generator: ' + e.message)) })
  child.on('close', function (code) {
    finish(new Error('the load generator exited with code ' + code + (err ? ': ' + err.trim().split('\n').pop() : '')))
  })
}

function measureHttp (T, ctx, cb) {
  var old = tooOld()
  if (old) return cb(old)
  var undici = ctx.packages && ctx.packages.undici
  if (!undici) {
    var missing = new Error('the load generator needs undici, installed neither in this project nor in the timerbench cache (npm install undici, or add --install)')
    missing.kind = 'load'
    return cb(missing)
  }
  var cpu = clock.cpuClock()
  var requests = Math.max(MIN_REQUESTS, Math.round(ctx.durationMs / 1000 * REQUESTS_PER_SECOND_OF_DURATION))
  httpServer(T, { deadlineMs: DEADLINE_MS, maxWorkMs: MAX_WORK_MS }, function (err, app) {
    if (err) return cb(err)
    var cpu0 = 0
    var served0 = 0
    var spec = { url: app.url, requests: requests, warmup: Math.round(requests * WARMUP_SHARE), connections: CONNECTIONS, rate: RATE, undici: undici }
    runLoad(ctx, spec, function (go) {
      served0 = app.counts().served
      windowEdge(ctx, 'start')
      cpu0 = cpu.read()
      go()
    }, function (loadErr, result) {
      var cpu1 = cpu.read()
      windowEdge(ctx, 'end')
      var c = app.counts()
      app.close(function () {})
      if (loadErr) return cb(loadErr)
      var served = c.served - served0
      if (result.errors || result.answered !== requests) {
        return cb(new Error(result.errors + ' errors, ' + result.answered + ' of ' + requests + ' requests answered'))
      }
      cb(null, define.record((cpu1 - cpu0) / served, served, 'server-cpu', {
        requests: requests,
        connections: CONNECTIONS,
        offeredRps: RATE,
        rps: result.rps,
        p50Ms: result.p50Ms,
        p99Ms: result.p99Ms,
        errors: result.errors,
        deadlines: c.deadlines,
        early: c.early,
        earliestMs: c.earliestMs,
        peakPending: c.peak
      }))
    })
  })
}

// app-ttl-cache: lru-cache with ttlAutopurge, whose every entry sets its own purge timeout with
// the global setTimeout. The implementation's functions are put on the global object for the
// row, as `-r heaptimers/register` puts them (the harness keeps its native ones). Entries of random
// TTLs arrive steadily, driven by the harness's native timers, and expire while others arrive;
// the value is CPU per entry from the first insert to the last purge. Beside it: heap bytes per
// pending entry, purges before an entry's TTL (lru-cache rechecks staleness, so 0 is right), and
// how late the purges ran.
var TTL_MIN_MS = 50
var TTL_MAX_MS = 1000
var ENTRIES_PER_SECOND_OF_DURATION = 10000
var MIN_ENTRIES = 5000
var INSERT_BATCHES = 200
var HEAP_ENTRIES = 10000
var DRAIN_LIMIT_MS = TTL_MAX_MS * 4

// Puts T's functions of `names` on the global object; returns the function that puts back the
// ones that were there.
function swapGlobalTimers (T, names) {
  var g = typeof globalThis !== 'undefined' ? globalThis : global
  var saved = {}
  names.forEach(function (name) {
    saved[name] = g[name]
    g[name] = T[name]
  })
  return function restore () {
    names.forEach(function (name) { g[name] = saved[name] })
  }
}

function withGlobalTimers (T, fn) {
  var restore = swapGlobalTimers(T, ['setTimeout', 'clearTimeout'])
  try {
    return fn()
  } finally {
    restore()
  }
}

// What a row on a package needs before it starts: Node MIN_NODE or later and the package, found
// in the project or the cache. { mod } when both are there, else { error } to call back with.
function appPackage (ctx, name) {
  var old = tooOld()
  if (old) return { error: old }
  var entry = ctx.packages && ctx.packages[name]
  if (!entry) {
    var missing = new Error('this row needs ' + name + ', installed neither in this project nor in the timerbench cache (npm install ' + name + ', or add --install)')
    missing.kind = 'load'
    return { error: missing }
  }
  return { mod: require(entry) }
}

// Heap per pending entry: HEAP_ENTRIES entries with a TTL far beyond the row, after a collection.
function heapPerEntry (LRUCache, T, gc) {
  if (!gc.fullGc()) return null
  var before = process.memoryUsage().heapUsed
  var cache = withGlobalTimers(T, function () {
    var c = new LRUCache({ max: HEAP_ENTRIES * 2, ttl: 60000, ttlAutopurge: true })
    for (var i = 0; i < HEAP_ENTRIES; i++) c.set('k' + i, i)
    return c
  })
  gc.fullGc()
  var bytes = (process.memoryUsage().heapUsed - before) / HEAP_ENTRIES
  withGlobalTimers(T, function () { cache.clear() })
  return bytes
}

function measureTtl (T, ctx, cb) {
  var pkg = appPackage(ctx, 'lru-cache')
  if (pkg.error) return cb(pkg.error)
  var LRUCache = pkg.mod.LRUCache || pkg.mod
  var gc = require('../child/gc')
  var bytes = heapPerEntry(LRUCache, T, gc)
  var cpu = clock.cpuClock()
  var total = Math.max(MIN_ENTRIES, Math.round(ctx.durationMs / 1000 * ENTRIES_PER_SECOND_OF_DURATION))
  var perBatch = Math.ceil(total / INSERT_BATCHES)
  var inserted = 0
  var expired = 0
  var early = 0
  var lateness = []
  var due = {}
  var cache = new LRUCache({
    max: total * 2,
    ttlAutopurge: true,
    dispose: function (value, key, reason) {
      if (reason !== 'expire') return
      expired++
      var late = clock.now() - due[key]
      if (late < 0) early++
      lateness.push(late)
      delete due[key]
    }
  })
  windowEdge(ctx, 'start')
  var cpu0 = cpu.read()
  var started = clock.now()
  function insertBatch () {
    withGlobalTimers(T, function () {
      for (var i = 0; i < perBatch && inserted < total; i++) {
        var ttl = TTL_MIN_MS + Math.floor(Math.random() * (TTL_MAX_MS - TTL_MIN_MS))
        var key = 'k' + inserted++
        due[key] = clock.now() + ttl
        cache.set(key, inserted, { ttl: ttl })
      }
    })
    if (inserted < total) ctx.natives.setTimeout(insertBatch, 1)
    else ctx.natives.setTimeout(waitForDrain, 10)
  }
  function waitForDrain () {
    if (expired < total && clock.now() - started < DRAIN_LIMIT_MS + ctx.durationMs) return ctx.natives.setTimeout(waitForDrain, 10)
    var cpuUs = cpu.read() - cpu0
    windowEdge(ctx, 'end')
    if (expired < total) return cb(new Error('only ' + expired + ' of ' + total + ' entries expired within ' + (DRAIN_LIMIT_MS + ctx.durationMs) + ' ms'))
    lateness.sort(function (a, b) { return a - b })
    cb(null, define.record(cpuUs / total, total, 'server-cpu', {
      entries: total,
      heapBytesPerEntry: bytes,
      early: early,
      lateP50Ms: lateness[Math.floor(lateness.length / 2)],
      lateP99Ms: lateness[Math.floor(lateness.length * 0.99)]
    }))
  }
  insertBatch()
}

// app-rate-limit: a job queue on bottleneck, at most JOB_CONCURRENCY jobs at once and a reservoir
// of JOB_RESERVOIR jobs refilled every JOB_REFILL_MS (500 jobs a second). bottleneck sets a
// timeout per job to start it, one per job as its time limit (`expiration`, cleared when the job
// ends) and a 0 ms one for each step of its bookkeeping, which it serializes (so it runs a few
// hundred jobs a second whatever the limits); each job waits 0-2 ms on a timer of its own. All
// of them are the global timers, which stay the implementation's for the whole row, as under
// `-r heaptimers/register` (bottleneck calls them from its promise callbacks, not only from
// schedule()). A tenth as many jobs first warm the code up on a queue of their own, as the http
// row's warm-up does: the value is CPU per job of a warm process, from the first schedule() to
// the last job's end; beside it: jobs per second, jobs that hit their time limit and work timers
// that fired early. A job that fails otherwise makes the cell an error.
var JOB_CONCURRENCY = 20
var JOB_RESERVOIR = 50
var JOB_REFILL_MS = 100
var JOB_EXPIRATION_MS = 30000
var JOB_MAX_WORK_MS = 2
// Jobs per second of --duration: 1,000 at the default 10 s and with --quick (the minimum).
var JOBS_PER_SECOND_OF_DURATION = 100
var MIN_JOBS = 1000

function measureRateLimit (T, ctx, cb) {
  var pkg = appPackage(ctx, 'bottleneck')
  if (pkg.error) return cb(pkg.error)
  var Bottleneck = pkg.mod
  var total = Math.max(MIN_JOBS, Math.round(ctx.durationMs / 1000 * JOBS_PER_SECOND_OF_DURATION))
  var restore = swapGlobalTimers(T, ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'])
  function done (err, record) {
    restore()
    cb(err, record)
  }
  var warmup = Math.round(total * WARMUP_SHARE)
  runJobs(T, Bottleneck, warmup, {}, function (err) {
    if (err) return done(err)
    runJobs(T, Bottleneck, total, ctx, function (err, run) {
      if (err) return done(err)
      done(null, define.record(run.cpuUs / total, total, 'server-cpu', {
        jobs: total,
        warmupJobs: warmup,
        jobsPerSecond: total / run.ms * 1000,
        expired: run.expired,
        early: run.early
      }))
    })
  })
}

// One queue of `total` jobs on a limiter of its own, disconnected at the end; calls back
// (err, { cpuUs, ms, expired, early }). Its window's edges go to ctx.onWindow ({} for the warm-up).
function runJobs (T, Bottleneck, total, ctx, cb) {
  var cpu = clock.cpuClock()
  var limiter = new Bottleneck({
    maxConcurrent: JOB_CONCURRENCY,
    reservoir: JOB_RESERVOIR,
    reservoirRefreshAmount: JOB_RESERVOIR,
    reservoirRefreshInterval: JOB_REFILL_MS
  })
  var settledJobs = 0
  var expired = 0
  var failed = 0
  var early = 0
  var firstError = null
  function job () {
    return new Promise(function (resolve) {
      var delay = Math.floor(Math.random() * (JOB_MAX_WORK_MS + 1))
      var t0 = clock.now()
      T.setTimeout(function () {
        if (lateness(t0, delay) < 0) early++
        resolve()
      }, delay)
    })
  }
  windowEdge(ctx, 'start')
  var cpu0 = cpu.read()
  var t0 = clock.now()
  function settled (err) {
    // bottleneck rejects a job past its `expiration` with a BottleneckError that says so.
    if (err instanceof Bottleneck.BottleneckError && /^This job timed out/.test(err.message)) expired++
    else if (err) {
      failed++
      if (!firstError) firstError = err
    }
    if (++settledJobs < total) return
    var cpuUs = cpu.read() - cpu0
    windowEdge(ctx, 'end')
    var ms = clock.now() - t0
    limiter.disconnect().then(function () {
      if (failed) return cb(new Error(failed + ' of ' + total + ' jobs failed: ' + (firstError && firstError.message)))
      cb(null, { cpuUs: cpuUs, ms: ms, expired: expired, early: early })
    }, cb)
  }
  for (var i = 0; i < total; i++) {
    limiter.schedule({ expiration: JOB_EXPIRATION_MS }, job).then(function () { settled(null) }, settled)
  }
}

var ttlCache = define.measuredScenario('apps', 'app-ttl-cache', 'us/entry', measureTtl,
  'lru-cache with ttlAutopurge on the implementation\'s global timers: entries of 50-1000 ms TTLs arriving ' +
  'steadily and expiring while others arrive; CPU microseconds per entry, insert to purge', { expectedMs: 14000 })
ttlCache.app = true

var httpTimeouts = define.measuredScenario('apps', 'app-http-timeouts', 'us/request', measureHttp,
  'a node:http server: per request a 30 s deadline, a 0-5 ms timer of downstream work, an idle timer per ' +
  'keep-alive connection refreshed; ' + RATE + ' requests/s over ' + CONNECTIONS + ' connections of undici\'s Pool from another process; ' +
  'server CPU microseconds per request', { expectedMs: 12000 })
httpTimeouts.app = true

var rateLimit = define.measuredScenario('apps', 'app-rate-limit', 'us/job', measureRateLimit,
  'a bottleneck job queue (' + JOB_CONCURRENCY + ' at once, ' + JOB_RESERVOIR + ' jobs per ' + JOB_REFILL_MS + ' ms) on the ' +
  'implementation\'s global timers: short jobs with a ' + (JOB_EXPIRATION_MS / 1000) + ' s time limit, each waiting 0-2 ms ' +
  'on a timer; CPU microseconds per job', { expectedMs: 8000 })
rateLimit.app = true

module.exports = [httpTimeouts, ttlCache, rateLimit]
module.exports.httpServer = httpServer
