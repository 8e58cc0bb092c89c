'use strict'
// What `npm install heaptimers` gets: the library, its types and the timerbench CLI with its
// engine, without the saved benchmark results (megabytes of JSON no install needs), the tests, and
// the maintainers' tools (the floor and the profiling probes).

const t = require('tap')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const ROOT = path.join(__dirname, '..', '..')
const npmCli = process.env.npm_execpath // set by `npm test`

t.test('the packed files', { skip: npmCli ? false : 'not run by npm (npm_execpath unset)' }, async t => {
  const out = execFileSync(process.execPath, [npmCli, 'pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
  })
  const files = JSON.parse(out)[0].files.map(file => file.path)
  for (const needed of ['lib/index.js', 'lib/index.mjs', 'lib/register.js', 'lib/intrinsics.js',
    'types/index.d.ts', 'types/index.d.mts', 'types/promises.d.ts', 'types/promises.d.mts',
    'bin/timerbench.js', 'bench/index.js', 'bench/child/main.js', 'bench/cli/run-cells.js', 'bench/apps/http-load.js',
    'bench/runtimes/resolve.js', 'bench/report/index.js', 'bench/scenarios/index.js', 'package.json']) {
    t.ok(files.includes(needed), `${needed} is packed`)
  }
  t.same(files.filter(file => file.startsWith('bench/results/')), [], 'no saved results are packed')
  t.same(files.filter(file => file.startsWith('test/')), [], 'no tests are packed')
  t.same(files.filter(file => file.startsWith('tools/')), [], 'no maintainer tools are packed')
  t.same(files.filter(file => !/^(lib|types|bin|bench)\//.test(file) && !['package.json', 'README.md', 'LICENSE', 'HISTORY.md'].includes(file)), [],
    'nothing but the library, its types, the CLI and its engine (and the package documents)')
  t.ok(files.includes('LICENSE'), 'the license is packed')
})

// The floor lives in tools/, which the package leaves out: an installed timerbench refuses
// `-i floor` as bad input, naming what it needs, and runs `-i native` as usual.
t.test('an installed timerbench has no floor', { skip: npmCli ? false : 'not run by npm (npm_execpath unset)' }, async t => {
  const fs = require('node:fs')
  const os = require('node:os')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ht-pack-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const out = execFileSync(process.execPath, [npmCli, 'pack', '--json', '--ignore-scripts', '--pack-destination', dir], {
    cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'],
  })
  execFileSync('tar', ['-xzf', path.join(dir, JSON.parse(out)[0].filename), '-C', dir])
  const pkg = path.join(dir, 'package')
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'), 'dir')
  const { spawnSync } = require('node:child_process')
  const cli = (...args) => spawnSync(process.execPath, [path.join(pkg, 'bin', 'timerbench.js'), ...args], { encoding: 'utf8' })
  const floor = cli('-s', 'timeout-set-clear', '-i', 'native,floor', '--quick', '--runs', '1')
  t.equal(floor.status, 2, 'exit code 2')
  t.match(floor.stderr, /implementation 'floor' needs tools\/floor\.js, which only a clone of the repository has \(valid: native, heaptimers\)/)
  t.equal(floor.stderr.trim().split('\n').length, 1, 'one line')
  const help = cli('--help')
  t.notMatch(help.stdout, /floor/, '--help does not offer the floor')
})
