'use strict'
// The implementations under test, and the ways tests run the same scenario
// against each of them.
//
// Native timers are the oracle: every scenario runs first on native timers,
// then on heaptimers, one after the other (never both implementations' timers
// pending at once in one process), and the results are compared.
//
// Environment:
//   HEAPTIMERS_LIB    directory holding the library (default <repo>/lib)
//   HEAPTIMERS_IMPLS  comma-separated subset of "native,heaptimers" to run
//                     (default both); anything skipped is reported with t.comment
//                     so a partial run is never mistaken for a full one.

const path = require('node:path')
const fs = require('node:fs')
const util = require('node:util')

const ROOT = path.resolve(__dirname, '..', '..')
const LIB = path.resolve(process.env.HEAPTIMERS_LIB || path.join(ROOT, 'lib'))
const FIXTURES = path.join(ROOT, 'test', 'fixtures')

// Captured at load time, before any test could install() anything.
const nativeTimers = require('node:timers')
const nativePromises = require('node:timers/promises')

const native = Object.freeze({
  name: 'native',
  isNative: true,
  setTimeout: nativeTimers.setTimeout,
  clearTimeout: nativeTimers.clearTimeout,
  setInterval: nativeTimers.setInterval,
  clearInterval: nativeTimers.clearInterval,
  setImmediate: nativeTimers.setImmediate,
  clearImmediate: nativeTimers.clearImmediate,
  promises: nativePromises,
  // Native has no pending counters; scenarios that need them check `T.stats`.
  stats: undefined,
  module: nativeTimers,
})

let heaptimers = null
// Set when a heaptimers scenario hung: its timers may still be pending and
// its state is suspect, so later heaptimers variants in this process fail
// fast (naming the culprit) instead of each waiting for its own timeout.
let poisoned = null

// A scenario that has not settled after this long has hung (a lost
// callback). Generous: a loaded 2-core machine is slow, not that slow.
const SCENARIO_TIMEOUT_MS = Number(process.env.HEAPTIMERS_SCENARIO_TIMEOUT_MS) || 15000

function libFile (name) {
  return path.join(LIB, name)
}

// Loads heaptimers lazily. When the library is missing or broken this throws
// an error that names the file, so every heaptimers variant fails loudly
// instead of being skipped.
function loadHeaptimers () {
  if (poisoned) throw new Error(`heaptimers not run: an earlier scenario in this process hung (${poisoned})`)
  if (heaptimers) return heaptimers
  const file = libFile('index.js')
  if (!fs.existsSync(file)) {
    throw new Error(`heaptimers is not available: ${file} does not exist`)
  }
  let m
  try {
    m = require(file)
  } catch (er) {
    throw new Error(`heaptimers failed to load from ${file}: ${er && er.stack}`)
  }
  const missing = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval',
    'setImmediate', 'clearImmediate'].filter(k => typeof m[k] !== 'function')
  if (missing.length) {
    throw new Error(`heaptimers (${file}) does not export: ${missing.join(', ')}`)
  }
  heaptimers = Object.freeze({
    name: 'heaptimers',
    isNative: false,
    setTimeout: m.setTimeout,
    clearTimeout: m.clearTimeout,
    setInterval: m.setInterval,
    clearInterval: m.clearInterval,
    setImmediate: m.setImmediate,
    clearImmediate: m.clearImmediate,
    promises: m.promises,
    stats: m.stats,
    module: m,
  })
  return heaptimers
}

const ALL = [
  { name: 'native', load: () => native },
  { name: 'heaptimers', load: loadHeaptimers },
]

function selectedImpls () {
  const want = process.env.HEAPTIMERS_IMPLS
  if (!want) return ALL
  const names = want.split(',').map(s => s.trim()).filter(Boolean)
  return ALL.filter(i => names.includes(i.name))
}

// tap options for tests that exercise heaptimers alone: skipped, visibly,
// when HEAPTIMERS_IMPLS leaves heaptimers out.
function heaptimersSelected () {
  return selectedImpls().some(i => i.name === 'heaptimers')
}
const onlyHeaptimers = heaptimersSelected() ? {} : { skip: 'heaptimers not selected (HEAPTIMERS_IMPLS)' }

function noteSkipped (t) {
  const sel = selectedImpls().map(i => i.name)
  const skipped = ALL.map(i => i.name).filter(n => !sel.includes(n))
  if (skipped.length) t.comment(`HEAPTIMERS_IMPLS=${process.env.HEAPTIMERS_IMPLS}: not running ${skipped.join(', ')}`)
}

// Waits until the implementation has nothing pending (heaptimers: stats() at
// zero; native: one full loop turn plus a short timer). Used between variants
// so one implementation's leftovers never overlap the next one's run.
async function quiesce (T) {
  await new Promise(resolve => native.setImmediate(resolve))
  await new Promise(resolve => native.setTimeout(resolve, 2))
}

// Runs fn(); rejects if it has not settled within ms. A heaptimers hang
// poisons heaptimers for the rest of the process (see `poisoned`).
async function bounded (implName, label, fn, ms = SCENARIO_TIMEOUT_MS) {
  // Start every scenario at the same point of a loop turn (a microtask of a
  // native timer callback, i.e. in the timers phase), so that orders which
  // depend on the phase a program starts in (an immediate vs a 1 ms timer
  // queued together) are the same for every implementation and every run.
  await new Promise(resolve => native.setTimeout(resolve, 1))
  let timer
  const timeout = new Promise((resolve, reject) => {
    timer = native.setTimeout(() => {
      if (implName === 'heaptimers') poisoned = label
      reject(new Error(`${implName}: "${label}" did not finish within ${ms} ms (a callback was lost or the loop hung)`))
    }, ms)
  })
  try {
    return await Promise.race([Promise.resolve().then(fn), timeout])
  } finally {
    native.clearTimeout(timer)
  }
}

function pendingOf (T) {
  if (T && typeof T.stats === 'function') return T.stats()
  return null
}

// Runs `fn(t, T)` once per implementation, as sequential subtests named
// "<title> [native]" and "<title> [heaptimers]". Assertions live in fn.
// For heaptimers, after fn resolves, stats() must be back at zero unless
// opts.allowPending is set.
async function forEachImpl (t, title, fn, opts = {}) {
  noteSkipped(t)
  const { allowPending, timeoutMs, ...tapOpts } = opts
  for (const impl of selectedImpls()) {
    await t.test(`${title} [${impl.name}]`, tapOpts, async t => {
      const T = impl.load()
      await bounded(impl.name, title, () => fn(t, T), timeoutMs)
      await quiesce(T)
      const p = pendingOf(T)
      if (p && !allowPending) {
        t.same(p, { timeouts: 0, immediates: 0, refed: 0 }, 'nothing left pending (stats)')
      }
    })
  }
}

// Runs `scenario(T, t)` under each implementation (sequentially) and asserts
// that heaptimers' result deep-equals native's. If opts.expect is given, the
// native result must also equal it (documents what the scenario shows, and
// catches scenarios that do not test what they claim). opts.expect may be a
// function (nativeResult, t) => void for custom checks on native's result.
// Resolves to { native, heaptimers } results (undefined where not run).
async function sameResult (t, title, scenario, opts = {}) {
  const results = {}
  const { expect, allowPending, compare, timeoutMs, ...tapOpts } = opts
  await t.test(title, tapOpts, async t => {
    noteSkipped(t)
    for (const impl of selectedImpls()) {
      await t.test(impl.name, async t => {
        const T = impl.load()
        const r = await bounded(impl.name, title, () => scenario(T, t), timeoutMs)
        results[impl.name] = r
        await quiesce(T)
        if (impl.name === 'native' && expect !== undefined) {
          if (typeof expect === 'function') expect(r, t)
          else t.same(r, expect, 'native result is the documented one')
        }
        const p = pendingOf(T)
        if (p && !allowPending) {
          t.same(p, { timeouts: 0, immediates: 0, refed: 0 }, 'nothing left pending (stats)')
        }
        t.pass(`${impl.name} scenario ran`)
      })
    }
    if ('native' in results && 'heaptimers' in results) {
      if (compare) compare(t, results.heaptimers, results.native)
      else t.same(results.heaptimers, results.native, 'heaptimers result equals native')
    }
  })
  return results
}

// Error shape as tests compare it.
function errorShape (er) {
  if (!(er instanceof Error) && (typeof er !== 'object' || er === null)) {
    return { thrown: describe(er) }
  }
  return {
    class: er.constructor && er.constructor.name,
    name: er.name,
    code: er.code,
    message: er.message,
    isTypeError: er instanceof TypeError,
    isRangeError: er instanceof RangeError,
    // Node's own errors print their code here too ("TypeError [ERR_X]: ...")
    string: safeString(er),
    stackHeader: typeof er.stack === 'string' ? er.stack.split('\n')[0] : undefined,
  }
}

function safeString (er) {
  try { return String(er) } catch (e) { return `String() threw ${e && e.name}` }
}

// Calls fn; returns { ok: value } or { error: errorShape }.
function capture (fn) {
  try {
    return { ok: fn() }
  } catch (er) {
    return { error: errorShape(er) }
  }
}

// Like capture for async functions: also catches a synchronous throw
// separately, since "rejects" and "throws" are different behaviours.
async function captureAsync (fn) {
  let p
  try {
    p = fn()
  } catch (er) {
    return { syncError: errorShape(er) }
  }
  try {
    return { ok: await p }
  } catch (er) {
    return { rejected: errorShape(er) }
  }
}

function describe (v) {
  if (typeof v === 'symbol') return v.toString()
  if (typeof v === 'bigint') return `${v}n`
  if (typeof v === 'string') return JSON.stringify(v)
  if (Object.is(v, -0)) return '-0'
  return util.inspect(v, { depth: 1, breakLength: Infinity })
}

const sleep = ms => new Promise(resolve => native.setTimeout(resolve, ms))
const nextTurn = () => new Promise(resolve => native.setImmediate(resolve))

// Captures process 'warning' events emitted while fn runs (plus a turn, since
// process.emitWarning emits on nextTick). Native's negative/NaN warnings are
// once per process: only use this for warnings that are emitted every time.
async function captureWarnings (fn) {
  const seen = []
  const on = w => seen.push({ name: w.name, message: w.message })
  process.on('warning', on)
  try {
    await fn()
    await nextTurn()
    await nextTurn()
  } finally {
    process.removeListener('warning', on)
  }
  return seen
}

function nodeMajor () {
  return Number(process.versions.node.split('.')[0])
}

// Which of the two versions of node:timers/promises' validation native has (lib/promises.js
// describes both): the newer (Node 22 on, 20 since a backport) reads the options inside a try,
// so a getter that throws rejects the promise instead of throwing. Neither creates a timer here.
const nativeValidatesInsideTry = (() => {
  try {
    nativePromises.setTimeout(1, undefined, { get signal () { throw new Error('probe') } }).catch(() => {})
    return true
  } catch {
    return false
  }
})()

// Whether native's promise timers listen to an AbortSignal so that another listener's
// stopImmediatePropagation() cannot stop them: from Node 18.18 and 20.5, which brought
// events.addAbortListener() for that.
const nativeAbortListenersResist = typeof require('node:events').addAbortListener === 'function'

// Whether native empties what a cleared timer holds (`_onTimeout` / `_onImmediate` and the
// arguments, to undefined): Node 24.21 and 26 do, older Nodes null the callback and keep the
// arguments. Read from native's own cleared timers, as the tests' oracle.
const nativeEmptiesCleared = (() => {
  const timeout = native.setTimeout(() => {}, 60000, 'arg')
  native.clearTimeout(timeout)
  const immediate = native.setImmediate(() => {}, 'arg')
  native.clearImmediate(immediate)
  return timeout._onTimeout === undefined && timeout._timerArgs === undefined &&
    immediate._onImmediate === undefined && immediate._argv === undefined
})()

// Whether native clearImmediate skips an immediate whose `_onImmediate` a program emptied (Node
// 24 on; older Nodes clear it). Read from a native immediate, put back and cleared after.
const nativeClearSkipsEmptied = (() => {
  const noop = () => {}
  const immediate = native.setImmediate(noop)
  immediate._onImmediate = undefined
  native.clearImmediate(immediate)
  const skipped = !immediate._destroyed
  immediate._onImmediate = noop
  native.clearImmediate(immediate)
  return skipped
})()

module.exports = {
  ROOT,
  LIB,
  FIXTURES,
  libFile,
  native,
  loadHeaptimers,
  selectedImpls,
  heaptimersSelected,
  onlyHeaptimers,
  bounded,
  forEachImpl,
  sameResult,
  errorShape,
  capture,
  captureAsync,
  captureWarnings,
  describe,
  sleep,
  nextTurn,
  nodeMajor,
  nativeValidatesInsideTry,
  nativeAbortListenersResist,
  nativeEmptiesCleared,
  nativeClearSkipsEmptied,
}
