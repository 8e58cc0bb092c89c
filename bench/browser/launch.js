// Starting and stopping a browser for one cell through puppeteer-core, which timerbench does not
// depend on: the CLI finds it in the user's project or its cache (bench/cli/impl-modules.js) and
// passes its directory. Chromium, Chrome and Firefox are driven alike (Firefox over WebDriver
// BiDi). Each cell gets a fresh browser with a fresh profile and HOME in a temporary directory, so
// nothing a page leaves behind reaches the next cell, and a launch is bounded in time.
'use strict'

const fs = require('fs')
const os = require('os')
const path = require('path')
const { cleanEnv } = require('../cli/child-env')

const LAUNCH_TIMEOUT_MS = 30000
const CLOSE_TIMEOUT_MS = 5000
// Chromium's connections to Google's services fail on a closed network and cost it time at every
// start; the GPU is of no use to timers. As root, Chromium starts only without its sandbox.
const CHROMIUM_ARGS = ['--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic']

const loaded = new Map()

/** puppeteer-core from its package directory; the error names the directory when it will not load. */
function puppeteer (dir) {
  if (!loaded.has(dir)) loaded.set(dir, require(dir))
  return loaded.get(dir)
}

function args (driver) {
  if (driver !== 'chrome') return []
  const root = typeof process.getuid === 'function' && process.getuid() === 0
  return root ? [...CHROMIUM_ARGS, '--no-sandbox'] : CHROMIUM_ARGS
}

function withTimeout (promise, ms, message) {
  let timer
  return Promise.race([
    promise,
    new Promise((resolve, reject) => { timer = setTimeout(() => reject(new Error(message)), ms) })
  ]).finally(() => clearTimeout(timer))
}

/**
 * Launches the browser of `node` ({ path, driver: 'chrome' | 'firefox', version }) with puppeteer
 * from `driverDir`. Resolves { browser, close() } (close never rejects and kills what does not
 * close in time); rejects with why the launch failed or that it did not finish in timeoutMs.
 */
async function launch (node, driverDir, { timeoutMs = LAUNCH_TIMEOUT_MS } = {}) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'timerbench-browser-'))
  const remove = () => fs.rmSync(home, { recursive: true, force: true })
  let browser
  try {
    const pptr = puppeteer(driverDir)
    browser = await withTimeout(pptr.launch({
      browser: node.driver,
      executablePath: node.path,
      headless: true,
      args: args(node.driver),
      userDataDir: path.join(home, 'profile'),
      env: { ...cleanEnv(process.env), HOME: home },
      timeout: timeoutMs,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false
    }), timeoutMs + 1000, `no answer within ${timeoutMs / 1000} s`)
  } catch (err) {
    killLeftovers(home)
    remove()
    throw err
  }
  const child = browser.process()
  async function close () {
    try {
      await withTimeout(browser.close(), CLOSE_TIMEOUT_MS, 'close timed out')
    } catch {
      if (child && child.exitCode === null) child.kill('SIGKILL')
    }
    remove()
  }
  return { browser, close }
}

// A launch that failed may leave its browser running: puppeteer kills it only once its own
// timeout fires, which a loaded machine can delay by seconds, and not at all when ours fired
// first. Every process of this launch has the launch's private HOME in its environment (a
// browser's helpers inherit it, and it survives an exec), so those are killed here. Linux only
// (/proc); elsewhere puppeteer's own kill stands.
function killLeftovers (home) {
  let pids
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^[0-9]+$/.test(name))
  } catch {
    return
  }
  const entry = `\0HOME=${home}\0`
  for (const pid of pids) {
    try {
      if (('\0' + fs.readFileSync(`/proc/${pid}/environ`, 'latin1')).includes(entry)) process.kill(Number(pid), 'SIGKILL')
    } catch {} // gone meanwhile, or not ours to read
  }
}

module.exports = { launch, puppeteer, args, LAUNCH_TIMEOUT_MS }
