// The benchmark child in real browser pages (long tier; CI installs Chromium and Firefox first):
// a rate row and a measured row give numbers, the nested row shows the browser's 4 ms clamp, the
// Pyodide study's strategies run, the page is cross-origin isolated, rows that need Node read n/a
// with the reason, and a page that never finishes is a timeout cell. A browser missing from the
// machine skips its part, saying so.
'use strict'

const t = require('tap')
const path = require('path')
const browsers = require('../../bench/runtimes/browsers')
const registry = require('../../bench/scenarios')
const { childSpec } = require('../../bench/cli/run-cells')
const { runChild } = require('../../bench/cli/spawn-child')

const PUPPETEER = path.dirname(require.resolve('puppeteer-core/package.json'))
const OPTS = { quick: true, sampleTime: 5, duration: 0.3, childTimeoutMs: 30000, batchTimeoutMs: 10000 }

function cell (node, name, impl = 'native', extra = {}) {
  const scenario = registry.get(name)
  const spec = childSpec({ node, impl, scenario }, { ...OPTS, ...extra })
  return runChild(node, spec, spec.timeoutMs + 5000, { driverDir: PUPPETEER })
}

t.test('Chromium and Firefox pages', async (t) => {
  const { installs } = await browsers.discover()
  for (const name of ['chromium', 'firefox']) {
    const found = browsers.pick(name, installs)
    t.test(name, { skip: !found && `${name} is not installed here` }, async (t) => {
      const node = { runtime: found.runtime, release: found.release, version: found.version, path: found.path, driver: found.driver }

      const rate = await cell(node, 'timeout-set-clear')
      t.notOk(rate.error, `timeout-set-clear ran${rate.error ? ': ' + rate.error.message : ''}`)
      t.ok(rate.run && rate.run.value > 0, 'a rate')
      t.equal(rate.node, `${found.runtime} ${found.release}`, 'the child names the browser it ran in')
      t.equal(rate.page.crossOriginIsolated, true, 'the page is cross-origin isolated')
      t.ok(rate.page.timerResolutionMs > 0 && rate.page.timerResolutionMs <= 0.1, `fine clock: ${rate.page.timerResolutionMs} ms`)

      // Ten nested setTimeout(0): Node takes about 1 ms a step; a browser clamps from the fifth
      // level to 4 ms a step, so the chain takes well over 10 ms.
      const nested = await cell(node, 'nested-10-timeout-0')
      t.notOk(nested.error, 'nested-10-timeout-0 ran')
      t.ok(nested.run.value > 10, `the clamp shows: ${nested.run.value} ms`)

      const channel = await cell(node, 'immediate-recursion', 'channel')
      t.ok(channel.run && channel.run.value > 0, `a MessageChannel immediate runs${channel.error ? ': ' + channel.error.message : ''}`)
      const pyodide = await cell(node, 'accuracy-1ms-p50', 'pyodide:k=2')
      t.ok(pyodide.run && pyodide.run.value >= 0, `the Pyodide rule runs${pyodide.error ? ': ' + pyodide.error.message : ''}`)

      const reasons = {
        'immediate-set-clear': /^setImmediate\(\) does not exist in a browser \(this is (chromium|firefox) /,
        'cpu-1ms-loops-1': /^a browser page has no process CPU clock \((chromium|firefox) /,
        'wakeup-cross-thread-p50': /worker_threads does not exist/
      }
      for (const [name, reason] of Object.entries(reasons)) {
        const got = await cell(node, name, registry.get(name).implIndependent ? '-' : 'native')
        t.equal(got.error && got.error.kind, 'n/a', `${name} is n/a`)
        t.match(got.error && got.error.message, reason)
      }
      const lib = await cell(node, 'timeout-set-clear', 'heaptimers')
      t.match(lib.error, { kind: 'n/a', message: /^heaptimers runs on Node >=18, not in a browser/ })

      // A page that has not finished when the parent's time is up (100 frames take 1.7 s): a
      // timeout cell, the browser gone.
      const scenario = registry.get('gameloop-60fps')
      const spec = childSpec({ node, impl: 'native', scenario }, OPTS)
      const started = Date.now()
      const hung = await runChild(node, spec, 500, { driverDir: PUPPETEER })
      t.match(hung.error, { kind: 'timeout', message: 'no result after 500 ms, child killed' })
      t.ok(Date.now() - started < 40000, 'bounded')
    })
  }
})
