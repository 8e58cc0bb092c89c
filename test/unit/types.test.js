'use strict'
// types/*.d.ts must describe the real API: a usage file exercising all of it compiles with tsc.
const t = require('tap')
const { execFileSync } = require('child_process')
const path = require('path')
const { nodeCommand } = require('../../bench/cli/child-env')

// tsc's output (nothing when the types check), run without tap's loaders (`env -i`, see
// bench/cli/child-env.js): they would double its start-up.
function tsc (project, cwd) {
  const cmd = nodeCommand(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', project])
  try {
    return execFileSync(cmd.file, cmd.args, { encoding: 'utf8', stdio: 'pipe', env: cmd.env, cwd })
  } catch (err) {
    return String(err.stdout) + String(err.stderr)
  }
}

t.test('tsc --noEmit accepts test/unit/types/usage.ts', async t => {
  t.equal(tsc(path.join(__dirname, 'types', 'tsconfig.json')).trim(), '', 'no type errors')
})

// A consumer project: heaptimers in its node_modules (the files npm would pack), only @types/node
// and typescript beside it, and a tsconfig that loads no types by itself ("types": []), so the
// compile passes only if heaptimers' types reference Node's own.
t.test('the types compile in a consumer project with only @types/node', async t => {
  const fs = require('fs')
  const os = require('os')
  const root = path.join(__dirname, '..', '..')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'heaptimers-consumer-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  const pkg = path.join(dir, 'node_modules', 'heaptimers')
  fs.mkdirSync(pkg, { recursive: true })
  for (const entry of ['package.json', 'lib', 'types']) fs.cpSync(path.join(root, entry), path.join(pkg, entry), { recursive: true })
  fs.mkdirSync(path.join(dir, 'node_modules', '@types'), { recursive: true })
  fs.symlinkSync(path.join(root, 'node_modules', '@types', 'node'), path.join(dir, 'node_modules', '@types', 'node'), 'dir')
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }))
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', types: [], skipLibCheck: false },
    files: ['cjs.cts', 'esm.mts']
  }))
  fs.writeFileSync(path.join(dir, 'cjs.cts'), [
    "import timers = require('heaptimers')",
    "import promises = require('heaptimers/promises')",
    'const t: timers.Timeout = timers.setTimeout((a: number) => a + 1, 10, 1)',
    'timers.clearTimeout(t)',
    'timers.clearTimeout(+t)',
    "void promises.setTimeout(10, 'v').then((v: string) => v.length)",
    ''
  ].join('\n'))
  fs.writeFileSync(path.join(dir, 'esm.mts'), [
    "import { setImmediate, clearImmediate, configure, stats } from 'heaptimers'",
    "import { setTimeout as sleep } from 'heaptimers/promises'",
    'clearImmediate(setImmediate(() => {}))',
    'configure({ maxTickDepth: 10 })',
    'const n: number = stats().timeouts',
    'await sleep(1)',
    'export { n }',
    ''
  ].join('\n'))
  t.equal(tsc(dir, dir).trim(), '', 'no type errors')
})
