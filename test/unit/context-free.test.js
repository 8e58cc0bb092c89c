'use strict'
// When timers are created "context-free" (lib/run.js: no capture, run in the pass's context):
// only with async_hooks storage (Node 18 to 22), from load on when no async hook with `init` is
// enabled (or from the first promise job, when one was and has been disabled), while no
// storage has been entered and no async hook enabled; and never again once either happens.
// Never on Node 24 and later: their default AsyncContextFrame storage is excluded, and with
// --no-async-context-frame constructing a storage (heaptimers makes one) enables a hook.
// Plain children: tap's own instrumentation may enable async hooks. Internal API on purpose:
// the state is invisible to programs (test/context-free.test.js checks what they see), only to
// their speed.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

const RUN = JSON.stringify(path.join(__dirname, '../../lib/run.js'))
const INDEX = JSON.stringify(path.join(__dirname, '../../lib/index.js'))

// Prints, as JSON, `isContextFree()` right after load, in the first promise job, and twice in a
// native immediate: before and after running `then`. `before` and `loaded` (source text) run
// before and right after the library loads.
function states (before, then, { loaded = '', nodeArgs = [] } = {}) {
  const child = `
${before}
const run = require(${RUN})
const T = require(${INDEX})
${loaded}
const out = { atLoad: run.isContextFree() }
Promise.resolve().then(() => { out.inPromiseJob = run.isContextFree() })
setImmediate(() => {
  out.afterLoad = run.isContextFree()
  ${then}
  out.after = run.isContextFree()
  const timer = T.setTimeout(() => {}, 1)
  out.capturedAfter = timer._context !== null
  T.clearTimeout(timer)
  console.log(JSON.stringify(out))
})
`
  const r = spawnSync(process.execPath, [...nodeArgs, '-e', child], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout)
}

const FRAMES = !('kResourceStore' in new (require('async_hooks').AsyncLocalStorage)())
const hooksStorageOnly = { skip: FRAMES && 'this Node defaults to AsyncContextFrame storage' }
const NEVER = { atLoad: false, inPromiseJob: false, afterLoad: false, after: false, capturedAfter: true }

t.test('starts at load, with async_hooks storage', hooksStorageOnly, t => {
  const out = states('', '')
  t.same(out, { atLoad: true, inPromiseJob: true, afterLoad: true, after: true, capturedAfter: true })
  t.end()
})

// A storage entered and disabled again before load leaves Node's promise hook on for a while:
// the load cannot tell it from an enabled one, and the promise job starts it.
t.test('starts in the promise job when a storage was disabled before load', hooksStorageOnly, t => {
  const before = 'const a = new (require("async_hooks").AsyncLocalStorage)(); a.run(1, () => {}); a.disable()'
  t.same(states(before, ''), { atLoad: false, inPromiseJob: true, afterLoad: true, after: true, capturedAfter: true })
  t.end()
})

const enders = {
  'AsyncLocalStorage run()': 'new (require("async_hooks").AsyncLocalStorage)().run(1, () => {})',
  'AsyncLocalStorage enterWith()': 'new (require("async_hooks").AsyncLocalStorage)().enterWith(1)',
  'AsyncLocalStorage exit()': 'new (require("async_hooks").AsyncLocalStorage)().exit(() => {})',
  'an async hook enabled': 'require("async_hooks").createHook({ init () {} }).enable()',
  'an empty async hook enabled': 'require("async_hooks").createHook({}).enable()',
}
for (const [what, code] of Object.entries(enders)) {
  t.test(`ends for good with ${what}`, hooksStorageOnly, t => {
    const out = states('', `${code}; setTimeout(() => {}, 1)`)
    t.same(out, { atLoad: true, inPromiseJob: true, afterLoad: true, after: false, capturedAfter: true })
    t.end()
  })
}

t.test('never starts when a hook with init was enabled before load', t => {
  t.same(states('require("async_hooks").createHook({ init () {} }).enable()', ''), NEVER)
  t.same(states('new (require("async_hooks").AsyncLocalStorage)().enterWith(1)', ''), NEVER, 'a store entered')
  t.end()
})

// A hook with no `init` cannot tell where a resource was created: the load misses it, and the
// promise job, which it marks, ends context-free.
const ENDED_IN_JOB = { atLoad: true, inPromiseJob: false, afterLoad: false, after: false, capturedAfter: true }

t.test('ends in the promise job when a hook with no init was enabled before load', hooksStorageOnly, t => {
  t.same(states('require("async_hooks").createHook({ before () {} }).enable()', ''), ENDED_IN_JOB)
  t.end()
})

t.test('ends when a hook is enabled after load, before the promise job', t => {
  t.same(states('', '', { loaded: 'require("async_hooks").createHook({}).enable()' }), NEVER)
  t.end()
})

t.test('never on a Node with AsyncContextFrame storage', { skip: !FRAMES && 'this Node has none' }, t => {
  t.same(states('', ''), NEVER, 'its default storage')
  t.same(states('', '', { nodeArgs: ['--no-async-context-frame'] }), NEVER, '--no-async-context-frame')
  t.end()
})
