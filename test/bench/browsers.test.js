// Browsers as columns, without a real browser: the names and paths --node takes, discovery with
// stand-in binaries (shell scripts that answer --version as Chromium, Chrome or Firefox), the
// labels and column order, the bad input, the page server's protocol, and a launch that fails or
// hangs becoming an error cell in bounded time with nothing left running. Real browsers run the
// child in browser-pages.test.js (long tier) and in CI's quick run.
'use strict'

const t = require('tap')
const fs = require('fs')
const os = require('os')
const path = require('path')
const http = require('http')
const runtime = require('../../bench/runtimes/runtime')
const browsers = require('../../bench/runtimes/browsers')
const nodes = require('../../bench/runtimes/resolve')
const server = require('../../bench/browser/server')
const { runPageChild } = require('../../bench/browser/run-page')
const { CHILD, ROOT } = require('../../bench/cli/paths')
const { UsageError } = require('../../bench/cli/usage-error')
const { cli } = require('./fixtures/helpers')
const { isolatedEnv, script } = require('./fixtures/nodes')

const POSIX = process.platform !== 'win32'
const PUPPETEER = path.dirname(require.resolve('puppeteer-core/package.json'))

function tmp (t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'timerbench-browsers-'))
  t.teardown(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

// A stand-in browser: answers --version with `line`; anything else runs `body`.
function fakeBrowser (file, line, body = 'exit 0') {
  return script(file, `if [ "$1" = "--version" ]; then echo '${line}'; exit 0; fi\n${body}`)
}

function get (url) {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c) => { body += c })
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }))
    }).on('error', reject)
  })
}

function post (url, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST' }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)) })
    req.on('error', reject)
    req.end(body)
  })
}

t.test('version lines, labels and column order', async (t) => {
  t.same(browsers.parseVersion('Chromium 156.0.8078.129 built on Debian GNU/Linux 12 (bookworm)'),
    { runtime: 'chromium', release: '156.0.8078.129', driver: 'chrome', esr: false })
  t.same(browsers.parseVersion('Google Chrome 150.0.7000.1 '), { runtime: 'chrome', release: '150.0.7000.1', driver: 'chrome', esr: false })
  t.same(browsers.parseVersion('Mozilla Firefox 153.8.0esr'), { runtime: 'firefox', release: '153.8.0esr', driver: 'firefox', esr: true })
  t.equal(browsers.parseVersion('v20.1.0'), null)
  t.equal(runtime.label('chromium', '156.0.8078.129'), 'chromium 156', 'a browser is labelled by its major')
  t.equal(runtime.label('firefox', '153.8.0esr'), 'firefox 153')
  t.same(runtime.parseLabel('firefox 153'), { runtime: 'firefox', version: '153' })
  t.same(['firefox 153', 'deno 2.9.6', 'chromium 156', 'v22.3.0', 'bun 1.4.5', 'chrome 150'].sort(runtime.compareLabels),
    ['v22.3.0', 'bun 1.4.5', 'deno 2.9.6', 'chromium 156', 'chrome 150', 'firefox 153'], 'browsers after Deno')
})

t.test('discovery: PATH and CHROME_PATH, a wrapper and its binary as one, what is not a browser skipped', { skip: !POSIX && 'shell stand-ins' }, async (t) => {
  const root = tmp(t)
  const env = isolatedEnv(root)
  const bin = env.PATH
  fakeBrowser(path.join(bin, 'chromium'), 'Chromium 156.0.8078.129 built on Debian GNU/Linux 12 (bookworm)')
  fakeBrowser(path.join(bin, 'firefox-esr'), 'Mozilla Firefox 153.8.0esr')
  fakeBrowser(path.join(bin, 'firefox'), 'Mozilla Firefox 153.8.0esr')
  fakeBrowser(path.join(bin, 'chromium-browser'), 'hello')
  env.CHROME_PATH = fakeBrowser(path.join(root, 'opt', 'chrome'), 'Google Chrome 150.0.7000.1')

  const found = await browsers.discover({ env })
  t.same(found.installs.map((i) => [i.version, i.release, i.driver]),
    [['chromium 156', '156.0.8078.129', 'chrome'], ['chrome 150', '150.0.7000.1', 'chrome'], ['firefox 153', '153.8.0esr', 'firefox']])
  t.same(found.installs.find((i) => i.runtime === 'firefox').found.map((f) => path.basename(f)).sort(), ['firefox', 'firefox-esr'], 'one Firefox, found twice')
  t.same(found.installs.find((i) => i.runtime === 'chrome').sources, ['CHROME_PATH'])
  t.same(found.skipped.map((s) => [path.basename(s.path), s.reason]),
    [['chromium-browser', "its --version says 'hello', not Chromium, Chrome or Firefox"]])
  t.equal(browsers.pick('firefox-esr', found.installs).release, '153.8.0esr')
  t.equal(browsers.pick('chrome', found.installs).path, env.CHROME_PATH)

  const resolved = await nodes.resolveNodes(nodes.parseSpecs(['chromium', 'firefox-esr', path.join(root, 'opt', 'chrome')]), { env })
  t.same(resolved.map((n) => [n.runtime, n.version, n.driver]), [['chromium', 'chromium 156', 'chrome'], ['chrome', 'chrome 150', 'chrome'], ['firefox', 'firefox 153', 'firefox']])

  const listed = await cli(['runtimes'], env)
  t.equal(listed.code, 0)
  t.match(listed.stdout, /Browsers \(--node chromium, chrome, firefox, firefox-esr; .*\):\n {2}chromium 156 +156\.0\.8078\.129 +PATH/)
  t.match(listed.stdout, /firefox 153 +153\.8\.0esr/)
  t.match(listed.stdout, /chromium-browser +\(PATH\) +its --version says 'hello'/)
})

t.test('bad input: unknown names, missing browsers, binaries that are none, no puppeteer-core', { skip: !POSIX && 'shell stand-ins' }, async (t) => {
  const root = tmp(t)
  const env = isolatedEnv(root)
  t.throws(() => nodes.parseSpecs(['safari']), new UsageError(`bad value 'safari' for --node (valid: ${nodes.VALID})`))
  t.match(nodes.VALID, /chromium, chrome, firefox, firefox-esr, or the path of a node, bun, deno or browser binary/)
  await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['chromium']), { env }),
    new UsageError(browsers.missingHint('chromium', env)))
  t.match(browsers.missingHint('firefox', env), /^firefox is not installed \(looked for firefox, firefox-esr on PATH and FIREFOX_PATH; browsers do not come from the npm registry: apt-get install firefox-esr, or set FIREFOX_PATH to its binary\)$/)
  const notOne = script(path.join(root, 'tools', 'chromium-like'), 'echo "Something 1.0"')
  await t.rejects(nodes.resolveNodes(nodes.parseSpecs([notOne]), { env }),
    /is not a working node, bun, deno, Chromium, Chrome or Firefox binary \(its --version says 'Something 1\.0'/)

  // The CLI: exit 2 and one line, before any child starts.
  const unknown = await cli(['--node', 'safari', '--quick'], env)
  t.equal(unknown.code, 2)
  t.match(unknown.stderr, /^timerbench: bad value 'safari' for --node \(valid: .*chromium, chrome, firefox, firefox-esr/)
  const viaRuntime = await cli(['--runtime', 'firefox', '--quick'], env)
  t.equal(viaRuntime.code, 2, '--runtime is --node')
  t.match(viaRuntime.stderr, /^timerbench: firefox is not installed \(.*apt-get install firefox-esr/)
  t.equal(viaRuntime.stderr.trim().split('\n').length, 1)

  fakeBrowser(path.join(env.PATH, 'chromium'), 'Chromium 156.0.8078.129 built on Debian')
  const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'timerbench-noproject-'))
  t.teardown(() => fs.rmSync(outside, { recursive: true, force: true }))
  const noDriver = await cli(['--node', 'chromium', '--quick', '-s', 'timeout-set-clear'], env, { cwd: outside })
  t.equal(noDriver.code, 2)
  t.match(noDriver.stderr, /^timerbench: browser columns need puppeteer-core, which is neither installed in .* nor in the timerbench cache \(valid: npm install puppeteer-core@24 in this project, or add --install to fetch puppeteer-core@24\.43\.1 into /)
})

t.test('the page server: isolation headers, modules by Node\'s rules and nothing else, output and exit', async (t) => {
  const site = await server.start({ boot: { main: CHILD, spec: '{"scenario":"x"}', version: 'chromium 156.0.1' }, roots: [ROOT] })
  t.teardown(() => site.close())
  const page = await get(site.url)
  t.equal(page.status, 200)
  t.equal(page.headers['cross-origin-opener-policy'], 'same-origin')
  t.equal(page.headers['cross-origin-embedder-policy'], 'require-corp')
  t.match(page.body, /<script src="\/shim.js"><\/script><script>timerbenchShim.start\(\{"main":/)
  t.notMatch(page.body, /<\/script>.*"\{"scenario":"x"\}"/, 'the spec is escaped JSON')

  const mod = await get(`${site.url}module?from=${encodeURIComponent(CHILD)}&id=./protocol`)
  t.equal(mod.status, 200)
  t.equal(mod.headers['x-timerbench-file'], path.join(ROOT, 'bench', 'child', 'protocol.js'))
  t.match(mod.body, /SENTINEL/)
  const builtin = await get(`${site.url}module?from=${encodeURIComponent(CHILD)}&id=fs`)
  t.equal(builtin.headers['x-timerbench-builtin'], 'fs', 'a built-in module is named, not served')
  const outsideRoot = await get(`${site.url}module?from=${encodeURIComponent(CHILD)}&id=${encodeURIComponent('/etc/hostname')}`)
  t.equal(outsideRoot.status, 404, 'no file outside the roots')
  const missing = await get(`${site.url}module?from=${encodeURIComponent(CHILD)}&id=./nothing-here`)
  t.equal(missing.status, 404)
  t.match(missing.body, /Cannot find module '.\/nothing-here'/)

  t.equal(await post(`${site.url}page`, JSON.stringify({ crossOriginIsolated: true, timerResolutionMs: 0.005 })), 200)
  t.equal(await post(`${site.url}stdout`, '@@TIMERBENCH@@ {"type":"result"}\n'), 200)
  t.equal(await post(`${site.url}exit`, '3'), 200)
  t.equal(await site.exited, 3)
  t.same(site.state.page, { crossOriginIsolated: true, timerResolutionMs: 0.005 })
  t.match(site.state.output, /"type":"result"/)
})

// Whether a process still runs (signal 0 only asks).
function alive (pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

t.test('a browser that fails to start, or hangs, is an error cell in bounded time and is not left running', { skip: !POSIX && 'shell stand-ins' }, async (t) => {
  const root = tmp(t)
  const spec = { scenario: 'timeout-set-clear', impl: 'native', timeoutMs: 5000, batchTimeoutMs: 2000 }
  const failing = fakeBrowser(path.join(root, 'failing', 'chromium'), 'Chromium 156.0.1.2', 'echo "cannot open display" >&2; exit 1')
  const node = { path: failing, runtime: 'chromium', release: '156.0.1.2', version: 'chromium 156', driver: 'chrome' }
  let started = Date.now()
  const failed = await runPageChild(node, spec, 5000, { driverDir: PUPPETEER, launchTimeoutMs: 10000 })
  t.equal(failed.error.kind, 'crash')
  t.match(failed.error.message, /^cannot start chromium 156 \(.*failing\/chromium\): /)
  t.ok(Date.now() - started < 10000, 'failed without waiting out the launch timeout')

  const pidFile = path.join(root, 'hung.pid')
  const hanging = fakeBrowser(path.join(root, 'hanging', 'chromium'), 'Chromium 156.0.1.2', `echo $$ > "${pidFile}"; exec sleep 300`)
  started = Date.now()
  const hung = await runPageChild({ ...node, path: hanging }, spec, 5000, { driverDir: PUPPETEER, launchTimeoutMs: 1500 })
  const took = Date.now() - started
  t.equal(hung.error.kind, 'crash')
  t.match(hung.error.message, /^cannot start chromium 156 .*: .*(1500|1\.5)/, 'the launch timeout is named')
  t.ok(took < 15000, `bounded: ${took} ms`)
  const pid = Number(fs.readFileSync(pidFile, 'utf8'))
  // puppeteer kills what it launched; give a loaded machine a moment to reap it.
  const until = Date.now() + 5000
  while (alive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100))
  t.notOk(alive(pid), 'the hung browser was killed')

  const noDriver = await runPageChild(node, spec, 5000, {})
  t.match(noDriver.error.message, /no puppeteer-core was given/)
})
