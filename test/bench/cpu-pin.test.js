// --cpu: every child pinned to one CPU (Linux, taskset), so the children of a run meet the same
// CPU; app rows, which start a load generator beside their server, stay unpinned.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { parseCpuList, allowedCpus, resolveCpu, choose, recheck, probe, pinned } = require('../../bench/cli/cpu-pin')
const { UsageError } = require('../../bench/cli/usage-error')
const { cli, FAST } = require('./fixtures/helpers')

t.test('cpulists as /proc writes them', async (t) => {
  t.same(parseCpuList('0-3,6,8-9\n'), [0, 1, 2, 3, 6, 8, 9])
  t.same(parseCpuList('1'), [1])
  const dir = t.testdir({ status: 'Name:\tnode\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n' })
  t.same(allowedCpus(path.join(dir, 'status')), [0, 1])
  t.equal(allowedCpus(path.join(dir, 'missing')), null, 'no /proc: not Linux')
})

t.test('auto is the fastest CPU by the probe; none and numbers as asked; bad values are usage errors', async (t) => {
  const env = { cpus: [0, 1, 4], taskset: '/usr/bin/taskset' }
  t.same(resolveCpu('auto', env), { cpu: 'auto', taskset: '/usr/bin/taskset', cpus: [0, 1, 4] })
  t.same(resolveCpu(undefined, env).cpu, 'auto', 'auto by default')
  const chosen = choose(resolveCpu('auto', env), () => ({ 0: 7000, 1: 5000, 4: 6900 }))
  t.same([chosen.cpu, chosen.probe], [0, { 0: 7000, 1: 5000, 4: 6900 }], 'the fastest')
  t.match(choose(resolveCpu('auto', env), () => ({})), { cpu: null, why: /probe failed/ })
  t.equal(choose(resolveCpu('auto', env), () => { throw new Error('no probe with --quick') }, { quick: true }).cpu, 4, '--quick: the last CPU, unprobed')
  t.equal(choose(resolveCpu('1', env), () => { throw new Error('no probe for a chosen CPU') }).cpu, 1)
  t.match(recheck(chosen, () => ({ 0: 5000 })), { before: 7000, after: 5000, warning: /CPU 0 ran the probe 29% slower at the end/ })
  t.equal(recheck(chosen, () => ({ 0: 6800 })).warning, null, 'a few per cent is no warning')
  t.same(resolveCpu('1', env).cpu, 1)
  t.equal(resolveCpu('none', env).cpu, null)
  t.throws(() => resolveCpu('2', env), new UsageError('--cpu 2 is not a CPU this process may use (valid: auto, none, 0, 1, 4)'))
  t.throws(() => resolveCpu('fast', env), new UsageError("--cpu must be auto, none or a CPU number, not 'fast'"))
  const bare = { cpus: null, taskset: null }
  t.match(resolveCpu('auto', bare), { cpu: null, why: /no taskset/ }, 'auto quietly unpinned where it cannot pin')
  t.throws(() => resolveCpu('0', bare), /needs Linux and taskset/)
})

t.test('the pinned command runs the same command under taskset', async (t) => {
  const cmd = { file: '/usr/bin/env', args: ['-i', 'node', 'child.js'], env: { A: '1' } }
  t.same(pinned(cmd, { cpu: 1, taskset: '/usr/bin/taskset' }), { file: '/usr/bin/taskset', args: ['-c', '1', '/usr/bin/env', '-i', 'node', 'child.js'], env: { A: '1' } })
  t.equal(pinned(cmd, { cpu: null }), cmd)
  t.equal(pinned(cmd, null), cmd)
})

t.test('the probe runs on every allowed CPU and gives a rate for each', { skip: resolveCpu('auto').taskset ? false : 'no taskset' }, async (t) => {
  const pin = resolveCpu('auto')
  const rates = probe(pin)
  t.same(Object.keys(rates).map(Number), pin.cpus.slice(-8))
  t.ok(Object.values(rates).every((r) => r > 0))
})

t.test('a run records its CPU; a bad --cpu exits 2 with one line', { skip: fs.existsSync('/proc/self/status') ? false : 'not Linux' }, async (t) => {
  const bad = await cli([...FAST, '-s', 'immediate-set-clear', '--cpu', 'fast'])
  t.equal(bad.code, 2)
  t.equal(bad.stderr, "timerbench: --cpu must be auto, none or a CPU number, not 'fast'\n")
  const res = await cli([...FAST, '-s', 'immediate-set-clear', '-i', 'native', '-f', 'json', '--cpu', '0'])
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(res.stdout)
  t.equal(report.options.cpu, resolveCpu('0').taskset ? 0 : null)
})
