'use strict'
// AsyncLocalStorage under many store switches inside callbacks (test/fixtures/store-switches.js),
// on every storage the running Node has: its default, and async_hooks stores where Node 24+ can
// still be switched to them (--no-async-context-frame), which keep a resource's stores in one
// object that enterWith writes into. Native first (the oracle), then heaptimers.
const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const LIMIT = 1500
const storages = [['default storage', []]]
if (process.allowedNodeEnvironmentFlags.has('--no-async-context-frame')) {
  storages.push(['--no-async-context-frame', ['--no-async-context-frame']])
}

for (const [label, nodeArgs] of storages) {
  t.test(`every callback sees its creation's stores (${label})`, async t => {
    for (const seed of [1, 2]) {
      const runs = await runFixtureEach('store-switches.js', [String(LIMIT), String(seed)], { nodeArgs, parallel: true })
      for (const [impl, r] of Object.entries(runs)) {
        t.equal(r.code, 0, `${impl}, seed ${seed}: exits 0`, { stderr: r.stderr })
        const result = parseResult(r.stdout)
        t.ok(result.callbacks >= LIMIT, `${impl}, seed ${seed}: ran at least ${LIMIT} callbacks (${result.callbacks})`)
        t.same(result.first, [], `${impl}, seed ${seed}: none saw another context's stores (${result.wrong} did)`)
      }
    }
  })
}
