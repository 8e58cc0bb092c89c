'use strict'
// A Timeout keeps its id number inside `_flags` while it fits a small integer (2^24 - 1 ids);
// later ids live in a WeakMap. This walks a process past that boundary (in a child, about 5 s)
// and checks ids stay unique, stable per timer, usable by clearTimeout, and released.
const t = require('tap')
const { spawnSync } = require('child_process')
const path = require('path')

const child = `
const ht = require(${JSON.stringify(path.join(__dirname, '../../lib/index.js'))})
const BOUNDARY = 2 ** 24 - 1
const seen = []
let last = 0
for (let i = 0; i < BOUNDARY + 3; i++) {
  const timer = ht.setTimeout(() => {}, 1000)
  const id = +timer
  if (id <= last) throw new Error('ids not increasing at ' + i)
  last = id
  if (i >= BOUNDARY - 2) seen.push(timer)
  else ht.clearTimeout(id)
}
const result = seen.map(timer => {
  const id = +timer
  const stable = +timer === id && String(timer[Symbol.toPrimitive]()) === String(id)
  ht.clearTimeout(String(id))
  return { stable, cleared: timer._destroyed, idAfterClear: +timer === id }
})
const fired = []
const late = ht.setTimeout(() => fired.push('late'), 1)
const lateId = +late
setTimeout(() => {
  console.log(JSON.stringify({ result, fired, sameAfterFire: +late === lateId, stats: ht.stats() }))
}, 30)
`

t.test('ids past the packed range', t => {
  const r = spawnSync(process.execPath, ['-e', child], { encoding: 'utf8', timeout: 120000 })
  t.equal(r.status, 0, 'child exits 0', { stderr: r.stderr })
  const out = JSON.parse(r.stdout)
  t.equal(out.result.length, 5, 'timers on both sides of the boundary')
  for (const x of out.result) t.same(x, { stable: true, cleared: true, idAfterClear: true })
  t.same(out.fired, ['late'], 'a timer with a late id fires')
  t.ok(out.sameAfterFire, 'its id is kept after it fired')
  t.same(out.stats, { timeouts: 0, immediates: 0, refed: 0 }, 'nothing left registered or pending')
  t.end()
})
