// The Pyodide study's scheduling strategies as implementations (-i channel, channel-per-call,
// post-task, pyodide:k=..,reuse=..): how the specs parse, what each strategy does with callbacks
// (order, arguments, clearing, the `delay <= k` rule), that an idle channel lets the process exit,
// rows a strategy does not cover reading n/a, and bad options exiting 2.
'use strict'

const t = require('tap')
const { spawnSync } = require('child_process')
const implSpec = require('../../bench/child/impl-spec')
const strategies = require('../../bench/child/strategies')
const { cli, FAST } = require('./fixtures/helpers')

const natives = { setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate }
const timersOf = (text) => strategies.timers(implSpec.parse(text), natives)

// Resolves once `count` callbacks pushed into `seen`, or after a second with what there is.
function collect (seen, count) {
  return new Promise((resolve) => {
    const started = Date.now()
    const poll = () => (seen.length >= count || Date.now() - started > 1000 ? resolve(seen) : setTimeout(poll, 2))
    poll()
  })
}

t.test('specs: names, pyodide options, and bad ones', async (t) => {
  t.same(implSpec.parse('pyodide:k=0,reuse=true'), { id: 'pyodide:k=0,reuse=true', name: 'pyodide', options: { k: 0, reuse: true } })
  t.same(implSpec.parse('channel-per-call'), { id: 'channel-per-call', name: 'channel-per-call', options: {} })
  t.same(implSpec.splitList('native,pyodide:k=16,reuse=false,channel'), ['native', 'pyodide:k=16,reuse=false', 'channel'])
  t.throws(() => implSpec.parse('channel:k=1'), /implementation 'channel' takes no options \(got 'channel:k=1'\)/)
  t.throws(() => implSpec.parse('pyodide:j=1'), /unknown option 'j' in implementation 'pyodide:j=1' \(valid: k, reuse\)/)
  t.throws(() => implSpec.parse('pyodide:k=-1'), /bad value '-1' for k .*\(valid: an integer >= 0\)/)
  t.throws(() => implSpec.parse('pyodide:reuse=yes'), /bad value 'yes' for reuse .*\(valid: true, false\)/)
  t.throws(() => implSpec.parse('postTask'), /valid: .*channel, channel-per-call, post-task, pyodide:k=<integer>,reuse=<true\|false>/)
})

for (const name of ['channel', 'channel-per-call']) {
  t.test(`${name}: immediates run in order with their arguments; a cleared one never runs`, async (t) => {
    const T = timersOf(name)
    t.notOk(T.setTimeout, 'an immediate strategy only')
    const seen = []
    T.setImmediate((a, b) => seen.push(`a${a}${b}`), 1, 2)
    const dropped = T.setImmediate(() => seen.push('dropped'))
    T.setImmediate(() => {
      seen.push('c')
      T.setImmediate(() => seen.push('queued from a callback'))
    })
    T.clearImmediate(dropped)
    T.clearImmediate(undefined)
    await collect(seen, 3)
    // Separate channels promise no order among themselves: per call, only which ran counts.
    t.same(name === 'channel' ? seen : [...seen].sort(), ['a12', 'c', 'queued from a callback'])
  })
}

t.test('an idle reused channel does not keep the process alive', async (t) => {
  const code = `const s = require(${JSON.stringify(require.resolve('../../bench/child/strategies'))})
    const T = s.timers({ name: 'channel', options: {} }, { setTimeout, clearTimeout })
    T.setImmediate(() => { console.log('ran'); T.setImmediate(() => console.log('ran again')) })`
  const res = spawnSync(process.execPath, ['-e', code], { encoding: 'utf8', timeout: 10000 })
  t.equal(res.status, 0, res.stderr)
  t.equal(res.stdout, 'ran\nran again\n', 'ran, then exited by itself')
})

t.test('pyodide: delay <= k takes the channel; longer delays are native timeouts', async (t) => {
  for (const reuse of [false, true]) {
    const T = timersOf(`pyodide:k=2,reuse=${reuse}`)
    const seen = []
    const started = performance.now()
    const late = T.setTimeout(() => seen.push(['3 ms', performance.now() - started]), 3)
    t.equal(typeof late.refresh, 'function', 'delay 3 > k: a Node Timeout')
    const short = T.setTimeout((x) => seen.push([`2 ms ${x}`, performance.now() - started]), 2, 'arg')
    t.notOk(short.refresh, 'delay 2 <= k: a task on the channel')
    T.clearTimeout(T.setTimeout(() => seen.push(['cleared', 0]), 0))
    T.clearTimeout(T.setTimeout(() => seen.push(['cleared native', 0]), 50))
    await collect(seen, 2)
    await new Promise((resolve) => setTimeout(resolve, 60))
    // Which runs first is the machine's business (a loaded one can take 3 ms to deliver a message).
    t.same(seen.map((s) => s[0]).sort(), ['2 ms arg', '3 ms'], `reuse=${reuse}: both ran, nothing cleared ran`)
    // A channel task fires in well under 1 ms. Node's 3 ms timeout can fire early by as much as
    // its loop clock is stale (a whole millisecond and more on a loaded machine), so >= 1 ms.
    const waited = seen.find((s) => s[0] === '3 ms')[1]
    t.ok(waited >= 1, `the 3 ms timeout went to native setTimeout: it waited ${waited.toFixed(2)} ms`)
  }
  const strict = timersOf('pyodide:k=0')
  t.ok(strict.setTimeout(() => {}, 1).refresh, 'k=0: setTimeout(f, 1) stays a native timeout')
  t.notOk(strict.setTimeout(() => {}).refresh, 'k=0: no delay is 0, the channel')
})

t.test('post-task: n/a where the runtime has no scheduler.postTask', async (t) => {
  const T = timersOf('post-task')
  if (globalThis.scheduler && typeof globalThis.scheduler.postTask === 'function') {
    const seen = []
    T.setImmediate(() => seen.push('ran'))
    return t.same(await collect(seen, 1), ['ran'])
  }
  t.throws(() => T.setImmediate(() => {}), { kind: 'n/a', message: `scheduler.postTask() does not exist in Node ${process.version}` })
})

t.test('in a run: numbers where a strategy covers the row, n/a with the reason elsewhere; bad options exit 2', async (t) => {
  const res = await cli([...FAST, '-i', 'native,channel,pyodide:k=0,reuse=true', '-s', 'accuracy-early,immediate-recursion', '-f', 'json'])
  t.equal(res.code, 0, res.stderr)
  const cell = (impl, scenario) => JSON.parse(res.stdout).results.find((r) => r.impl === impl && r.scenario === scenario)
  t.ok(cell('channel', 'immediate-recursion').median > 0, 'channel: an immediate row measured')
  t.same(cell('channel', 'accuracy-early').error, { kind: 'n/a', message: 'channel exports no setTimeout()' })
  t.ok(cell('pyodide:k=0,reuse=true', 'accuracy-early').median >= 0, 'pyodide: the accuracy row measured')
  t.same(cell('pyodide:k=0,reuse=true', 'immediate-recursion').error, { kind: 'n/a', message: 'pyodide:k=0,reuse=true exports no setImmediate()' })

  const bad = await cli([...FAST, '-i', 'native,pyodide:k=fast', '-s', 'accuracy-early'])
  t.equal(bad.code, 2)
  t.match(bad.stderr, /bad value 'fast' for k in implementation 'pyodide:k=fast' \(valid: an integer >= 0\)/)
  t.equal(bad.stderr.trim().split('\n').length, 1, 'one line')
})
