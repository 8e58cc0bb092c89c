// Runs one benchmark child and turns whatever happens into { run } or { error: { kind, message } }
// (verdict.js). A browser runs it as a page (bench/browser/run-page.js); every other runtime as a
// process. Never rejects: a broken child is an error cell, not a broken run.
'use strict'

const { spawn } = require('child_process')
const protocol = require('../child/protocol')
const { nodeCommand } = require('./child-env')
const { pinned } = require('./cpu-pin')
const { CHILD } = require('./paths')
const registry = require('../scenarios')
const runtime = require('../runtimes/runtime')
const { verdict } = require('./verdict')
const { runPageChild } = require('../browser/run-page')

const STDERR_TAIL = 2000

// V8 flags the scenario asks for (memory rows need --expose-gc, which every Node from 0.10 on
// accepts, and Bun and Deno too), placed where the runtime reads them as its own.
function childArgs (spec, name = runtime.NODE) {
  const scenario = registry.get(spec.scenario)
  const flags = (scenario && scenario.nodeFlags) || []
  return runtime.scriptArgs(name, flags, CHILD, [JSON.stringify(spec)])
}

// The app rows start a load generator beside their server; it inherits the child's CPU, so
// pinning them would make the two share one core.
function pinFor (spec, pin) {
  const scenario = registry.get(spec.scenario)
  return scenario && scenario.app ? null : pin
}

// node: a binary path (a Node), or { path, runtime } from resolve.js. spec: the child spec (see
// child/main.js). pin: { cpu, taskset } from cpu-pin.js, or none; driverDir: puppeteer-core's
// directory, for browsers. Resolves { run, node } or { error }, and a browser's page report.
function runChild (node, spec, timeoutMs, { pin = null, driverDir = null } = {}) {
  const nodePath = typeof node === 'string' ? node : node.path
  const name = typeof node === 'string' ? runtime.NODE : node.runtime || runtime.NODE
  if (runtime.isBrowser(name)) return runPageChild(node, spec, timeoutMs, { driverDir })
  return new Promise((resolve) => {
    let stdout = ''
    let stderr = ''
    let timedOut = false
    let child
    try {
      const cmd = pinned(nodeCommand(nodePath, childArgs(spec, name)), pinFor(spec, pin))
      child = spawn(cmd.file, cmd.args, { env: cmd.env, stdio: ['ignore', 'pipe', 'pipe'] })
    } catch (err) {
      resolve({ error: { kind: 'crash', message: `cannot start ${nodePath}: ${err.message}` } })
      return
    }
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stdout.on('data', (chunk) => { stdout += chunk })
    child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-STDERR_TAIL) })
    child.on('error', (err) => {
      clearTimeout(timer)
      resolve({ error: { kind: 'crash', message: `cannot start ${nodePath}: ${err.message}` } })
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      resolve(verdict(protocol.decode(stdout), code, signal, stderr, timedOut, timeoutMs))
    })
  })
}

module.exports = { runChild, childArgs }
