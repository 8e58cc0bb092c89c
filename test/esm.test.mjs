// The ESM face (lib/index.mjs, lib/promises.mjs) in this process: named
// imports work, share state with require(), and behave like native.
import t from 'tap'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const require = createRequire(import.meta.url)
const { sameResult, LIB, loadHeaptimers, onlyHeaptimers } = require('./helpers/impls.js')

t.test('ESM named exports are the CommonJS functions', onlyHeaptimers, async t => {
  let esm, esmP
  try {
    esm = await import(pathToFileURL(path.join(LIB, 'index.mjs')).href)
    esmP = await import(pathToFileURL(path.join(LIB, 'promises.mjs')).href)
  } catch (er) {
    t.fail('lib/index.mjs or lib/promises.mjs failed to load: ' + er.message)
    return
  }
  const cjs = loadHeaptimers().module
  for (const k of ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate',
    'promises', 'configure', 'install', 'uninstall', 'isInstalled', 'stats']) {
    t.equal(esm[k], cjs[k], `index.mjs ${k}`)
  }
  t.equal(esm.default, cjs, 'default export is the CommonJS module')
  for (const k of ['setTimeout', 'setImmediate', 'setInterval', 'scheduler']) {
    t.equal(esmP[k], cjs.promises[k], `promises.mjs ${k}`)
  }
  const h = esm.setTimeout(() => {}, 1000)
  t.equal(cjs.stats().timeouts, 1, 'a timer set through ESM is counted by the CommonJS stats()')
  cjs.clearTimeout(h)
  t.equal(esm.stats().timeouts, 0)
})

t.test('an ESM scenario behaves like native', async t => {
  await sameResult(t, 'order, args, promises', async T => {
    const out = []
    // Each step is queued by the one before it, so the order holds however late the loop runs:
    // an immediate queued by a timer's callback runs before any timer created there.
    await new Promise(resolve => {
      T.setTimeout(() => {
        out.push('t1')
        T.setImmediate(() => out.push('imm'))
        T.setTimeout((a, b) => { out.push(`t10 ${a} ${b}`); resolve() }, 10, 'x', 'y')
      }, 1)
    })
    out.push(await T.promises.setTimeout(1, 'p'))
    return out
  }, { expect: ['t1', 'imm', 't10 x y', 'p'] })
})
