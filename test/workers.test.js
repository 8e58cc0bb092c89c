'use strict'
// heaptimers in worker threads and in vm contexts. Each Worker loads its own copy of the
// library, with its own heap, native timer and counts: timers in one thread never reach
// another's, a Worker terminated with timers pending exits as a native one does, and one whose
// only timers are unref'd ends on its own. A vm context given the timer functions runs its
// callbacks, with the handle as `this`, as it does with Node's.

const t = require('tap')
const vm = require('node:vm')
const { Worker } = require('node:worker_threads')
const { sameResult, libFile } = require('./helpers/impls.js')

// The worker's program: its timers (the library's, or Node's, installed as globals when asked),
// then a report of what ran, in order, and of its own counts.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const T = workerData.lib ? require(workerData.lib) : require('node:timers')
if (workerData.install) T.install()
const log = []
const installed = globalThis.setTimeout === T.setTimeout
setTimeout(() => log.push('global 2ms'), 2)
T.setTimeout(function () { log.push('t1 ' + (this instanceof Object)) }, 1)
T.setImmediate((a) => log.push('immediate ' + a), 'x')
// The report is set by the interval's last run (a fixed time from the start could come before
// it on a stalled machine), due well after the 2 ms timeout and the immediate.
const report = () => parentPort.postMessage({ log, installed, pending, after: T.stats ? T.stats() : null })
const iv = T.setInterval(() => {
  log.push('interval')
  if (log.filter(e => e === 'interval').length === 3) {
    T.clearInterval(iv)
    if (workerData.mode === 'report') T.setTimeout(report, 30)
  }
}, 1)
const pending = T.stats ? T.stats() : null
if (workerData.mode === 'hang') {
  T.setTimeout(() => {}, 60000) // a ref'd timer: the worker ends only when terminated
  T.setImmediate(() => parentPort.postMessage('armed'))
} else if (workerData.mode === 'unref') {
  T.setTimeout(() => {}, 60000).unref()
}
`

function runWorker (T, mode, install = false) {
  const lib = T.isNative ? null : libFile('index.js')
  const worker = new Worker(WORKER, { eval: true, workerData: { lib, mode, install: install && !T.isNative } })
  const messages = []
  worker.on('message', (m) => messages.push(m))
  const exited = new Promise((resolve, reject) => {
    worker.on('exit', resolve)
    worker.on('error', reject)
  })
  return { worker, messages, exited }
}

t.test('a Worker keeps its own timers and counts; the main thread\'s are untouched', async t => {
  await sameResult(t, 'worker report', async T => {
    const mainRuns = []
    const mainTimer = T.setTimeout(() => mainRuns.push('main'), 5)
    const before = T.stats ? T.stats().timeouts : 1
    const { messages, exited } = runWorker(T, 'report', true)
    const code = await exited
    const [report] = messages
    const mainPending = T.stats ? T.stats().timeouts : 0
    await new Promise(resolve => T.setTimeout(resolve, 10))
    void mainTimer
    return {
      code,
      // what ran (their order across phases depends on how long the worker took to start)
      log: report.log.slice().sort(),
      installed: T.isNative ? true : report.installed,
      // the worker counts only its own: the global timeout, t1 and the interval, and one immediate
      counts: T.isNative ? { timeouts: 3, immediates: 1 } : { timeouts: report.pending.timeouts, immediates: report.pending.immediates },
      workerEmpty: T.isNative ? true : report.after.timeouts === 1 && report.after.immediates === 0, // the report's own timer
      mainCount: T.isNative ? 1 : before === 1 && mainPending === 0 ? 1 : `before ${before}, after ${mainPending}`,
      mainRuns,
    }
  }, {
    expect: {
      code: 0,
      log: ['global 2ms', 'immediate x', 'interval', 'interval', 'interval', 't1 true'],
      installed: true,
      counts: { timeouts: 3, immediates: 1 },
      workerEmpty: true,
      mainCount: 1,
      mainRuns: ['main'],
    },
  })
})

t.test('a Worker terminated with a ref\'d timer pending exits as a native one does', async t => {
  await sameResult(t, 'terminate', async T => {
    const { worker, messages, exited } = runWorker(T, 'hang')
    while (!messages.includes('armed')) await new Promise(resolve => setImmediate(resolve))
    await worker.terminate()
    return { code: await exited }
  }, { expect: { code: 1 } })
})

t.test('a Worker whose only pending timer is unref\'d ends by itself', async t => {
  await sameResult(t, 'unref ends', async T => {
    const { exited } = runWorker(T, 'unref')
    return { code: await exited }
  }, { expect: { code: 0 } })
})

t.test('timer functions handed to a vm context run its callbacks', async t => {
  await sameResult(t, 'vm context', async T => {
    const log = []
    const context = vm.createContext({
      log: (x) => log.push(x),
      setTimeout: T.setTimeout,
      setInterval: T.setInterval,
      setImmediate: T.setImmediate,
      clearTimeout: T.clearTimeout,
      clearInterval: T.clearInterval,
    })
    // Run from a timer's callback: the immediate comes first however late the loop runs (from
    // the scenario's start, a stall between two timer creations could let Node run the 1 ms
    // timeout in the same timers phase, before the immediate).
    await new Promise(resolve => T.setTimeout(() => {
      context.done = resolve
      vm.runInContext(`
        const h = setTimeout(function (a, b) { log('timeout ' + a + b + ' ' + (this === h)) }, 1, 'a', 'b')
        setImmediate(function () { log('immediate') })
        clearTimeout(setTimeout(() => log('cleared'), 1))
        let n = 0
        const iv = setInterval(() => { if (++n === 2) { clearInterval(iv); log('interval twice'); setTimeout(done, 5) } }, 2)
      `, context)
    }, 1))
    return log
  }, { expect: ['immediate', 'timeout ab true', 'interval twice'] })
})
