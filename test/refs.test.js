'use strict'
// ref()/unref()/hasRef(): chaining, values through a handle's life, and the
// process lifetime they control (child processes: test/fixtures/refs.js).

const t = require('tap')
const { sameResult, onlyHeaptimers } = require('./helpers/impls.js')
const { runFixtureEach } = require('./helpers/child.js')

t.test('ref/unref/hasRef chain and return this', async t => {
  await sameResult(t, 'Timeout and Immediate', async T => {
    const tm = T.setTimeout(() => {}, 1000)
    const iv = T.setInterval(() => {}, 1000)
    const im = T.setImmediate(() => {})
    const r = {}
    for (const [k, h] of Object.entries({ tm, iv, im })) {
      r[k] = [
        h.hasRef(),
        h.unref() === h, h.hasRef(),
        h.unref() === h, h.hasRef(),
        h.ref() === h, h.hasRef(),
        h.ref().unref().ref() === h, h.hasRef(),
        h.unref().ref().unref() === h, h.hasRef(),
      ]
    }
    T.clearTimeout(tm)
    T.clearInterval(iv)
    T.clearImmediate(im)
    return r
  }, {
    expect: {
      tm: [true, true, false, true, false, true, true, true, true, true, false],
      iv: [true, true, false, true, false, true, true, true, true, true, false],
      im: [true, true, false, true, false, true, true, true, true, true, false],
    },
  })
})

t.test('hasRef after clear, after firing, and ref/unref on dead handles', async t => {
  await sameResult(t, 'dead handles', async T => {
    const r = {}
    const a = T.setTimeout(() => {}, 1000)
    T.clearTimeout(a)
    r.clearedTimeout = [a.hasRef(), a.unref() === a, a.hasRef(), a.ref() === a, a.hasRef()]
    const b = T.setImmediate(() => {})
    T.clearImmediate(b)
    r.clearedImmediate = [b.hasRef(), b.unref() === b, b.hasRef(), b.ref() === b, b.hasRef()]
    const fired = await new Promise(resolve => { const c = T.setTimeout(() => T.setImmediate(() => resolve(c)), 1) })
    r.firedTimeout = [fired.hasRef(), fired.unref() === fired, fired.hasRef(), fired.ref() === fired, fired.hasRef()]
    const ran = await new Promise(resolve => { const d = T.setImmediate(() => T.setImmediate(() => resolve(d))) })
    r.ranImmediate = [ran.hasRef(), ran.unref() === ran, ran.hasRef(), ran.ref() === ran, ran.hasRef()]
    const unrefd = T.setTimeout(() => {}, 1000).unref()
    T.clearTimeout(unrefd)
    r.clearedUnref = unrefd.hasRef()
    return r
  })
})

t.test('stats().refed follows ref/unref (heaptimers only)', onlyHeaptimers, async t => {
  let H
  try { H = require('./helpers/impls.js').loadHeaptimers() } catch (er) { t.fail(er.message); return }
  t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 }, 'starts at zero')
  const a = H.setTimeout(() => {}, 1000)
  const b = H.setInterval(() => {}, 1000)
  const c = H.setImmediate(() => {})
  t.same(H.stats(), { timeouts: 2, immediates: 1, refed: 3 })
  a.unref(); a.unref()
  c.unref()
  t.same(H.stats(), { timeouts: 2, immediates: 1, refed: 1 }, 'unref twice counts once')
  a.ref(); a.ref()
  t.same(H.stats(), { timeouts: 2, immediates: 1, refed: 2 }, 'ref twice counts once')
  H.clearTimeout(a)
  H.clearTimeout(a)
  t.same(H.stats(), { timeouts: 1, immediates: 1, refed: 1 }, 'clear twice counts once')
  H.clearImmediate(c)
  H.clearInterval(b)
  t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 }, 'back to zero')
  a.ref()
  c.ref()
  t.same(H.stats(), { timeouts: 0, immediates: 0, refed: 0 }, 'ref on a cleared handle does not count')
})

// name -> { prompt: exits well before any 'never' timer; waitsAtLeast: ms }
const scenarios = {
  'unref-timeout': { prompt: true },
  'unref-interval': { prompt: true },
  'unref-immediate': { prompt: true },
  'unref-immediate-with-ref-timer': { waitsAtLeast: 25 },
  'ref-timeout-waits': { waitsAtLeast: 290 },
  'unref-then-ref': { waitsAtLeast: 190 },
  'ref-immediate-waits': {},
  'unref-long-ref-short': { prompt: true, waitsAtLeast: 25 },
  'unref-fires-while-alive': { waitsAtLeast: 110 },
  'unref-interval-with-ref-timer': { waitsAtLeast: 290 },
  'interval-unrefs-itself': { prompt: true, waitsAtLeast: 55 },
  'clear-last-ref': { prompt: true },
  'clear-from-callback': { prompt: true },
  'refresh-keeps-unref': { prompt: true },
  'before-exit': {},
  'many-unref-one-ref': { prompt: true, waitsAtLeast: 45 },
  'unref-ref-toggle-many': { prompt: true },
  'promises-ref-false': { prompt: true },
  'promises-interval-ref-false': { prompt: true },
  'promises-ref-true': { waitsAtLeast: 95 },
}

// Nothing that should keep the process alive is shorter than 2000 ms; a
// process start on a loaded machine can take several hundred.
const PROMPT_MS = 1800

for (const [s, exp] of Object.entries(scenarios)) {
  t.test(`process lifetime: ${s}`, async t => {
    const r = await runFixtureEach('refs.js', [s], { parallel: true, timeout: 15000 })
    for (const [impl, res] of Object.entries(r)) {
      t.equal(res.code, 0, `${impl} exits 0`, { stderr: res.stderr })
      t.notOk(res.stdout.includes('never'), `${impl}: nothing that should not run ran`, { stdout: res.stdout })
      if (exp.prompt) t.ok(res.ms < PROMPT_MS, `${impl} exits promptly (${Math.round(res.ms)} ms)`)
    }
    if ('heaptimers' in r) t.equal(r.heaptimers.stdout, r.native.stdout, 'output equals native')
    if (exp.waitsAtLeast) {
      // ms includes the child's start-up, so it is only a lower bound
      for (const [impl, res] of Object.entries(r)) {
        t.ok(res.ms >= exp.waitsAtLeast, `${impl} stayed alive for the ref'd timer (${Math.round(res.ms)} ms)`)
      }
    }
  })
}
