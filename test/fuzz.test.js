'use strict'
// Differential fuzzing: random timer programs (nested set/clear/refresh/
// ref/unref/hasRef of timeouts, intervals and immediates; nextTicks, promise
// jobs and deferred promises resolved by other callbacks; callbacks that
// throw, caught by an uncaughtException handler; arguments and `this`)
// generated from seeds by test/helpers/fuzz.js, run under native timers and
// under heaptimers in child processes (test/fixtures/fuzz-runner.js); the
// logs must be identical. Native's log must also equal the generator's
// model (a check that the programs really are deterministic). Every run is
// also checked against the invariants of test/helpers/invariants.js (never
// early, no cleared timer runs, no timer lost or run twice, every interval
// runs until cleared) and stats() must be back at zero after every batch.
//
// Native and heaptimers run at the same time (two children): only the order
// within each program is compared, and late runs are retried.
//
// Environment:
//   (npm test)                    400 programs from a random first seed, so that every run
//                                 tries new programs; the title names the seeds
//   HEAPTIMERS_TEST_TIER=long     2,000 programs from seed 1 (npm run test:long)
//   HEAPTIMERS_FUZZ=long          100,000 programs
//   HEAPTIMERS_FUZZ_COUNT=n       any number of programs
//   HEAPTIMERS_FUZZ_SEED=s        first seed ("random" for a random one)
//   HEAPTIMERS_FUZZ_SEEDS=a,b,c   replay exactly these seeds
//   HEAPTIMERS_FUZZ_CONCURRENCY=n programs sharing one event loop (default 100)
//   HEAPTIMERS_FUZZ_OPTIONS=json  generator options (DEFAULTS in helpers/fuzz.js),
//                                 e.g. '{"maxOps":6,"maxHandles":30,"horizon":14}'
//
// A run in which some callback ran more than `taintMs` away from its nominal
// time (a loaded machine) is not compared: the seed is run again, with less
// concurrency, up to RETRIES times.

const t = require('tap')
const { runFixture } = require('./helpers/child.js')
const { generate, DEFAULTS } = require('./helpers/fuzz.js')
const { selectedImpls } = require('./helpers/impls.js')
const tier = require('./helpers/tier.js')

const RETRIES = 3
const CHUNK = 10000 // seeds per child process
const env = process.env
const concurrency = Number(env.HEAPTIMERS_FUZZ_CONCURRENCY) || 100
const genOptions = env.HEAPTIMERS_FUZZ_OPTIONS ? JSON.parse(env.HEAPTIMERS_FUZZ_OPTIONS) : {}

let seeds
if (env.HEAPTIMERS_FUZZ_SEEDS) {
  seeds = env.HEAPTIMERS_FUZZ_SEEDS.split(',').map(Number)
} else {
  const count = Number(env.HEAPTIMERS_FUZZ_COUNT) || (env.HEAPTIMERS_FUZZ === 'long' ? 100000 : tier.size(400, 2000))
  const seed = env.HEAPTIMERS_FUZZ_SEED || tier.size('random', '1')
  const start = seed === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(seed) || 1
  seeds = Array.from({ length: count }, (_, i) => start + i)
}

async function runSeeds (impl, list, conc, options = genOptions) {
  const results = new Map()
  let stats = null
  for (let i = 0; i < list.length; i += CHUNK) {
    const part = list.slice(i, i + CHUNK)
    const timeout = 60000 + part.length / conc * 2000
    const r = await runFixture('fuzz-runner.js', impl, [part.join(','), String(conc)],
      { timeout, env: { HEAPTIMERS_FUZZ_OPTIONS: JSON.stringify(options) } })
    if (r.code !== 0) {
      throw new Error(`${impl} fuzz runner failed (exit ${r.code}${r.timedOut ? ', timed out' : ''}):\n${r.stderr.slice(0, 4000)}`)
    }
    for (const line of r.stdout.split('\n')) {
      if (!line) continue
      const x = JSON.parse(line)
      if (x.stats) stats = x.stats
      else results.set(x.seed, x)
    }
  }
  return { results, stats }
}

const taintMs = genOptions.taintMs || DEFAULTS.taintMs
const tainted = x => !x || Math.abs(x.maxDev) > taintMs

function firstDiff (a, b) {
  const n = Math.max(a.length, b.length)
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i
  return -1
}

function waveOf (seed) {
  const at = seeds.indexOf(seed)
  const first = at - at % concurrency
  return seeds.slice(first, first + concurrency)
}

function describeMismatch (seed, what, want, got, options = genOptions) {
  const i = firstDiff(want, got)
  return {
    seed,
    replay: `HEAPTIMERS_FUZZ_SEEDS=${seed} npx tap test/fuzz.test.js`,
    // programs share one event loop, `concurrency` at a time: a failure that
    // needs its neighbours (e.g. their throws in the same pass) shows again
    // with its first-round wave, run a few times
    replayWave: `HEAPTIMERS_FUZZ_SEEDS=${waveOf(seed).join(',')} npx tap test/fuzz.test.js`,
    firstDifferenceAt: i,
    [what[0]]: want.slice(Math.max(0, i - 3), i + 6).join(' '),
    [what[1]]: got.slice(Math.max(0, i - 3), i + 6).join(' '),
    fullLogs: { [what[0]]: want.join(' '), [what[1]]: got.join(' ') },
    program: JSON.stringify(generate(seed, options).program),
  }
}

// Programs generated with { domains: true } create some timers inside a domain: a separate run,
// since loading the domain module changes how both implementations run every program after.
const domainSeeds = env.HEAPTIMERS_FUZZ_SEEDS ? [] : seeds.slice(0, Math.max(1, Math.round(seeds.length / 5)))

fuzz(`differential fuzzing: ${seeds.length} programs (seeds ${seeds[0]}..${seeds[seeds.length - 1]})`, seeds, genOptions)
if (domainSeeds.length) {
  fuzz(`differential fuzzing with domains: ${domainSeeds.length} programs (seeds ${domainSeeds[0]}..${domainSeeds[domainSeeds.length - 1]})`,
    domainSeeds, { ...genOptions, domains: true })
}

function fuzz (title, seeds, genOptions) {
  t.test(title, async t => {
    const impls = selectedImpls().map(i => i.name)
    t.comment(`first seed ${seeds[0]}; replay one with HEAPTIMERS_FUZZ_SEEDS=<seed>`)
    const started = Date.now()

    const final = new Map() // seed -> { native, heaptimers }
    let pending = seeds
    let conc = concurrency
    const heapStats = []
    for (let round = 0; round <= RETRIES && pending.length; round++) {
      const got = {}
      const runs = await Promise.all(impls.map(impl => runSeeds(impl, pending, conc, genOptions)))
      impls.forEach((impl, i) => {
        got[impl] = runs[i].results
        if (impl === 'heaptimers') heapStats.push(runs[i].stats)
      })
      const again = []
      for (const seed of pending) {
        const row = Object.fromEntries(impls.map(i => [i, got[i].get(seed)]))
        if (impls.some(i => tainted(row[i])) && round < RETRIES) again.push(seed)
        else final.set(seed, row)
      }
      if (again.length) t.comment(`round ${round + 1}: ${again.length} seeds ran too late to compare; running them again`)
      pending = again
      conc = Math.max(5, Math.floor(conc / 4))
    }

    let compared = 0
    let inconclusive = 0
    let operations = 0
    let throws = 0
    let inDomain = 0
    let nativeEarliest = 0
    const violations = { native: [], heaptimers: [] }
    const failures = []
    const modelFailures = []
    const lost = []
    for (const [seed, row] of final) {
      const nat = row.native
      const heap = row.heaptimers
      for (const impl of impls) {
      // an early, doubled or cleared run is a violation even on a late run
        const x = row[impl]
        if (!x) continue
        const hard = tainted(x) ? x.violations.filter(v => !['lost', 'running'].includes(v.kind)) : x.violations
        for (const v of hard) violations[impl].push({ seed, replay: `HEAPTIMERS_FUZZ_SEEDS=${seed} npx tap test/fuzz.test.js`, ...v })
      }
      if (nat && nat.minLateness !== null) nativeEarliest = Math.min(nativeEarliest, nat.minLateness)
      if (impls.some(i => tainted(row[i]))) { inconclusive++; continue }
      operations += (nat || heap).ops
      throws += (nat || heap).log.filter(l => l.startsWith('caught ')).length
      if (heap && !heap.complete) lost.push({ seed, replay: `HEAPTIMERS_FUZZ_SEEDS=${seed} npx tap test/fuzz.test.js`, log: heap.log.join(' ') })
      compared++
      const expected = generate(seed, genOptions).expected
      if (nat && JSON.stringify(nat.log) !== JSON.stringify(expected)) {
        modelFailures.push(describeMismatch(seed, ['model', 'native'], expected, nat.log, genOptions))
      }
      if (nat && heap && JSON.stringify(heap.log) !== JSON.stringify(nat.log)) {
        failures.push(describeMismatch(seed, ['native', 'heaptimers'], nat.log, heap.log, genOptions))
      } else if (nat && heap && JSON.stringify(heap.domainLog) !== JSON.stringify(nat.domainLog)) {
        failures.push(describeMismatch(seed, ['native', 'heaptimers'], nat.domainLog, heap.domainLog, genOptions))
      }
      if (nat && nat.domainLog) inDomain += nat.domainLog.filter(l => l.endsWith(' D')).length
    }

    t.comment(`${compared} programs compared, ${inconclusive} inconclusive (machine too busy), in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    t.comment(`${operations} operations compared (timer calls, clears, refreshes, ref changes, ticks, promise jobs, throws and callbacks run), ${throws} of them handled throws`)
    if (genOptions.domains) {
      t.comment(`${inDomain} callbacks ran in the domain`)
      if (impls.includes('native')) t.ok(inDomain > 0, 'some callbacks ran in the domain')
    }
    if (impls.includes('native')) t.comment(`native ran at most ${(-nativeEarliest).toFixed(3)} ms early against performance.now() at creation + delay (allowed for native only)`)
    for (const impl of impls) {
      t.same(violations[impl], [], `${impl}: no invariant violations (${impl === 'native' ? 'early runs allowed' : 'never early'}; no cleared run, none lost or doubled, intervals run until cleared)`)
    }
    t.ok(compared >= seeds.length * 0.9, `at least 90% of the programs could be compared (${compared}/${seeds.length})`)
    t.same(lost, [], 'heaptimers: every program ran to completion (no lost callbacks)')
    t.equal(modelFailures.length, 0, 'native follows the generator\'s model (programs are deterministic)', {
      examples: modelFailures.slice(0, 3),
    })
    if (impls.includes('heaptimers')) {
      t.equal(failures.length, 0, `heaptimers' log equals native's${failures.length ? ' (failing seeds: ' + failures.map(f => f.seed).slice(0, 20).join(',') + ')' : ''}`, {
        examples: failures.slice(0, 3),
      })
      t.same(heapStats.filter(Boolean).map(s => s), heapStats.filter(Boolean).map(() => ({ timeouts: 0, immediates: 0, refed: 0 })),
        'heaptimers stats() back to zero after every batch')
    }
  })
}
