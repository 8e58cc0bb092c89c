'use strict'
// When timers are created "context-free" (lib/async-context.js: no capture, run in the pass's context):
// from load on when no async hook with `init` is enabled (or, with async_hooks storage, Node 18
// to 22, from the first promise job, when one was and has been disabled), while no storage has
// been entered and no async hook enabled; and never again once either happens. With
// AsyncContextFrame storage (Node 24 and later), only when no code had obtained
// AsyncLocalStorage before the load. With --no-async-context-frame, constructing a storage
// (heaptimers makes one) enables a hook: never.
// Plain children: tap's own instrumentation may enable async hooks. Internal API on purpose:
// the state is invisible to programs (test/context-free.test.js checks what they see), only to
// their speed.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

const RUN = JSON.stringify(path.join(__dirname, '../../lib/async-context.js'))
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
  return childJSON(child, nodeArgs)
}

// Runs `source` in a plain child and returns the JSON it prints; throws when it fails.
function childJSON (source, nodeArgs = []) {
  const r = spawnSync(process.execPath, [...nodeArgs, '-e', source], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout)
}

const FRAMES = !('kResourceStore' in new (require('async_hooks').AsyncLocalStorage)())
const NEVER = { atLoad: false, inPromiseJob: false, afterLoad: false, after: false, capturedAfter: true }
const STARTED = { atLoad: true, inPromiseJob: true, afterLoad: true, after: true, capturedAfter: true }

t.test('starts at load', t => {
  t.same(states('', ''), STARTED)
  t.end()
})

// A storage entered and disabled again before load leaves Node's promise hook on for a while:
// the load cannot tell it from an enabled one, and the promise job starts it.
// With AsyncContextFrame storage, run() leaves a frame current (holding the prior store), and
// disable() only takes the storage out of it: a frame at load, so never.
t.test('starts in the promise job when a storage was disabled before load', t => {
  const before = 'const a = new (require("async_hooks").AsyncLocalStorage)(); a.run(1, () => {}); a.disable()'
  const started = { atLoad: false, inPromiseJob: true, afterLoad: true, after: true, capturedAfter: true }
  t.same(states(before, ''), FRAMES ? NEVER : started)
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
  t.test(`ends for good with ${what}`, t => {
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

t.test('ends in the promise job when a hook with no init was enabled before load', t => {
  t.same(states('require("async_hooks").createHook({ before () {} }).enable()', ''), ENDED_IN_JOB)
  t.end()
})

t.test('ends when a hook is enabled after load, before the promise job', t => {
  t.same(states('', '', { loaded: 'require("async_hooks").createHook({}).enable()' }), NEVER)
  t.end()
})

// Loaded from a callback, once the event loop runs: no code used AsyncLocalStorage before, so
// no store exists anywhere.
t.test('starts when loaded once the event loop runs', t => {
  const child = `setTimeout(() => {
    const run = require(${RUN})
    require(${INDEX})
    console.log(JSON.stringify(run.isContextFree()))
  }, 1)`
  t.equal(childJSON(child), true)
  t.end()
})

// With AsyncContextFrame storage, code that obtained AsyncLocalStorage before the load may have
// entered a store in a scope it has since left, where nothing can read it. With async_hooks
// storage, obtaining it is not using it: no hook is enabled until a store is entered.
t.test('AsyncLocalStorage obtained before load, not used', t => {
  const before = 'require("async_hooks").AsyncLocalStorage'
  t.same(states(before, ''), FRAMES ? NEVER : STARTED)
  t.end()
})

t.test('never with --no-async-context-frame', { skip: !FRAMES && 'this Node has no such flag' }, t => {
  t.same(states('', '', { nodeArgs: ['--no-async-context-frame'] }), NEVER)
  t.end()
})
