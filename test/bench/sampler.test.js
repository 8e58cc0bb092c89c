// The child's sampler warms a row up until its batches run at a steady rate: it ends the warm-up
// once the last windows agree, keeps going while the rate still climbs, and gives up at the cap,
// saying the run never settled. Batches here are stand-ins that spin 1 ms of wall time and report
// a measured time of their choosing, so the test needs no timer implementation.
'use strict'

const t = require('tap')
const { sample } = require('../../bench/child/sampler')
const clock = require('../../bench/child/child-clock')

// A batch whose reported time follows `measured(n)` for its n-th call.
function standIn (measured) {
  let n = 0
  return function batch (done) {
    clock.spinUntil(clock.now() + 1)
    done(measured(n++))
  }
}

const OPTS = { sampler: 'builtin', warmupTime: 60, warmupMaxTime: 400, steadyTolerance: 0.03, warmupSamples: 2, sampleTime: 20, minSamples: 5 }

function run (batch, opts = OPTS) {
  return new Promise((resolve, reject) => sample(batch, opts, setImmediate, (err, s) => (err ? reject(err) : resolve(s))))
}

t.test('a steady row ends its warm-up soon after the minimum', async (t) => {
  const s = await run(standIn(() => 1))
  t.equal(s.steady, true)
  t.ok(s.warmupMs >= 60 && s.warmupMs < 200, `warm-up ${s.warmupMs} ms`)
  t.equal(s.mean, 1, 'the sample is of steady batches')
})

t.test('a row still speeding up is sampled only after it levels off', async (t) => {
  // From 4 ms a batch down to 2 ms over the first 100 batches (about 100 ms, past the minimum).
  const s = await run(standIn((n) => Math.max(2, 4 - n * 0.02)))
  t.equal(s.steady, true)
  t.ok(s.warmupBatches > 100, `warmed up over ${s.warmupBatches} batches, past the climb`)
  t.equal(s.mean, 2, 'the sample sees only the faster plateau')
})

t.test('a sample taken across a step is taken again', async (t) => {
  // Steady at 2 ms past the minimum warm-up, then 1 ms from the 110th batch: about where the
  // warm-up (60 ms and three agreeing 30 ms windows) ends and a 40 ms sample runs. A sample that
  // straddled the step would average about 1.5; the sampler repeats it instead, so the result
  // is one plateau (on a slow machine the step may fall before or after the sample: still one).
  const s = await run(standIn((n) => (n < 110 ? 2 : 1)), { ...OPTS, sampleTime: 40 })
  t.ok(s.mean <= 1.1 || s.mean >= 1.8, `mean ${s.mean} is one plateau (resampled ${s.resampled})`)
  t.equal(s.steady, true)
})

t.test('a sample spoiled by one slow batch is not a step', async (t) => {
  const s = await run(standIn((n) => (n === 100 ? 20 : 1)), { ...OPTS, sampleTime: 40 })
  t.equal(s.resampled, 0)
  t.equal(s.steady, true)
})

t.test('a row that never settles stops at the cap and says so', async (t) => {
  // Each batch 4 % slower than the last: any two windows' means differ by more than the 3 %
  // tolerance, however many batches a window holds (a repeating pattern could agree by chance).
  const s = await run(standIn((n) => Math.pow(1.04, n)))
  t.equal(s.steady, false)
  t.ok(s.warmupMs >= 400 && s.warmupMs < 600, `stopped at the cap: ${s.warmupMs} ms`)
})

t.test('without a cap (--quick) the warm-up is the minimum alone', async (t) => {
  const s = await run(standIn((n) => 1 + (n % 3)), { ...OPTS, warmupMaxTime: 0 })
  t.equal(s.steady, true)
  t.ok(s.warmupMs < 150)
})

// A batch that throws when it starts (a row calling a function its module lacks) must come back
// as the sampler's error on either back end, including from inside tinybench's promises, where
// a runtime without Node's unhandled-rejection rule (Bun) would otherwise crash the child.
const paths = require('../../bench/cli/paths')

function throwsOn (call) {
  let n = 0
  return function batch (done) {
    if (n++ === call) {
      const err = new Error('lacks setImmediate()')
      err.kind = 'n/a'
      throw err
    }
    clock.spinUntil(clock.now() + 1)
    done(1)
  }
}

for (const sampler of ['builtin', 'tinybench']) {
  t.test(`a batch that throws comes back as the error (${sampler})`, async (t) => {
    // A 20 ms warm-up of 1 ms batches is over by call 21, so call 25 throws while sampling.
    const opts = { ...OPTS, sampler, tinybench: paths.tinybench(), warmupTime: 20, warmupMaxTime: 0, sampleTime: 1000 }
    for (const call of [0, 25]) {
      const err = await run(throwsOn(call), opts).then(() => null, (e) => e)
      t.ok(err, `throw on call ${call}: an error`)
      t.equal(err && err.kind, 'n/a', 'the batch\'s own error, kind kept')
    }
  })
}
