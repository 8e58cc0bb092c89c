// Any timers module as an implementation (-i module:<path or package>) and undici's timers
// (-i undici): how the spec parses and is labelled, how the module is found (paths, directories,
// CommonJS and ES-module-only packages), rows a module cannot run reading n/a, a module that
// throws on load giving error cells, and every bad input exiting 2 before a child runs.
'use strict'

const t = require('tap')
const fs = require('fs')
const os = require('os')
const path = require('path')
const implSpec = require('../../bench/child/impl-spec')
const { resolveModules, resolveFile } = require('../../bench/cli/impl-modules')
const { validate } = require('../../bench/cli/schema')
const { cli, fixture, FAST, ROOT } = require('./fixtures/helpers')

const FAKE_NPM = [process.execPath, fixture('fake-npm.js')]
const MODULES = fixture('modules')

// A directory outside the repository, so that nothing resolves from its node_modules.
function outside (t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timerbench-modules-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

function write (file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
  return file
}

// The table's cell texts of one row, by column header (wide layout, one Node).
function rowOf (table, scenario) {
  const lines = table.split('\n')
  const head = lines.findIndex((l) => l.includes('scenario (unit)'))
  const names = lines[head + 1].split('│').map((c) => c.trim())
  const row = lines.find((l) => l.startsWith(`│ ${scenario} (`)).split('│').map((c) => c.trim())
  return Object.fromEntries(names.map((n, i) => [n, row[i]]).filter(([n]) => n))
}

t.test('module:<x> and undici parse, and read as the package or file name', async (t) => {
  t.same(implSpec.parse('module:./lib/my-timers.js'), { id: 'module:./lib/my-timers.js', name: 'module', options: {}, target: './lib/my-timers.js' })
  t.equal(implSpec.label('module:./lib/my-timers.js'), 'my-timers.js')
  t.equal(implSpec.label('module:@scope/timers'), '@scope/timers')
  t.equal(implSpec.label('module:/opt/vendor/fast-timers/'), 'fast-timers')
  t.equal(implSpec.label('undici'), 'undici')
  t.equal(implSpec.label('heaptimers:maxTickDepth=10'), 'heaptimers:maxTickDepth=10')
  t.same(implSpec.splitList('native,module:./a.js,heaptimers:maxTickDepth=2,undici'), ['native', 'module:./a.js', 'heaptimers:maxTickDepth=2', 'undici'])
  t.throws(() => implSpec.parse('module:'), /needs a module \(valid: module:\.\/my-timers\.js, module:<package>\)/)
  t.throws(() => implSpec.parse('undici:fast=true'), /implementation 'undici' takes no options/)
  t.throws(() => implSpec.parse('undicy'), /unknown implementation 'undicy' \(valid: native, heaptimers, heaptimers:key=value,\.\.\., undici, module:<path or package>/)
})

t.test('finding the module: a path, a directory, a CommonJS package, an ES-module-only package', async (t) => {
  const dir = outside(t)
  const env = { HOME: dir }
  t.same(resolveFile('./a.js', dir, env), { missing: `module './a.js' does not exist (${path.join(dir, 'a.js')})` })
  const file = write(path.join(dir, 'a.js'), 'exports.setTimeout = setTimeout\n')
  t.same(resolveFile('./a.js', dir, env), { file })
  t.same(resolveFile('~/a.js', '/', env), { file }, '~ is the home directory')
  write(path.join(dir, 'vendor', 'timers', 'package.json'), JSON.stringify({ main: 'lib/main.js' }))
  const main = write(path.join(dir, 'vendor', 'timers', 'lib', 'main.js'), '')
  t.same(resolveFile('./vendor/timers', dir, env), { file: main }, 'a directory by its package.json')
  const cjs = write(path.join(dir, 'node_modules', 'cjs-timers', 'index.js'), '')
  write(path.join(dir, 'node_modules', 'cjs-timers', 'package.json'), JSON.stringify({ name: 'cjs-timers' }))
  t.same(resolveFile('cjs-timers', path.join(dir, 'src'), env), { file: cjs }, 'found from a subdirectory, as require() would')
  write(path.join(dir, 'node_modules', '@x', 'esm-timers', 'package.json'),
    JSON.stringify({ name: '@x/esm-timers', type: 'module', exports: { '.': { import: './dist/index.js' } } }))
  const esm = write(path.join(dir, 'node_modules', '@x', 'esm-timers', 'dist', 'index.js'), '')
  t.same(resolveFile('@x/esm-timers', dir, env), { file: esm }, 'an import-only export')
  t.same(resolveFile('left-pad', dir, env), { missing: `package 'left-pad' is not installed in ${dir} or a parent directory` })
})

t.test('a run with a module of the tests, an ES module and a module written now', async (t) => {
  const dir = outside(t)
  fs.copyFileSync(path.join(MODULES, 'my-timers.js'), path.join(dir, 'my-timers.js'))
  fs.copyFileSync(path.join(MODULES, 'esm-timers.mjs'), path.join(dir, 'esm-timers.mjs'))
  // Never seen before this run: a random name, default-exported from an ES module.
  const fresh = `t${process.pid}-${Date.now().toString(36)}.mjs`
  write(path.join(dir, 'lib', fresh), 'export default { setTimeout: (f, ms) => setTimeout(f, ms), clearTimeout: (x) => clearTimeout(x),' +
    ' setImmediate: (f) => setImmediate(f), clearImmediate: (x) => clearImmediate(x) }\n')
  const impls = `native,heaptimers,module:./my-timers.js,module:./esm-timers.mjs,module:./lib/${fresh}`
  const res = await cli([...FAST, '-i', impls, '-s', 'timeout-set-clear,immediate-run-10k', '-o', path.join(dir, 'run.json')], {}, { cwd: dir })
  t.equal(res.code, 0, res.stderr)
  const set = rowOf(res.stdout, 'timeout-set-clear')
  for (const name of ['native', 'heaptimers', 'my-timers.js', 'esm-timers.mjs', fresh]) t.match(set[name], /^\d/, `${name}: a number`)
  t.match(set['my-timers.js/native'], /^\d.*x$/, 'a ratio column named by the file')
  const imm = rowOf(res.stdout, 'immediate-run-10k')
  t.match(imm['my-timers.js'], /^\d/)
  t.match(imm['esm-timers.mjs'], /^n\/a \[\d\]$/, 'the ES module exports no setImmediate')
  t.match(res.stdout, /n\/a: esm-timers\.mjs exports no setImmediate\(\)/)
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8'))
  t.same(validate(report), [])
  t.equal(report.options.modules['module:./my-timers.js'].path, fs.realpathSync(path.join(dir, 'my-timers.js')))
})

t.test('a module that throws on load: error cells with its message, the rest of the run measured', async (t) => {
  const res = await cli([...FAST, '-i', `native,module:${path.join(MODULES, 'throws.js')}`, '-s', 'timeout-set-clear', '-f', 'json'])
  t.equal(res.code, 3, 'cells that did not measure')
  const report = JSON.parse(res.stdout)
  const byImpl = Object.fromEntries(report.results.map((r) => [r.impl, r]))
  t.notOk(byImpl.native.error)
  t.equal(byImpl[`module:${path.join(MODULES, 'throws.js')}`].error.kind, 'load')
  t.match(byImpl[`module:${path.join(MODULES, 'throws.js')}`].error.message, /this module refuses to load/)
})

t.test('bad modules and undici nowhere: exit 2 and one line, before any child runs', async (t) => {
  const dir = outside(t)
  const env = { TIMERBENCH_CACHE: path.join(dir, 'cache') }
  const cases = [
    [['-i', 'module:./nope.js'], /^timerbench: module '\.\/nope\.js' does not exist \(.*nope\.js\) \(valid: module:<path of a \.js, \.cjs or \.mjs file>, or module:<package installed in this project>\)$/],
    [['-i', `module:${path.join(MODULES, 'no-timers.js')}`], /exports none of setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate \(valid: a module exporting some of them/],
    [['-i', 'module:no-such-timers'], /^timerbench: package 'no-such-timers' is not installed in .* \(valid: /],
    [['-i', 'undici', '-s', 'timeouts'], /^timerbench: -i undici needs undici, which is neither installed in .* nor in the timerbench cache \(valid: npm install undici in this project, or add --install to fetch it into .*cache\/undici\)$/],
    [['-i', 'module:'], /needs a module/]
  ]
  for (const [args, message] of cases) {
    const res = await cli([...FAST, ...args], env, { cwd: dir })
    t.equal(res.code, 2, `${args.join(' ')}: exit 2`)
    t.equal(res.stdout, '')
    t.equal(res.stderr.trim().split('\n').length, 1, 'one line')
    t.match(res.stderr.trim(), message)
  }
})

t.test('undici: from the project, else fetched into the cache with --install', async (t) => {
  const found = await resolveModules(['native', 'undici'], { cwd: ROOT, env: process.env })
  t.same(Object.keys(found), ['undici'])
  t.equal(found.undici.source, 'project')
  t.equal(found.undici.path, path.join(ROOT, 'node_modules', 'undici', 'lib', 'util', 'timers.js'))

  const dir = outside(t)
  const env = { ...process.env, TIMERBENCH_CACHE: path.join(dir, 'cache') }
  const stream = { isTTY: false, text: '', write (s) { this.text += s; return true } }
  const got = await resolveModules(['undici'], { cwd: dir, env, install: true, npm: FAKE_NPM, stream })
  t.equal(got.undici.source, 'cache')
  t.equal(got.undici.path, path.join(dir, 'cache', 'undici', 'node_modules', 'undici', 'lib', 'util', 'timers.js'))
  t.match(stream.text, /installing undici into .*cache\/undici/)
  const again = await resolveModules(['undici'], { cwd: dir, env, install: false })
  t.equal(again.undici.source, 'cache', 'found in the cache afterwards, without --install')
})

t.test('undici beside native and heaptimers on the request-timeout rows: numbers for all three, n/a where it lacks setImmediate', async (t) => {
  // responsiveness-cpu-chunks calls setImmediate as it starts, before any timer ran.
  const needsImmediate = ['immediate-set-clear', 'responsiveness-cpu-chunks']
  const res = await cli([...FAST, '-i', 'native,heaptimers,undici', '-s', `timeouts,${needsImmediate}`, '-f', 'json'])
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(res.stdout)
  for (const r of report.results.filter((x) => x.impl !== 'undici' || !needsImmediate.includes(x.scenario))) t.notOk(r.error, `${r.scenario} ${r.impl} measured`)
  for (const scenario of needsImmediate) {
    const imm = report.results.find((r) => r.scenario === scenario && r.impl === 'undici')
    t.same(imm.error, { kind: 'n/a', message: 'undici exports no setImmediate()' }, `${scenario}: undici n/a`)
  }
  t.match(report.options.modules.undici.version, /^\d+\.\d+\.\d+/)
})

t.test('old Nodes: native rows without setImmediate read n/a, and the harness yields beside the module', async (t) => {
  const implLoad = require('../../bench/child/impl-load')
  const natives = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
  const own = () => {}
  t.equal(implLoad.harnessTimers(natives, { setImmediate: own }).setImmediate, setImmediate, 'no shared slot (Node 9 and later): native setImmediate')

  // Node 0.8: no setImmediate; the native rows that call it are n/a, and the harness steps with setTimeout(0).
  const node08 = { ...natives, setImmediate: undefined, clearImmediate: undefined }
  const { T } = implLoad.load('native', node08)
  t.equal(T.setTimeout, setTimeout)
  t.throws(() => T.setImmediate(own), { kind: 'n/a', message: `setImmediate() does not exist before Node v0.10 (this is ${process.version})` })
  t.throws(() => T.clearImmediate(null), { kind: 'n/a' })
  const step = implLoad.harnessTimers(node08, T).setImmediate
  t.not(step, T.setImmediate, 'a stand-in is never the way to yield')
  await new Promise((resolve) => step(resolve))

  // Before Node 9 (process._needImmediateCallback exists) a module's own setImmediate is the yield.
  process._needImmediateCallback = false
  t.teardown(() => { delete process._needImmediateCallback })
  t.equal(implLoad.harnessTimers(natives, { setImmediate: own }).setImmediate, own, 'a module that may hold the slot')
  t.equal(implLoad.harnessTimers(natives, { setImmediate }).setImmediate, setImmediate, 'native itself')
  t.equal(implLoad.harnessTimers(natives, { setImmediate: T.setImmediate }).setImmediate, setImmediate, 'a function the module lacks')
  t.equal(implLoad.harnessTimers(natives, null).setImmediate, setImmediate, 'no implementation (the fn-* rows)')
})
