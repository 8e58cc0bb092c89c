// Runs one benchmark child and turns whatever happens into { run } or { error: { kind, message } }:
// a result line, an error line, a crash (signal or non-zero exit), a hang (killed after the
// timeout) or a silent exit. Never rejects: a broken child is an error cell, not a broken run.
'use strict'

const { spawn } = require('child_process')
const protocol = require('../child/protocol')
const { nodeCommand } = require('./child-env')
const { pinned } = require('./cpu-pin')
const { CHILD } = require('./paths')
const registry = require('../scenarios')
const runtime = require('../nodes/runtime')

const STDERR_TAIL = 2000

// What a signal says about the runtime rather than the scenario. SIGILL: old Nodes (5.x seen
// here, on an AMD EPYC, in the cpu rows) trap on an illegal instruction.
const SIGNAL_MEANING = {
  SIGILL: 'an illegal instruction: the runtime trapped, on an instruction this CPU lacks or on a fatal check of its own'
}

function lastLine (text) {
  const lines = String(text).split('\n').map((l) => l.trim()).filter(Boolean)
  return lines.length ? lines[lines.length - 1] : ''
}

// Picks the child's verdict from its messages and exit status.
function verdict (messages, code, signal, stderr, timedOut, timeoutMs) {
  const result = messages.find((m) => m.type === 'result')
  if (result) return { run: result.run, node: result.node }
  const failure = messages.find((m) => m.type === 'error')
  if (failure) return { error: { kind: failure.kind, message: failure.message } }
  if (timedOut) return { error: { kind: 'timeout', message: `no result after ${timeoutMs} ms, child killed` } }
  const why = lastLine(stderr)
  if (signal) {
    // A signal with a known meaning says it; the runtime's last words are then a raw address.
    if (SIGNAL_MEANING[signal]) return { error: { kind: 'crash', message: `child killed by ${signal} (${SIGNAL_MEANING[signal]})` } }
    return { error: { kind: 'crash', message: `child killed by ${signal}${why ? ': ' + why : ''}` } }
  }
  if (code !== 0) return { error: { kind: 'crash', message: `child exited with code ${code}${why ? ': ' + why : ''}` } }
  return { error: { kind: 'failed', message: 'child exited without a result' } }
}

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
// child/main.js). pin: { cpu, taskset } from cpu-pin.js, or none. Resolves { run, node } or
// { error }.
function runChild (node, spec, timeoutMs, { pin = null } = {}) {
  const nodePath = typeof node === 'string' ? node : node.path
  const name = typeof node === 'string' ? runtime.NODE : node.runtime || runtime.NODE
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

module.exports = { runChild, verdict, childArgs }
