'use strict'
// tools/floor.js (the floor) bounds what heaptimers' design can reach on a timerbench row.
// Its numbers mean that only if it keeps the semantics it claims to keep, so each claim is
// checked here against native timers: deadline order with equal deadlines in creation order,
// immediates FIFO with those queued during a pass left for the next loop turn, nextTicks and
// promise jobs drained between any two callbacks (or batched with drainBetweenCallbacks off),
// `this` and extra arguments, clearing (an immediate anywhere in the queue or the running pass),
// and intervals.

const t = require('tap')
const path = require('node:path')
const { execFile } = require('node:child_process')
const { promisify } = require('node:util')

const FLOOR = path.join(__dirname, '..', '..', 'tools', 'floor.js')
const floor = require(FLOOR)
const native = require('node:timers')
const { busy } = require('../helpers/scenario')

function run (T, scenario) {
  return new Promise(resolve => {
    const log = []
    scenario(T, x => log.push(x), () => resolve(log))
  })
}

// Each scenario starts from a native immediate, so timeouts and immediates start from the
// same loop phase under both implementations.
function fromImmediate (scenario) {
  return (T, push, done) => native.setImmediate(() => scenario(T, push, done))
}

const scenarios = {
  'timeouts: deadline order, equal deadlines FIFO, ticks and promise jobs between callbacks': fromImmediate((T, push, done) => {
    const each = name => () => {
      push(name)
      process.nextTick(() => push(name + ' tick'))
      Promise.resolve().then(() => push(name + ' promise'))
    }
    T.setTimeout(each('t20'), 20)
    T.setTimeout(each('t5a'), 5)
    T.setTimeout(each('t5b'), 5)
    T.setTimeout(each('t10'), 10)
    T.setTimeout(done, 60)
  }),
  'timeouts: this is the timer, extra arguments pass through': fromImmediate((T, push, done) => {
    const a = T.setTimeout(function (...args) { push([this === a, args]) }, 1)
    const b = T.setTimeout(function (...args) { push([this === b, args]) }, 2, 'x')
    const c = T.setTimeout(function (...args) { push([this === c, args]) }, 3, 'x', 2, null, 4)
    // Each way the floor keeps arguments: one, two or three by name, more in an array.
    const d = T.setTimeout(function (...args) { push([this === d, args]) }, 4, 'x', undefined)
    const e = T.setTimeout(function (...args) { push([this === e, args]) }, 5, 'x', 2, null)
    const f = T.setInterval(function (...args) {
      push([this === f, args])
      T.clearInterval(f)
    }, 6, 'y', 3)
    T.setTimeout(done, 30)
  }),
  'timeouts: a cleared timeout never runs; an interval runs until cleared': fromImmediate((T, push, done) => {
    const cleared = T.setTimeout(() => push('cleared ran'), 5)
    T.clearTimeout(cleared)
    let n = 0
    const iv = T.setInterval(() => {
      push('iv ' + ++n)
      if (n === 3) T.clearInterval(iv)
    }, 2)
    T.setTimeout(done, 60)
  }),
  'timeouts: one created by a callback waits for a later pass': fromImmediate((T, push, done) => {
    T.setTimeout(() => {
      push('a')
      T.setTimeout(() => push('from a'), 1)
    }, 1)
    T.setTimeout(() => push('b'), 1)
    T.setTimeout(done, 40)
  }),
  'immediates: FIFO, ticks and promise jobs between callbacks, those queued in a pass wait': fromImmediate((T, push, done) => {
    for (const name of ['i1', 'i2', 'i3']) {
      T.setImmediate(() => {
        push(name)
        process.nextTick(() => push(name + ' tick'))
        Promise.resolve().then(() => push(name + ' promise'))
        T.setImmediate(() => push(name + ' next turn'))
      })
    }
    native.setTimeout(done, 30)
  }),
  'immediates: this, extra arguments, clearing': fromImmediate((T, push, done) => {
    const a = T.setImmediate(function (...args) { push([this === a, args]) })
    const b = T.setImmediate(function (...args) { push([this === b, args]) }, 1, 'y', 3)
    const d = T.setImmediate(function (...args) { push([this === d, args]) }, 'one')
    const e = T.setImmediate(function (...args) { push([this === e, args]) }, 'one', undefined)
    const f = T.setImmediate(function (...args) { push([this === f, args]) }, 1, 2, 3, 4)
    const c = T.setImmediate(() => push('cleared ran'))
    T.clearImmediate(c)
    native.setTimeout(done, 30)
  }),
  'immediates: clearing the first, middle and last queued, a later one in the pass, one queued by the pass': fromImmediate((T, push, done) => {
    const all = []
    for (let i = 0; i < 6; i++) {
      all.push(T.setImmediate(() => {
        push('i' + i)
        if (i === 1) {
          T.clearImmediate(all[3])
          T.clearImmediate(all[1]) // itself, while it runs
          const later = T.setImmediate(() => push('queued by i1'))
          T.setImmediate(() => push('also queued by i1'))
          T.clearImmediate(later)
        }
      }))
    }
    T.clearImmediate(all[0])
    T.clearImmediate(all[2])
    T.clearImmediate(all[5])
    native.setTimeout(done, 30)
  }),
}

for (const [name, scenario] of Object.entries(scenarios)) {
  t.test(name, async t => {
    const expected = await run(native, scenario)
    t.same(await run(floor, scenario), expected, 'the floor logs what native logs')
  })
}

// Two immediates, each queueing a nextTick: the order tells whether ticks ran between them.
const twoImmediatesWithTicks = fromImmediate((T, push, done) => {
  for (const name of ['i1', 'i2']) {
    T.setImmediate(() => {
      push(name)
      process.nextTick(() => push(name + ' tick'))
    })
  }
  native.setTimeout(done, 30)
})

t.test('drainBetweenCallbacks: false batches ticks after the pass, as heaptimers does', async t => {
  const lib = require('../../lib/index.js')
  lib.configure({ drainBetweenCallbacks: false })
  floor.configure({ drainBetweenCallbacks: false })
  try {
    const expected = await run(lib, twoImmediatesWithTicks)
    t.same(expected, ['i1', 'i2', 'i1 tick', 'i2 tick'], 'heaptimers batches')
    t.same(await run(floor, twoImmediatesWithTicks), expected, 'the floor batches the same way')
  } finally {
    lib.configure({ drainBetweenCallbacks: true })
    floor.configure({ drainBetweenCallbacks: true })
  }
})

// freshClock: false (a floor option, to measure what the clock read per timeout costs) starts a
// timeout from one clock read per synchronous run, or from the pass's read inside a timeout
// pass. Each case blocks the loop between two timeouts long enough that a fresh read orders
// them the other way, so each check fails if the option reads the clock per timeout, or never
// again.
const staleClockCases = {
  // a(40) and, 30 ms later, b(15): from one read b is due first; from fresh reads a is.
  'one synchronous run': [fromImmediate((T, push, done) => {
    T.setTimeout(() => push('a'), 40)
    busy(30)
    T.setTimeout(() => push('b'), 15)
    T.setTimeout(done, 80)
  }), ['b', 'a'], ['a', 'b']],
  // A pass's callback is busy for 400 ms, then creates a(15): from the pass's read a is due long
  // before z(300) (unless that pass came 285 ms late); from a read of its own, after z.
  'a timeout pass': [fromImmediate((T, push, done) => {
    let ran = 0
    const log = name => () => {
      push(name)
      if (++ran === 2) done()
    }
    T.setTimeout(() => {
      busy(400)
      T.setTimeout(log('a'), 15)
    }, 1)
    T.setTimeout(log('z'), 300)
  }), ['a', 'z'], ['z', 'a']],
  // c(30), a 25 ms spin, then d(10) in a promise job: a new synchronous run reads again, so d
  // is due 35 ms after c's read, after c.
  'the next synchronous run': [fromImmediate((T, push, done) => {
    T.setTimeout(() => push('c'), 30)
    busy(25)
    Promise.resolve().then(() => T.setTimeout(() => push('d'), 10))
    T.setTimeout(done, 80)
  }), ['c', 'd'], ['c', 'd']],
}

t.test('freshClock: false starts timeouts from one clock read per synchronous run or pass', async t => {
  for (const [name, [scenario, stale, fresh]] of Object.entries(staleClockCases)) {
    t.same(await run(native, scenario), fresh, `${name}: native reads the clock per timeout`)
    t.same(await run(floor, scenario), fresh, `${name}: so does the floor by default`)
    floor.configure({ freshClock: false })
    try {
      t.same(await run(floor, scenario), stale, `${name}: freshClock off`)
    } finally {
      floor.configure({ freshClock: true })
    }
  }
})

// tools/count.js is the fixed work that tools/instructions.js counts under valgrind:
// every row must finish its batches on each of the three implementations it compares.
t.test('count.js: every row finishes its batches on native, heaptimers and the floor', async t => {
  const { ROWS } = require('../../tools/count.js')
  const { instructionsOf } = require('../../tools/instructions.js')
  const COUNT = path.join(__dirname, '..', '..', 'tools', 'count.js')
  const targets = { native: 'native', heaptimers: path.join(__dirname, '..', '..', 'lib', 'index.js'), floor: FLOOR }
  t.ok(ROWS.length >= 5, 'count.js has the hot-path rows')
  for (const row of ROWS) {
    for (const [name, target] of Object.entries(targets)) {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [COUNT, target, row, '3'], { timeout: 30000 })
      t.equal(stdout + stderr, '', `${row} on ${name}: 3 batches ran to the end, silently`)
    }
  }
  t.equal(instructionsOf('==1== \n==1== Collected : 123456789\n'), 123456789, 'the instruction count is read from callgrind\'s summary')
  t.throws(() => instructionsOf('valgrind: not found'), /no instruction count/, 'a run without a count is an error, not a zero')
})

// tools/functions.js names callgrind's symbol-less functions (JIT code) by the compiled
// function whose range in V8's perf map holds their address.
t.test('functions.js: JIT addresses are named from the perf map, other functions keep their symbol', async t => {
  const fs = require('node:fs')
  const os = require('node:os')
  const { functionName, readPerfMap } = require('../../tools/functions.js')
  const map = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'perf-map-')), 'perf-1.map')
  fs.writeFileSync(map, 'd0570c0 854 JS:*start /lib/timeouts.js:255:15\nd059300 f98 JS:*runCallbacks /lib/run.js:83:22\n')
  const ranges = readPerfMap(map)
  t.equal(functionName('???:0x000000000d0570c0 [???]', ranges), 'JS:*start /lib/timeouts.js:255:15', 'the first address of a range')
  t.equal(functionName('???:0x000000000d057913 [???]', ranges), 'JS:*start /lib/timeouts.js:255:15', 'the last address of a range')
  t.equal(functionName('???:0x000000000d059400 [???]', ranges), 'JS:*runCallbacks /lib/run.js:83:22', 'an address inside the second range')
  t.match(functionName('???:0x000000000d057914 [???]', ranges), /unmapped/, 'past a range\'s end is not that function')
  t.match(functionName('???:0x0000000000001000 [???]', ranges), /unmapped/, 'before every range')
  t.equal(functionName('./malloc/./malloc/malloc.c:_int_free [/usr/lib/x86_64-linux-gnu/libc.so.6]', ranges),
    './malloc/./malloc/malloc.c:_int_free', 'a native symbol keeps its name, without its object file')
  fs.rmSync(path.dirname(map), { recursive: true })
})

// tools/warmup.js prints a row's throughput per slice of process time, to see where its
// warm-up ends: each slice a positive rate, on native and on heaptimers; a wrong row names the
// right ones.
t.test('warmup.js: throughput per slice of process time, for native and heaptimers', async t => {
  const WARMUP = path.join(__dirname, '..', '..', 'tools', 'warmup.js')
  const LIB = path.join(__dirname, '..', '..', 'lib', 'index.js')
  for (const target of ['native', LIB]) {
    const { stdout } = await promisify(execFile)(process.execPath, [WARMUP, target, 'immediate-set', '400', '100'], { timeout: 30000 })
    const [name, row, ...cells] = stdout.trim().split(' ')
    t.equal(name, target === 'native' ? 'native' : 'lib', 'names what it measured')
    t.equal(row, 'immediate-set')
    t.ok(cells.length >= 1, `${name}: at least one slice`)
    for (const cell of cells) {
      const [end, rate] = cell.split(':').map(Number)
      t.ok(end > 0 && end % 100 === 0 && rate > 0 && Number.isFinite(rate), `${name}: slice ${cell} ends on a slice boundary with a positive rate`)
    }
  }
  const bad = await promisify(execFile)(process.execPath, [WARMUP, 'native', 'no-such-row'], { timeout: 30000 }).catch(e => e)
  t.not(bad.code, 0, 'an unknown row fails')
  t.match(bad.stderr, /unknown rate row no-such-row \(one of .*immediate-set/, 'and names the rate rows')
})

// `-i floor` runs the floor beside native and heaptimers in one timerbench run, so that its
// ratios to native come from the same interleaved runs as heaptimers' (the floor's proofs). It
// must run every row of the classic throughput groups, whatever library TIMERBENCH_LIB names.
t.test('-i floor: every primitives, queue, recursion, bulk and cpu row runs on the floor, whatever library heaptimers points at', async t => {
  const registry = require('../../bench/scenarios')
  const { runCell, checkRun } = require('../bench/fixtures/helpers')
  const GROUPS = ['primitives', 'queue', 'recursion', 'bulk', 'cpu']
  const rows = registry.all.filter(s => GROUPS.includes(s.group))
  t.ok(rows.length >= 15, 'the rows of those groups')
  // freshClock=false changes only where a timeout starts, so it runs the rows that make
  // timeouts outside a pass (bulk) and inside one (cpu).
  const groupsOf = { floor: GROUPS, 'floor:drainBetweenCallbacks=false': ['bulk'], 'floor:freshClock=false': ['bulk', 'cpu'] }
  for (const [impl, groups] of Object.entries(groupsOf)) {
    for (const scenario of rows) {
      if (!groups.includes(scenario.group)) continue
      const outcome = await runCell(t, scenario, impl, { libPath: path.join(__dirname, 'no-such-library.js') })
      if (!outcome.error) checkRun(t, scenario, outcome)
    }
  }
})

t.test('-i floor: loads the floor and configures it; it has only drainBetweenCallbacks and freshClock', async t => {
  const implLoad = require('../../bench/child/impl-load')
  const implSpec = require('../../bench/child/impl-spec')
  const natives = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
  t.same(implSpec.parse('floor'), { id: 'floor', name: 'floor', options: {} })
  t.throws(() => implSpec.parse('floor:maxTickDepth=10'), /the floor has no option 'maxTickDepth' \(valid: drainBetweenCallbacks, freshClock\)/)
  t.throws(() => implSpec.parse('floor:asyncContext=false'), /the floor has no option 'asyncContext'/)
  t.throws(() => implSpec.parse('heaptimers:freshClock=false'), /unknown option 'freshClock' .*\(valid: maxTickDepth, drainBetweenCallbacks, asyncContext\)/,
    'freshClock is the floor\'s alone')
  t.throws(() => implSpec.parse('floor:freshClock=no'), /bad value 'no' for freshClock/)
  t.same(implSpec.parse('floor:freshClock=false,drainBetweenCallbacks=false').options, { freshClock: false, drainBetweenCallbacks: false })
  const loaded = implLoad.load('floor:drainBetweenCallbacks=false', natives, '/no/such/library.js', '>=18')
  t.notOk(loaded.error, 'loads without the library')
  t.equal(loaded.T.setImmediate, floor.setImmediate, 'the floor\'s functions')
  try {
    t.same(await run(loaded.T, twoImmediatesWithTicks), ['i1', 'i2', 'i1 tick', 'i2 tick'], 'configured: batches ticks')
  } finally {
    floor.configure({ drainBetweenCallbacks: true })
  }
  t.same(await run(implLoad.load('floor', natives, '/no/such/library.js', '>=18').T, twoImmediatesWithTicks),
    ['i1', 'i1 tick', 'i2', 'i2 tick'], 'plain floor: drains between callbacks')
})

// tools/phases.js times timeout-run-10k's creation and run apart, per implementation, in
// interleaved children (bench/results/bounds-2026-11-26.md). A short run must time every phase
// of every implementation named, with the first as the ratios' base, and stop at a bad one.
t.test('phases.js: times each implementation\'s creation and run, relative to the first', async t => {
  const PHASES = path.join(__dirname, '..', '..', 'tools', 'phases.js')
  const LIB = path.join(__dirname, '..', '..', 'lib', 'index.js')
  const { stdout } = await promisify(execFile)(process.execPath,
    [PHASES, '--runs', '1', '--batches', '3', '--drain-off', 'native', LIB, FLOOR])
  const lines = stdout.trim().split('\n')
  t.match(lines[0], /^ns per timeout, median of 1 runs \(each the median of 3 batches of 10000\), drain off, Node v\d+/)
  const rows = lines.slice(2).map(line => line.trim().split(/\s+/))
  t.same(rows.map(row => row[0]), ['native', LIB, FLOOR], 'one line per implementation, in the order named')
  for (const [name, create, run, both, ratio] of rows) {
    t.ok(Number(create) > 0 && Number(run) > 0, `${name}: both phases timed`)
    t.ok(Number(both) >= Number(create), `${name}: both phases together take longer than creating alone`)
    t.ok(Number(ratio) > 0, `${name}: a ratio to the first`)
  }
  t.equal(rows[0][4], '1.000', 'the first is the base')
  const bad = await promisify(execFile)(process.execPath, [PHASES, '--runs', '1', '--batches', '3', 'native',
    path.join(__dirname, 'no-such-library.js')]).then(() => null, err => err)
  t.ok(bad, 'an implementation that does not load fails the run')
})

// tools/ab.js times builds of heaptimers against native in timerbench's own child,
// interleaved (bench/results/README.md, "2026-11-27 early"). A short run must give every arm,
// in the order named, a value per child and a ratio to native; a build that does not load
// fails the run and names itself.
t.test('ab.js: every build and the floor against native, a value per child', async t => {
  const AB = path.join(__dirname, '..', '..', 'tools', 'ab.js')
  const LIB = path.join(__dirname, '..', '..', 'lib', 'index.js')
  const { stdout } = await promisify(execFile)(process.execPath, [AB, '--scenario', 'timeout-set-clear',
    '--runs', '2', '--sample-time', '50', '--options', 'drainBetweenCallbacks=false', `a=${LIB}`, `b=${LIB}`, 'floor'],
  { timeout: 120000 })
  const lines = stdout.trim().split('\n')
  t.match(lines[0], /^timeout-set-clear \(M\/s\) on .*, 2 children an arm, drainBetweenCallbacks=false$/)
  const rows = lines.slice(1).map(line => /^ {2}(\S+)\s+(\S+)\s+(\S+)x native {2}\[(.*)\]$/.exec(line))
  t.same(rows.map(row => row && row[1]), ['native', 'a', 'b', 'floor'], 'native first, then each arm as named')
  for (const [, label, median, ratio, each] of rows) {
    t.ok(Number(median) > 0 && Number(ratio) > 0, `${label}: a median and a ratio`)
    t.equal(each.split(' ').filter(v => Number(v) > 0).length, 2, `${label}: a value per child`)
  }
  t.equal(rows[0][3], '1.000', 'native is the base')
  const bad = await promisify(execFile)(process.execPath, [AB, '--scenario', 'timeout-set-clear', '--runs', '1',
    '--sample-time', '50', `gone=${path.join(__dirname, 'no-such-library.js')}`], { timeout: 120000 }).then(() => null, err => err)
  t.ok(bad, 'a build that does not load fails the run')
  t.match(bad && bad.stderr, /^gone: cannot load /m, 'and names itself')
  const unknown = await promisify(execFile)(process.execPath, [AB, '--scenario', 'no-such-row', `a=${LIB}`]).then(() => null, err => err)
  t.equal(unknown && unknown.code, 2, 'an unknown scenario is refused')
})
