'use strict'
// tools/app-profile.js splits an app row's CPU samples by the code they were in. Its table means
// something only if each sample lands in the right line and only the row's measured window is
// kept: the classes are checked here on stacks written as `perf script` prints them, the window
// on a real run of app-ttl-cache in the tool's own child mode, and, where Linux perf may sample,
// the whole tool on one short round.

const t = require('tap')
const path = require('node:path')
const { execFile, spawnSync } = require('node:child_process')
const { promisify } = require('node:util')

const TOOL = path.join(__dirname, '..', '..', 'tools', 'app-profile.js')
const ROOT = path.join(__dirname, '..', '..')
const { parseArgs, classify, TIMER_CLASSES } = require(TOOL)
const run = promisify(execFile)

const LIB = path.join(ROOT, 'lib') + path.sep
const frame = (sym) => `\t    7f9fa408fcde ${sym}`

t.test('a sample goes to the collector or a compiler first, then to its innermost JavaScript function', async (t) => {
  const js = (name, file) => frame(`JS:*${name} ${file}:10:5`)
  t.same(classify([frame('v8::internal::Scavenger::ScavengeObject'), js('runDue', `${LIB}timeouts.js`)], true, LIB),
    ['garbage collection', null])
  t.same(classify([frame('v8::internal::compiler::GraphReducer::Reduce')], false, LIB), ['JIT compiling', null])
  t.same(classify([frame('Builtins_LoadIC'), js('runDue', `${LIB}timeouts.js`), js('listOnTimeout', 'node:internal/timers')], true, LIB),
    [TIMER_CLASSES[0], `runDue ${LIB}timeouts.js:10:5`])
  t.same(classify([js('listOnTimeout', 'node:internal/timers')], true, LIB)[0], TIMER_CLASSES[1])
  t.same(classify([frame('LazyCompile:*setTimeout node:timers:133:20')], true, LIB)[0], TIMER_CLASSES[1], "Node 20's map names")
  t.same(classify([js('', path.join(ROOT, 'bench', 'scenarios', 'apps.js'))], true, LIB)[0], 'the app (handler, timer callbacks)')
  t.same(classify([js('_drainAll', '/p/node_modules/bottleneck/lib/Bottleneck.js')], true, LIB)[0], 'package: bottleneck')
  t.same(classify([frame('__GI___writev'), js('writevGeneric', 'node:internal/stream_base_commons')], true, LIB)[0], "Node's net and streams")
  t.same(classify([js('end', 'node:_http_outgoing')], true, LIB)[0], "Node's http")
  const promiseJobs = 'promise jobs (V8 running and settling them)'
  t.same(classify([frame('v8::internal::MicrotaskQueue::RunMicrotasks'), js('runDue', `${LIB}timeouts.js`)], true, LIB)[0], promiseJobs,
    'the microtasks a pass drains are not the pass')
  t.same(classify([frame('Builtins_FulfillPromise'), frame('Builtins_ResolvePromise'), js('', 'node:internal/timers')], true, LIB)[0], promiseJobs)
  t.same(classify([js('then', '/p/node_modules/bottleneck/lib/Job.js'), frame('Builtins_PromiseFulfillReactionJob')], true, LIB)[0],
    'package: bottleneck', "a promise job's own JavaScript is its code")
  t.same(classify([js('runDue', `${LIB}timeouts.js`)], true, null)[0], 'other JavaScript', 'native has no library')
})

t.test('a sample outside JavaScript goes by thread and by where it is', async (t) => {
  t.same(classify([frame('node::Environment::RunTimers'), frame('uv__run_timers')], true, LIB)[0], TIMER_CLASSES[2])
  t.same(classify([frame('do_epoll_wait'), frame('uv__io_poll')], true, LIB)[0], 'I/O outside JavaScript (libuv, llhttp, kernel)')
  t.same(classify([frame('do_epoll_wait'), frame('uv__io_poll')], false, LIB)[0], 'other threads')
  t.same(classify([frame('uv_run')], true, LIB)[0], 'native code outside JavaScript')
})

t.test('bad options name what is valid', async (t) => {
  t.throws(() => parseArgs(['--rows', 'x']), /unknown option --rows; valid: --row, --node/)
  t.throws(() => parseArgs(['--row', 'app-http']), /unknown row app-http; valid: app-http-timeouts, app-ttl-cache, app-rate-limit/)
  t.throws(() => parseArgs(['--rounds', '0']), /--rounds takes a positive number/)
  t.equal(parseArgs(['--lib', 'floor']).lib, path.join(ROOT, 'tools', 'floor.js'))
  const refused = spawnSync(process.execPath, [TOOL, '--row', 'nope'], { encoding: 'utf8' })
  t.equal(refused.status, 2)
  t.match(refused.stderr, /^app-profile: unknown row nope; valid:/)
})

t.test("the child runs the row and reports its measured window's edges, in order", async (t) => {
  const packages = { 'lru-cache': require.resolve('lru-cache', { paths: [ROOT] }) }
  const spec = { row: 'app-ttl-cache', lib: path.join(ROOT, 'lib', 'index.js'), durationMs: 500, loadNode: process.execPath, packages }
  const before = Number(process.hrtime.bigint()) / 1e9
  const { stdout } = await run(process.execPath, ['--expose-gc', TOOL, '--child', JSON.stringify(spec)])
  const after = Number(process.hrtime.bigint()) / 1e9
  const out = JSON.parse(stdout.trim().split('\n').pop())
  t.equal(out.record.samples, 5000, 'the row ran its 5,000 entries')
  t.ok(before < out.window.start && out.window.start < out.window.end && out.window.end < after, 'start, then end, inside the run')
  t.ok(out.window.end - out.window.start >= 1, 'the window holds the entries\' TTLs of up to a second')
})

const perfAllowed = spawnSync('perf', ['record', '-q', '-e', 'cpu-clock', '-o', '/dev/null', '--', 'true']).status === 0
t.test('one short round of app-ttl-cache, native against heaptimers', { skip: perfAllowed ? false : 'Linux perf cannot sample here' }, async (t) => {
  const { stdout } = await run(process.execPath, [TOOL, '--row', 'app-ttl-cache', '--rounds', '1', '--duration', '0.5'], { maxBuffer: 1 << 24 })
  const lines = stdout.trim().split('\n')
  t.match(lines[0], /^app-ttl-cache, 1 round a side \(5000 entries a round\)/)
  const all = /^all samples in the measured window\s+([\d.]+)\s+([\d.]+)/.exec(lines[2])
  t.ok(all && Number(all[1]) > 0 && Number(all[2]) > 0, 'both sides have samples in the window')
  const [native, library] = lines.find((l) => l.startsWith(`  ${TIMER_CLASSES[0]}`)).slice(TIMER_CLASSES[0].length + 2).trim().split(/\s+/).map(Number)
  t.equal(native, 0, 'native spends nothing in the library')
  t.ok(library > 0, 'the library spends something in itself')
  t.match(stdout, /package: lru-cache/)
})
