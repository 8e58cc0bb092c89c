'use strict'
// What `npm install heaptimers` gets: the library, its types and the timerbench CLI with its
// engine, without the saved benchmark results (megabytes of JSON no install needs) and without
// the maintainers' profiling probes beside the floor.

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
    'bin/timerbench.js', 'bench/child.js', 'bench/run.js', 'bench/floor/timers.js', 'package.json']) {
    t.ok(files.includes(needed), `${needed} is packed`)
  }
  t.same(files.filter(file => file.startsWith('bench/results/')), [], 'no saved results are packed')
  t.same(files.filter(file => file.startsWith('test/')), [], 'no tests are packed')
  t.same(files.filter(file => file.startsWith('bench/floor/') && file !== 'bench/floor/timers.js'), [], 'no profiling probes are packed')
  t.ok(files.includes('LICENSE'), 'the license is packed')
})
