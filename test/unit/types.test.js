'use strict'
// types/*.d.ts must describe the real API: a usage file exercising all of it compiles with tsc.
const t = require('tap')
const { execFileSync } = require('child_process')
const path = require('path')

t.test('tsc --noEmit accepts test/unit/types/usage.ts', async t => {
  const tsc = require.resolve('typescript/bin/tsc')
  let out = ''
  try {
    out = execFileSync(process.execPath, [tsc, '-p', path.join(__dirname, 'types', 'tsconfig.json')],
      { encoding: 'utf8', stdio: 'pipe' })
  } catch (err) {
    out = String(err.stdout) + String(err.stderr)
  }
  t.equal(out.trim(), '', 'no type errors')
})
