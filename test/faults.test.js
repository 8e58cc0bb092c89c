'use strict'
// Faults: each case runs under native timers first, then under
// heaptimers, and the results are compared.
//   - throws from nested drains (a nextTick, microtask or promise job queued
//     by a timer, interval or immediate), with and without an
//     uncaughtException handler, and from the handler itself (exit code 7);
//     (throws from the callbacks themselves: test/exceptions.test.js)
//   - consecutive throwing timeouts: the rest of the pass still runs in order
//   - a callback that blocks the loop for 200 ms
//   - 200,000 pending timeouts (1,000,000 in the long tier)
//   - clearing and refreshing timers from other timers' callbacks and ticks
//   - install()/uninstall() while timers are pending
//   - configure() while immediates are queued (heaptimers only: native has no
//     options; the default options must still give native's order)
// Child-process cases live in test/fixtures/faults.js.

const t = require('tap')
const { sameResult, loadHeaptimers, onlyHeaptimers } = require('./helpers/impls.js')
const { runFixtureEach, parseResult, normalizeOutput } = require('./helpers/child.js')
const { busy, logger } = require('./helpers/scenario.js')
const { size } = require('./helpers/tier.js')

// The part of a crash printout before the first stack frame: source line,
// caret and the error line itself.
function crashHeader (stderr) {
  const lines = normalizeOutput(stderr).split('\n')
  const firstFrame = lines.findIndex(l => /^\s+at /.test(l))
  return (firstFrame === -1 ? lines : lines.slice(0, firstFrame)).join('\n').trim()
}
const firstErrorLine = stderr => normalizeOutput(stderr).split('\n').find(l => /^\w*Error\b|^Uncaught\b/.test(l)) || null

// Runs several crash scenarios at once (each under both implementations):
// only exit codes and printouts are compared, so they need no quiet machine.
function runAll (scenarios) {
  return Promise.all(scenarios.map(s => runFixtureEach('faults.js', [s], { parallel: true })))
}

t.test('throws from nested drains, no handler: the process dies like native', async t => {
  const scenarios = ['crash-tick-in-immediate', 'crash-microtask-in-interval', 'crash-promise-in-immediate']
  const results = await runAll(scenarios)
  for (const [i, s] of scenarios.entries()) {
    await t.test(s, async t => {
      const r = results[i]
      t.equal(r.native.code, 1, 'native exits 1')
      t.match(firstErrorLine(r.native.stderr), /^Error: boom from /, 'native printed the error')
      t.equal(r.native.stdout, '', 'native ran nothing after the throw')
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, r.native.code, 'exit code equals native', { stderr: r.heaptimers.stderr })
      t.equal(r.heaptimers.stdout, r.native.stdout, 'stdout equals native')
      t.equal(crashHeader(r.heaptimers.stderr), crashHeader(r.native.stderr), 'error printout (source line, caret, error line) equals native')
    })
  }
})

t.test('an uncaughtException handler that throws: exit code 7, like native', async t => {
  const scenarios = ['handler-throws-immediate', 'handler-throws-interval', 'handler-throws-tick', 'handler-throws-promise']
  const results = await runAll(scenarios)
  for (const [i, s] of scenarios.entries()) {
    await t.test(s, async t => {
      const r = results[i]
      t.equal(r.native.code, 7, 'native exits 7')
      t.match(firstErrorLine(r.native.stderr), /^Error: handler failed on /, 'native printed the handler\'s error')
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, r.native.code, 'exit code equals native', { stderr: r.heaptimers.stderr })
      t.equal(r.heaptimers.stdout, r.native.stdout, 'stdout equals native')
      t.equal(firstErrorLine(r.heaptimers.stderr), firstErrorLine(r.native.stderr), 'first error line of stderr equals native')
      t.equal(crashHeader(r.heaptimers.stderr), crashHeader(r.native.stderr), 'error printout equals native')
    })
  }
})

t.test('throws from nested drains, with a handler: the program goes on in native order', async t => {
  const documented = {
    'handled-nested-drains': [
      'T1', 'T1 tick', 'caught from T1 tick (uncaughtException)',
      'T2', 'T2 microtask', 'caught from T2 microtask (uncaughtException)',
      'T3', 'T3 promise', 'caught from T3 promise job (unhandledRejection)',
      'iv1', 'caught from iv1 tick (uncaughtException)', 'iv2', 'caught from iv2 tick (uncaughtException)',
      'I1', 'I1 tick', 'caught from I1 nested tick (uncaughtException)',
      'I2', 'caught from I2 microtask (uncaughtException)', 'I3',
    ],
    'handled-rejections': ['async T', 'caught async timeout (unhandledRejection)',
      'async I', 'caught async immediate (unhandledRejection)', 'I after'],
  }
  for (const [s, expected] of Object.entries(documented)) {
    await t.test(s, async t => {
      const r = await runFixtureEach('faults.js', [s])
      t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
      t.same(parseResult(r.native.stdout), expected, 'native order is the documented one')
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
      if (r.heaptimers.code === 0) t.same(parseResult(r.heaptimers.stdout), parseResult(r.native.stdout), 'heaptimers order equals native')
    })
  }
})

// Node's orders after handled throws from consecutive timeouts: the whole
// pass first (`allFirst`), or, as Node 20 often does and Node 22 and 24 under
// load, the rest of the pass deferred past the check phase after any one of
// the handled throws. Then the throwing timeout's own ticks drain, the
// immediates queued so far (`queuedBy`: the timeout that queued them, with
// their ticks) run, and the rest of the pass follows.
function nativeOrders (allFirst, queuedBy) {
  const immediates = Object.values(queuedBy).flat()
  const rest = allFirst.filter(x => !immediates.includes(x))
  const orders = [allFirst]
  rest.forEach((x, i) => {
    if (!x.startsWith('caught ')) return
    const thrower = rest[i - 1]
    const ran = rest.slice(0, i + 1)
    const ticks = rest.slice(i + 1).filter(y => y.startsWith(thrower + ' '))
    const queued = ran.flatMap(y => queuedBy[y] || [])
    const later = rest.slice(i + 1).filter(y => !ticks.includes(y))
    const laterImmediates = immediates.filter(m => !queued.includes(m))
    orders.push([...ran, ...ticks, ...queued, ...later, ...laterImmediates])
  })
  return orders
}

// Regressions: after two consecutive throws, heaptimers resumed the rest of
// the timer pass from a nextTick that only ran inside the next immediate's
// drain (D ran after M1, between M1 and its own tick); the last timeout's
// ticks ran after the immediates; and with it throwing too, E ran only after them.
const consecutiveThrows = {
  'handled-consecutive-throws': {
    allFirst: ['A', 'caught A (uncaughtException)', 'B', 'caught B (uncaughtException)',
      'C', 'caught C (uncaughtException)', 'D', 'M1', 'M1 tick', 'M1 tick tick', 'M2'],
    queuedBy: { A: ['M1', 'M1 tick', 'M1 tick tick', 'M2'] },
  },
  'handled-throws-then-last-timeout-ticks': {
    allFirst: ['A', 'caught A (uncaughtException)', 'B', 'caught B (uncaughtException)',
      'C', 'caught C (uncaughtException)', 'D', 'D tick', 'D microtask', 'M0', 'M'],
    queuedBy: { A: ['M0'], D: ['M'] },
  },
  'handled-throws-then-throwing-last-timeouts': {
    allFirst: ['A', 'caught A (uncaughtException)', 'B', 'caught B (uncaughtException)',
      'C', 'caught C (uncaughtException)', 'D', 'caught D (uncaughtException)', 'E',
      'D tick', 'E tick', 'D microtask', 'M0', 'M'],
    queuedBy: { A: ['M0'], D: ['M'] },
  },
}
t.test('consecutive throwing timeouts: the rest of the pass runs before the immediates they queued', async t => {
  for (const [s, { allFirst, queuedBy }] of Object.entries(consecutiveThrows)) {
    await t.test(s, async t => {
      const r = await runFixtureEach('faults.js', [s])
      t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
      const nat = parseResult(r.native.stdout)
      const orders = nativeOrders(allFirst, queuedBy).map(o => JSON.stringify(o))
      t.ok(orders.includes(JSON.stringify(nat)), 'native: one of its orders', { nat })
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
      t.same(parseResult(r.heaptimers.stdout), allFirst, 'heaptimers: all due timeouts first (in order, each once, each followed by its ticks), then the immediates')
    })
  }
})

// Regressions: heaptimers ran T1 before I4's ticks, and lost T1 when I4 threw.
t.test('consecutive throwing immediates: the rest of the pass runs before the next timers phase', async t => {
  const caught3 = ['I1', 'caught I1 (uncaughtException)', 'I2', 'caught I2 (uncaughtException)',
    'I3', 'caught I3 (uncaughtException)']
  const documented = {
    'handled-consecutive-throws-immediates': [...caught3, 'I4', 'I4 tick', 'I5', 'T1'],
    'handled-throws-immediates-then-last-ticks': [...caught3, 'I4', 'I4 tick', 'I4 microtask', 'T1'],
    'handled-throws-immediates-then-throwing-last': [...caught3,
      'I4', 'caught I4 (uncaughtException)', 'I5', 'I4 tick', 'I4 microtask', 'T1'],
  }
  for (const [s, expected] of Object.entries(documented)) {
    await t.test(s, async t => {
      const r = await runFixtureEach('faults.js', [s])
      t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
      t.same(parseResult(r.native.stdout), expected, 'native: every immediate, in order, then the timeout')
      if (!('heaptimers' in r)) return
      t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
      if (r.heaptimers.code === 0) t.same(parseResult(r.heaptimers.stdout), expected, 'heaptimers: the same')
    })
  }
})

t.test('a callback that blocks the loop for 200 ms: every due timer still runs, in order', async t => {
  await sameResult(t, 'blocking timeout', async T => {
    const { push, done } = logger(13)
    T.setTimeout(() => { push('T10 blocks'); busy(200) }, 10)
    T.setTimeout(() => push('T30'), 30)
    T.setTimeout(() => push('T30b'), 30)
    // Created in deadline order: a stall between two creations then only delays the later one.
    let n = 0
    const iv = T.setInterval(() => {
      push('iv' + ++n)
      if (n === 3) T.clearInterval(iv)
    }, 45)
    T.setTimeout(() => push('T60'), 60)
    T.setTimeout(() => push('T90'), 90)
    T.setTimeout(() => {
      T.setImmediate(() => push('I1'))
      T.setImmediate(() => { push('I2 blocks'); busy(200) })
      T.setImmediate(() => push('I3'))
      T.setTimeout(() => push('T after I2'), 20)
      T.setTimeout(() => push('T after I2, 40'), 40)
    }, 400)
    return done
  }, {
    // the blocked loop wakes at ~210 ms with T30..T90 and the interval all
    // due: they run by deadline; the interval then runs once per pass (no
    // burst: ~255, ~300); I2 blocks while both later timeouts fall due
    expect: ['T10 blocks', 'T30', 'T30b', 'iv1', 'T60', 'T90', 'iv2', 'iv3', 'I1', 'I2 blocks', 'I3', 'T after I2', 'T after I2, 40'],
  })
})

const PENDING = size(2e5, 1e6)
t.test(`${PENDING.toLocaleString('en-US')} pending timeouts fire exactly once each, in order`, async t => {
  const r = await runFixtureEach('faults.js', ['million', String(PENDING)], { timeout: 120000, nodeArgs: ['--max-old-space-size=1024'] })
  t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
  const nat = parseResult(r.native.stdout)
  const once = { count: PENDING, twice: 0, missing: 0, fifoPerDelay: true }
  t.match(nat.blocks, { ...once, creationOrder: true, deadlineOrder: true }, 'native, blocks of one delay: creation = deadline order')
  t.match(nat.interleaved, once, 'native, interleaved delays: each delay in creation order')
  t.comment(`native: created in ${nat.blocks.createMs} / ${nat.interleaved.createMs} ms; interleaved in strict deadline order: ${nat.interleaved.deadlineOrder}`)
  if (!('heaptimers' in r)) return
  t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
  if (r.heaptimers.code !== 0) return
  const heap = parseResult(r.heaptimers.stdout)
  t.comment(`heaptimers: created in ${heap.blocks.createMs} / ${heap.interleaved.createMs} ms`)
  t.match(heap.blocks, { ...once, creationOrder: true, deadlineOrder: true }, 'heaptimers, blocks: the same order as native')
  t.match(heap.interleaved, { ...once, deadlineOrder: true }, 'heaptimers, interleaved: each delay in creation order, all in deadline order')
  t.same(heap.pending, { timeouts: 0, immediates: 0, refed: 0 }, 'heaptimers: nothing pending afterwards')
})

t.test('clearing and refreshing timers from other timers\' callbacks and from ticks', async t => {
  await sameResult(t, 'clear and refresh across callbacks', async T => {
    const { push, done } = logger(9)
    const h = {}
    let aRuns = 0
    h.a = T.setTimeout(() => {
      if (aRuns++ > 0) return push('a revived')
      push('a')
      T.clearTimeout(h.c) // due later
      h.d.refresh() // 60 -> 20 + 60
      process.nextTick(() => {
        push('a tick')
        T.clearInterval(h.e)
        h.b.refresh() // 30 -> 20 + 30
        Promise.resolve().then(() => { push('a promise'); h.f.close() })
      })
    }, 20)
    h.b = T.setTimeout(() => push('b (refreshed: 50)'), 30)
    h.c = T.setTimeout(() => push('never: c'), 140)
    h.d = T.setTimeout(() => push('d (refreshed: 80)'), 60)
    h.e = T.setInterval(() => push('never: e'), 30)
    h.f = T.setTimeout(() => push('never: f'), 45)
    h.g = T.setTimeout(() => {
      push('g')
      // revive the spent a; refresh the interval i from a tick
      h.a.refresh()
      process.nextTick(() => h.i.refresh())
    }, 160)
    let n = 0
    h.i = T.setInterval(() => {
      push('i' + ++n)
      if (n === 2) T.clearInterval(h.i)
    }, 130)
    return done
  }, {
    // (deadlines at least 30 ms apart, and 50 between d, refreshed by a, and i) b 50, d 80,
    // i 130, g 160; a revived at 160 runs at 180; i refreshed at 160 runs again at 290, not 260
    expect: ['a', 'a tick', 'a promise', 'b (refreshed: 50)', 'd (refreshed: 80)', 'i1', 'g', 'a revived', 'i2'],
  })
})

t.test('install() / uninstall() while timers are pending', onlyHeaptimers, async t => {
  await t.test('timeouts and intervals: each keeps its implementation; both function sets clear it', async t => {
    const r = await runFixtureEach('faults.js', ['install-uninstall'])
    t.equal(r.native.code, 0, 'native (install/uninstall as no-ops) exits 0', { stderr: r.native.stderr })
    const nat = parseResult(r.native.stdout)
    t.same(nat, ['h6 immediate, runs after uninstall', 'h7 refreshed after uninstall', 'h5 interval run 1',
      'h5 interval run 2', 'n4 native, fires', 'h4 installed, fires after uninstall',
      'stats {"timeouts":0,"immediates":0,"refed":0}'], 'native order is the documented one')
    t.equal(r.heaptimers.code, 0, 'heaptimers exits 0 (native clearTimeout/clearInterval accept its timers)', { stderr: r.heaptimers.stderr })
    if (r.heaptimers.code === 0) t.same(parseResult(r.heaptimers.stdout), nat, 'same events as native, nothing left pending')
  })
  await t.test('an immediate created while installed, cleared by Node\'s clearImmediate after uninstall', async t => {
    const r = await runFixtureEach('faults.js', ['install-uninstall-immediate'])
    t.equal(r.native.code, 0, 'native exits 0', { stderr: r.native.stderr })
    const nat = parseResult(r.native.stdout)
    t.same(nat, ['other immediate runs', 'native immediate runs', 'stats {"timeouts":0,"immediates":0,"refed":0}'])
    t.equal(r.heaptimers.code, 0, 'heaptimers exits 0', { stderr: r.heaptimers.stderr })
    if (r.heaptimers.code === 0) t.same(parseResult(r.heaptimers.stdout), nat, 'same events as native, nothing left pending')
  })
})

t.test('configure() while immediates are queued', onlyHeaptimers, async t => {
  const H = loadHeaptimers()
  const defaults = H.module.configure()
  t.teardown(() => H.module.configure(defaults))

  // A chain of 3 immediates per generation; a native immediate marks loop turns.
  function chains (reconfigure) {
    return new Promise(resolve => {
      const log = []
      let turn = 0
      let open = true
      const mark = () => { if (open) { turn++; setImmediate(mark) } }
      setImmediate(mark)
      const gen = (g, i) => () => {
        log.push(`g${g}.${i}@${turn}`)
        if (reconfigure[`${g}.${i}`]) H.module.configure(reconfigure[`${g}.${i}`])
        if (g < 4) H.setImmediate(gen(g + 1, i))
        else if (i === 2) { open = false; setImmediate(() => resolve(log)) }
      }
      for (let i = 0; i < 3; i++) H.setImmediate(gen(0, i))
    })
  }
  const turnsOf = log => log.map(x => Number(x.split('@')[1]))
  const relative = turns => turns.map(x => x - turns[0])

  await t.test('maxTickDepth raised by a queued immediate applies from the next pass', async t => {
    H.module.configure({ maxTickDepth: 0 })
    const log = await chains({ 0.1: { maxTickDepth: 10 } })
    const order = log.map(x => x.split('@')[0])
    t.same(order, ['g0.0', 'g0.1', 'g0.2', 'g1.0', 'g1.1', 'g1.2', 'g2.0', 'g2.1', 'g2.2', 'g3.0', 'g3.1', 'g3.2', 'g4.0', 'g4.1', 'g4.2'], 'FIFO per generation, nothing lost or doubled')
    const turns = relative(turnsOf(log))
    t.same(turns.slice(0, 3), [0, 0, 0], 'generation 0 in one pass')
    t.ok(turns[3] >= 1, 'the pass that was running kept depth 0: generation 1 waited for the next turn')
    t.ok(turns.slice(3).every(x => x === turns[3]), 'from the next pass on, depth 10: generations 1-4 in one turn')
    t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 })
  })

  await t.test('maxTickDepth lowered by a queued immediate: the next pass runs one generation', async t => {
    H.module.configure({ maxTickDepth: 10 })
    const log = await chains({ 1.2: { maxTickDepth: 0 } })
    t.equal(log.length, 15, 'every immediate ran once')
    t.ok(relative(turnsOf(log)).every(x => x === 0), 'the running pass finished with depth 10 (generations 0-4 in one turn)')
    const next = relative(turnsOf(await chains({})))
    t.same(next.filter((x, i) => i % 3 === 0).map((x, g) => x >= g), [true, true, true, true, true], 'the next chain: one generation per loop turn')
    t.ok(next.every((x, i) => i % 3 === 0 || x === next[i - 1]), 'each generation in one pass')
    t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 })
  })

  await t.test('drainBetweenCallbacks switched while immediates are queued', async t => {
    H.module.configure({ maxTickDepth: 0, drainBetweenCallbacks: true })
    const log = []
    await new Promise(resolve => {
      H.setImmediate(() => { log.push('A'); process.nextTick(() => log.push('A tick')); H.module.configure({ drainBetweenCallbacks: false }) })
      H.setImmediate(() => { log.push('B'); process.nextTick(() => log.push('B tick')) })
      H.setImmediate(() => {
        log.push('C')
        H.setImmediate(() => { log.push('D'); process.nextTick(() => log.push('D tick')) })
        H.setImmediate(() => { log.push('E'); process.nextTick(() => log.push('E tick')); setImmediate(resolve) })
      })
    })
    t.same(log, ['A', 'A tick', 'B', 'B tick', 'C', 'D', 'E', 'D tick', 'E tick'],
      'the running pass keeps draining between callbacks; the next one batches its ticks')
    H.module.configure({ drainBetweenCallbacks: true })
    t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 })
  })
})
