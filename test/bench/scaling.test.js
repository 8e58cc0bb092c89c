// The scaling group in real children on this Node (native and heaptimers): ns/timer rows with the
// heap per pending timer (which needs the --expose-gc flag spawn.js adds for these rows),
// timeout-memory, its n/a without gc, and the slope line a report prints under the table (table
// and Markdown) with the fit in JSON. Shapes and consistency only, never speed.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { spawn } = require('child_process')
const registry = require('../../bench/scenarios')
const { childSpec } = require('../../bench/cli/run-cells')
const { childArgs } = require('../../bench/cli/spawn-child')
const { nodeCommand } = require('../../bench/cli/child-env')
const protocol = require('../../bench/child/protocol')
const { CHILD } = require('../../bench/cli/paths')
const { validate } = require('../../bench/cli/schema')
const fit = require('../../bench/report/fit')
const { runCell, checkRun, cli, FAST, NODE } = require('./fixtures/helpers')
const { LONG } = require('../helpers/tier')

const close = (a, b) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))

t.test('the children of scaling rows get --expose-gc before the script', async (t) => {
  for (const s of registry.inGroup('scaling')) {
    const args = childArgs({ scenario: s.name })
    t.same(args.slice(0, 2), ['--expose-gc', CHILD], s.name)
  }
  t.equal(childArgs({ scenario: 'fn-call' })[0], CHILD, 'other rows get no flag')
})

// The million-timer row in the long tier only: the same code as the 100k row, ten times the work.
const ROWS = registry.inGroup('scaling').filter((s) => LONG || !(s.n > 100000))

for (const impl of ['native', 'heaptimers']) {
  t.test(`every scaling row on ${impl}${LONG ? '' : ' (up to 100k timers)'}`, async (t) => {
    for (const scenario of ROWS) {
      await t.test(scenario.name, async (t) => {
        const outcome = await runCell(t, scenario, impl)
        if (outcome.error) return
        checkRun(t, scenario, outcome)
        const { run } = outcome
        const x = run.extra
        if (scenario.name === 'timeout-memory') {
          t.equal(scenario.unit, 'bytes/timer')
          t.equal(x.pending, 100000, '100k pending timeouts')
          t.ok(close(x.heapDeltaBytes / x.pending, run.value), 'value = heap delta / pending')
          t.equal(run.sampler, 'heap-used')
          return
        }
        t.equal(scenario.unit, 'ns/timer')
        t.equal(x.timers, scenario.n, `${scenario.n} timers`)
        t.equal(x.reps, run.samples, 'one sample per repetition')
        t.ok(x.setNsPerTimer > 0 && x.runNsPerTimer > 0, 'set and run costs recorded')
        if (x.reps === 1) t.ok(close(x.setNsPerTimer + x.runNsPerTimer, run.value), 'value = set + run')
        // A number (not null) means gc() was exposed. At 1k and 10k timers the heap's own movement
        // is of the order of what they hold, so only the large rows must come out positive.
        t.ok(Number.isFinite(x.bytesPerTimer), `heap per pending timer measured (${x.bytesPerTimer} bytes): gc() was exposed`)
        if (scenario.n >= 100000) t.ok(x.bytesPerTimer > 0, 'a positive heap per timer at 100k timers and more')
      })
    }
  })
}

t.test('timeout-memory without --expose-gc is n/a with the reason', async (t) => {
  const scenario = registry.get('timeout-memory')
  const spec = childSpec({ node: NODE, impl: 'native', scenario }, { quick: true, duration: 0.2, childTimeoutMs: 20000 })
  const cmd = nodeCommand(NODE.path, [CHILD, JSON.stringify(spec)])
  const stdout = await new Promise((resolve) => {
    let out = ''
    const child = spawn(cmd.file, cmd.args, { env: cmd.env, stdio: ['ignore', 'pipe', 'ignore'] })
    child.stdout.on('data', (c) => { out += c })
    child.on('close', () => resolve(out))
  })
  const [message] = protocol.decode(stdout)
  t.equal(message.type, 'error')
  t.equal(message.kind, 'n/a')
  t.match(message.message, /gc\(\) is missing/)
})

t.test('the report prints how ns/timer grows with N, and the JSON fit validates', async (t) => {
  const dir = t.testdir({})
  const out = path.join(dir, 'scaling.json')
  const res = await cli([...FAST, '-s', 'scaling-1k,scaling-10k', '-i', 'native,heaptimers', '-f', 'json', '-o', out])
  t.equal(res.code, 0, res.stderr)
  if (res.code !== 0) return
  const report = JSON.parse(fs.readFileSync(out, 'utf8'))
  t.same(validate(report), [], 'the run validates')
  const withFits = fit.withFits(report)
  t.same(validate(withFits), [], 'and with its fits')
  t.same(withFits.fits.map((f) => [f.group, f.unit, f.node, f.impl, f.points.map((p) => p.n)]), [
    ['scaling', 'ns/timer', process.version, 'native', [1000, 10000]],
    ['scaling', 'ns/timer', process.version, 'heaptimers', [1000, 10000]]
  ])
  for (const f of withFits.fits) t.ok(Number.isFinite(f.exponent), `${f.impl}: exponent ${f.exponent}`)

  const v = process.version.replace(/\./g, '\\.')
  for (const format of ['table', 'md']) {
    const shown = await cli(['report', out, '-f', format])
    t.equal(shown.code, 0, shown.stderr)
    for (const impl of ['native', 'heaptimers']) {
      t.match(shown.stdout, new RegExp(`scaling: ns/timer grows as N\\^-?\\d+\\.\\d\\d \\(${impl}, ${v}; 1k to 10k timers\\)`),
        `${format}: the slope line for ${impl}`)
    }
    t.match(shown.stdout, /slope of log\(cost\) against log\(N\)/, `${format}: how to read it`)
  }
})
