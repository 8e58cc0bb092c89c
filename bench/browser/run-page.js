// Runs one benchmark child in a browser page, as spawn-child.js runs one in a process: a loopback
// server (server.js) for the page, a fresh browser (launch.js), the page opened, then whatever
// comes first of the child's exit, the browser going away and the timeout. The outcome is the
// same { run, node } or { error } a process child gives, read by the same verdict, plus what the
// page reported of itself (cross-origin isolation, the clock's resolution). Never rejects.
'use strict'

const path = require('path')
const protocol = require('../child/protocol')
const { verdict } = require('../cli/verdict')
const { CHILD, ROOT } = require('../cli/paths')
const server = require('./server')
const { launch, LAUNCH_TIMEOUT_MS } = require('./launch')

function firstLine (err) {
  return String((err && err.message) || err).split('\n')[0]
}

// The directories a page may require from: timerbench's tree and those of the files the spec names.
function rootsOf (spec) {
  const roots = [ROOT]
  for (const file of [spec.modulePath, spec.libPath]) if (file) roots.push(path.dirname(file))
  return roots
}

/**
 * node: { path, runtime, release, version, driver } (resolve.js). spec: the child spec.
 * timeoutMs: from when the browser has started. driverDir: puppeteer-core's directory.
 * Resolves { run, node, page } or { error, page }.
 */
async function runPageChild (node, spec, timeoutMs, { driverDir, launchTimeoutMs = LAUNCH_TIMEOUT_MS } = {}) {
  const who = `${node.version} (${node.path})`
  if (!driverDir) return { error: { kind: 'crash', message: `cannot start ${who}: no puppeteer-core was given` } }
  let site
  try {
    site = await server.start({ boot: { main: CHILD, spec: JSON.stringify(spec), version: `${node.runtime} ${node.release}` }, roots: rootsOf(spec) })
  } catch (err) {
    return { error: { kind: 'crash', message: `cannot serve the page: ${firstLine(err)}` } }
  }
  let launched
  try {
    launched = await launch(node, driverDir, { timeoutMs: launchTimeoutMs })
  } catch (err) {
    await site.close()
    return { error: { kind: 'crash', message: `cannot start ${who}: ${firstLine(err)}` } }
  }
  let timer
  let closed
  const gone = new Promise((resolve) => { closed = resolve })
  launched.browser.on('disconnected', () => closed('disconnected'))
  try {
    // The cell's time counts from here, so a browser that hangs opening its page times out too.
    const ended = Promise.race([
      site.exited.then((code) => ({ code })),
      gone.then(() => ({ gone: true })),
      new Promise((resolve) => { timer = setTimeout(() => resolve({ timedOut: true }), timeoutMs) })
    ])
    const opened = launched.browser.newPage().then((pageObject) => {
      pageObject.on('pageerror', (err) => { site.state.stderr = (site.state.stderr + firstLine(err) + '\n').slice(-2000) })
      // Not awaited: a row that keeps the page busy may hold its load event past any fixed wait.
      pageObject.goto(site.url).catch((err) => { site.state.stderr += `cannot open the page: ${firstLine(err)}\n` })
    })
    const end = await Promise.race([ended, opened.then(() => ended)])
    const page = site.state.page
    if (end.gone) return { error: { kind: 'crash', message: `${node.version} closed before the cell finished${site.state.stderr ? ': ' + site.state.stderr.trim().split('\n').pop() : ''}` }, page }
    const outcome = verdict(protocol.decode(site.state.output), end.code, null, site.state.stderr, Boolean(end.timedOut), timeoutMs)
    return { ...outcome, page }
  } catch (err) {
    return { error: { kind: 'crash', message: `${node.version} failed: ${firstLine(err)}` }, page: site.state.page }
  } finally {
    clearTimeout(timer)
    await launched.close()
    await site.close()
  }
}

module.exports = { runPageChild, rootsOf }
