'use strict'
// install() / uninstall() / isInstalled(), lib/register.js, and ESM named
// imports after install. In-process checks are synchronous (install, look,
// uninstall) so tap's own timers never run on heaptimers; everything that
// runs a program goes to a child process.

const t = require('tap')
const path = require('node:path')
const { loadHeaptimers, LIB, native, onlyHeaptimers } = require('./helpers/impls.js')
const { runNode, fixture } = require('./helpers/child.js')

const NAMES = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate']
const PNAMES = ['setTimeout', 'setImmediate', 'setInterval', 'scheduler']
const register = path.join(LIB, 'register.js')

function snapshot () {
  const timers = require('node:timers')
  const tp = require('node:timers/promises')
  return {
    global: Object.fromEntries(NAMES.map(n => [n, globalThis[n]])),
    timers: Object.fromEntries(NAMES.map(n => [n, timers[n]])),
    promises: Object.fromEntries(PNAMES.map(n => [n, tp[n]])),
  }
}

function sameRefs (t, a, b, msg) {
  for (const part of Object.keys(a)) {
    for (const k of Object.keys(a[part])) {
      t.equal(a[part][k], b[part][k], `${msg}: ${part}.${k}`)
    }
  }
}

t.test('install/uninstall swap globals, require("timers") and timers/promises, and restore the identical originals', onlyHeaptimers, t => {
  const H = loadHeaptimers().module
  const before = snapshot()
  t.equal(H.isInstalled(), false, 'not installed at start')
  let during, duringTwice, installedFlag
  try {
    H.install()
    during = snapshot()
    installedFlag = H.isInstalled()
    H.install() // idempotent
    duringTwice = snapshot()
  } finally {
    H.uninstall()
  }
  const after = snapshot()
  H.uninstall() // idempotent
  const afterTwice = snapshot()

  t.equal(installedFlag, true, 'isInstalled() while installed')
  t.equal(H.isInstalled(), false, 'isInstalled() after uninstall')
  for (const n of NAMES) {
    t.equal(during.global[n], H[n], `globalThis.${n} is heaptimers'`)
    t.equal(during.timers[n], H[n], `require('timers').${n} is heaptimers'`)
  }
  for (const n of PNAMES) t.equal(during.promises[n], H.promises[n], `require('timers/promises').${n} is heaptimers'`)
  sameRefs(t, duringTwice, during, 'second install changes nothing')
  sameRefs(t, after, before, 'uninstall restores the originals')
  sameRefs(t, afterTwice, before, 'second uninstall changes nothing')
  t.equal(globalThis.setTimeout, native.setTimeout, 'global setTimeout is native again')
  t.end()
})

t.test('uninstall restores a program\'s own wrapper that was in place at install time', onlyHeaptimers, t => {
  const H = loadHeaptimers().module
  const original = globalThis.setTimeout
  const wrapper = function setTimeout (...args) { return original(...args) }
  globalThis.setTimeout = wrapper
  try {
    H.install()
    t.equal(globalThis.setTimeout, H.setTimeout, 'installed over the wrapper')
    H.uninstall()
    t.equal(globalThis.setTimeout, wrapper, 'wrapper restored, not native')
  } finally {
    H.uninstall()
    globalThis.setTimeout = original
  }
  t.end()
})

t.test('the library captured native functions at load: replacing globals later does not break it', onlyHeaptimers, async t => {
  const r = await runNode(['-e', `
    const H = require(${JSON.stringify(path.join(LIB, 'index.js'))})
    globalThis.setTimeout = () => { throw new Error('hijacked setTimeout') }
    globalThis.setImmediate = () => { throw new Error('hijacked setImmediate') }
    globalThis.clearTimeout = () => { throw new Error('hijacked clearTimeout') }
    globalThis.process.nextTick = process.nextTick // untouched
    const out = []
    H.setTimeout(() => out.push('timeout'), 50) // the immediate first, unless start-up stalls 50 ms
    H.setImmediate(() => out.push('immediate'))
    const c = H.setTimeout(() => out.push('never'), 5)
    H.clearTimeout(c)
    H.promises.setTimeout(100, 'promise').then(v => { out.push(v); console.log(out.join(',')) })
  `])
  t.equal(r.code, 0, 'exits 0', { stderr: r.stderr })
  t.equal(r.stdout.trim(), 'immediate,timeout,promise')
})

t.test('node -r lib/register.js: every API gives the same output as native', onlyHeaptimers, async t => {
  const plain = await runNode([fixture('all-apis.js')], { timeout: 30000 })
  t.equal(plain.code, 0, 'plain run exits 0', { stderr: plain.stderr })
  t.match(plain.stderr, /^impl: native timers-module: native promises: native$/m, 'plain run is native')
  t.match(plain.stdout, /^exit 0$/m, 'plain run logged to the end')

  for (const flag of ['-r', '--import']) {
    await t.test(`${flag} ${path.relative(process.cwd(), register)}`, async t => {
      const reg = await runNode([flag, register, fixture('all-apis.js')], { timeout: 30000 })
      t.equal(reg.code, plain.code, 'same exit code', { stderr: reg.stderr })
      t.match(reg.stderr, /^impl: heaptimers timers-module: heaptimers promises: heaptimers$/m, 'heaptimers actually ran')
      t.equal(reg.stdout, plain.stdout, 'same stdout as native')
      const warn = s => s.split('\n').filter(l => /Warning/.test(l)).map(l => l.replace(/\(node:\d+\)/, '(node:PID)'))
      t.same(warn(reg.stderr), warn(plain.stderr), 'same printed warnings')
    })
  }
})

t.test('ESM named imports from node:timers after install', onlyHeaptimers, async t => {
  const plain = await runNode([fixture('esm-named.mjs')])
  t.equal(plain.code, 0, 'plain run exits 0', { stderr: plain.stderr })
  t.same(JSON.parse(plain.stderr.split('\n')[0]), {
    named: 'native', namedImmediate: 'native', namespace: 'native', default: 'native', global: 'native', promises: 'native',
  }, 'plain: native bindings')
  for (const flag of ['--import', '-r']) {
    await t.test(`${flag} register`, async t => {
      const r = await runNode([flag, register, fixture('esm-named.mjs')])
      t.equal(r.code, 0, 'exits 0', { stderr: r.stderr })
      let which = null
      try { which = JSON.parse(r.stderr.split('\n')[0]) } catch {}
      t.same(which, {
        named: 'heaptimers', namedImmediate: 'heaptimers', namespace: 'heaptimers', default: 'heaptimers', global: 'heaptimers', promises: 'heaptimers',
      }, 'named, namespace, default, global and promises bindings are heaptimers\'', { stderr: r.stderr })
      t.equal(r.stdout, plain.stdout, 'same output as native')
    })
  }

  await t.test('install()/uninstall() at run time update live ESM bindings', async t => {
    const r = await runNode([fixture('esm-install-runtime.mjs')])
    t.equal(r.code, 0, 'exits 0', { stderr: r.stderr })
    const line = r.stdout.split('\n').find(l => l.startsWith('RESULT '))
    t.same(line && JSON.parse(line.slice(7)), {
      before: { named: true, installed: false },
      installed: {
        isInstalled: true, namedIsHeaptimers: true, promisesNamedIsHeaptimers: true, dynamicIsHeaptimers: true, dynamicPromises: true, globalIsHeaptimers: true,
      },
      ran: 'named setTimeout ran',
      uninstalled: { isInstalled: false, namedRestored: true, promisesRestored: true, globalRestored: true },
    })
  })
})

t.test('require and import share one instance', onlyHeaptimers, async t => {
  const r = await runNode(['--input-type=module', '-e', `
    import { createRequire } from 'node:module'
    import * as esm from ${JSON.stringify(new URL('file://' + path.join(LIB, 'index.mjs')).href)}
    import esmP from ${JSON.stringify(new URL('file://' + path.join(LIB, 'promises.mjs')).href)}
    const require = createRequire(import.meta.url)
    const cjs = require(${JSON.stringify(path.join(LIB, 'index.js'))})
    const cjsP = require(${JSON.stringify(path.join(LIB, 'promises.js'))})
    const names = ['setTimeout','clearTimeout','setInterval','clearInterval','setImmediate','clearImmediate','configure','install','uninstall','isInstalled','stats']
    const same = names.filter(n => esm[n] !== cjs[n])
    esm.setTimeout(() => {}, 1000)
    console.log(JSON.stringify({ differ: same, sharedState: cjs.stats().timeouts, defaultIsCjs: esm.default === cjs,
      promises: esmP.setTimeout === cjsP.setTimeout && cjs.promises.setTimeout === cjsP.setTimeout }))
    process.exit(0)
  `])
  t.equal(r.code, 0, 'exits 0', { stderr: r.stderr })
  t.same(JSON.parse(r.stdout), { differ: [], sharedState: 1, defaultIsCjs: true, promises: true })
})

t.test('timers pending across install() and uninstall() keep running on their own implementation', onlyHeaptimers, async t => {
  const r = await runNode(['-e', `
    const H = require(${JSON.stringify(path.join(LIB, 'index.js'))})
    const out = []
    // the timeouts 50 ms apart (the immediate's place depends on how fast the process starts)
    const a = setTimeout(() => out.push('native before install'), 50)
    const keep = setTimeout(() => out.push('never: native cleared after install'), 50)
    H.install()
    const b = setTimeout(() => out.push('heaptimers while installed'), 100)
    const c = setImmediate(() => out.push('heaptimers immediate'))
    clearTimeout(keep) // heaptimers' clearTimeout given a native Timeout
    H.uninstall()
    const d = setTimeout(() => out.push('native after uninstall'), 150)
    setTimeout(() => console.log(out.join('|')), 250)
  `])
  t.equal(r.code, 0, 'exits 0', { stderr: r.stderr })
  const ran = r.stdout.trim().split('|')
  t.ok(ran.includes('heaptimers immediate'), 'the immediate ran')
  t.same(ran.filter((x) => x !== 'heaptimers immediate'), ['native before install', 'heaptimers while installed', 'native after uninstall'])
})
