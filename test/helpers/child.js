'use strict'
// Child-process helpers: process-level behaviour (exit codes, crashes,
// -r register, --import, warnings that native emits once per process) is
// tested in fresh Node processes of the *running* Node binary.

const { spawn } = require('node:child_process')
const path = require('node:path')
const { nodeCommand } = require('../../bench/cli/child-env.js')
const { FIXTURES, LIB, ROOT, selectedImpls } = require('./impls.js')

// Environment for children: tap injects --import/--require loaders through
// NODE_OPTIONS (nodeCommand() drops every NODE_* variable); children must run
// plain. HEAPTIMERS_LIB tells fixtures where the library lives.
function childEnv (extra = {}) {
  const env = { ...process.env }
  for (const k of Object.keys(env)) {
    if (k.startsWith('TAP')) delete env[k]
  }
  env.HEAPTIMERS_LIB = LIB
  env.NO_COLOR = '1'
  env.FORCE_COLOR = '0'
  return { ...env, ...extra }
}

// tap's @tapjs/processinfo hooks spawn() and puts its `--import` back into every child's
// NODE_OPTIONS, whatever env the child is given: a third of a second per child, and a loader the
// program under test never sees natively. nodeCommand() sets the environment after the hook.
//
// Runs `node ...args`. Resolves { code, signal, stdout, stderr, ms, timedOut }.
// Never rejects on a non-zero exit: tests assert on the exit code.
function runNode (args, opts = {}) {
  const { env, timeout = 30000, cwd = ROOT, input } = opts
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint()
    const cmd = nodeCommand(process.execPath, args, childEnv(env))
    const child = spawn(cmd.file, cmd.args, {
      cwd,
      env: cmd.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let timedOut = false
    child.stdout.setEncoding('utf8').on('data', d => { stdout += d })
    child.stderr.setEncoding('utf8').on('data', d => { stderr += d })
    const killer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeout)
    child.on('error', er => {
      clearTimeout(killer)
      reject(er)
    })
    child.on('close', (code, signal) => {
      clearTimeout(killer)
      const ms = Number(process.hrtime.bigint() - start) / 1e6
      resolve({ code, signal, stdout, stderr, ms, timedOut })
    })
    if (input !== undefined) child.stdin.end(input)
    else child.stdin.end()
  })
}

function fixture (name) {
  return path.join(FIXTURES, name)
}

// Runs a fixture under one implementation (HEAPTIMERS_IMPL=native|heaptimers).
function runFixture (name, impl, args = [], opts = {}) {
  const { nodeArgs = [], env = {}, ...rest } = opts
  return runNode([...nodeArgs, fixture(name), ...args], {
    ...rest,
    env: { ...env, HEAPTIMERS_IMPL: impl },
  })
}

// Runs the fixture under every selected implementation, one after the other
// (or in parallel with opts.parallel for timing-insensitive programs).
// Resolves { native: result, heaptimers: result }.
async function runFixtureEach (name, args = [], opts = {}) {
  const { parallel, ...rest } = opts
  const impls = selectedImpls().map(i => i.name)
  const out = {}
  if (parallel) {
    const rs = await Promise.all(impls.map(n => runFixture(name, n, args, rest)))
    impls.forEach((n, i) => { out[n] = rs[i] })
  } else {
    for (const n of impls) out[n] = await runFixture(name, n, args, rest)
  }
  return out
}

// Replaces the things that legitimately differ between two runs of one
// program: pids, absolute paths, line/column numbers of stack frames.
function normalizeOutput (s) {
  return String(s)
    .replace(/\(node:\d+\)/g, '(node:PID)')
    .split(ROOT).join('<ROOT>')
}

// A JSON line printed by a fixture as `RESULT <json>`.
function parseResult (stdout) {
  const line = String(stdout).split('\n').find(l => l.startsWith('RESULT '))
  if (!line) throw new Error(`no RESULT line in child output:\n${stdout}`)
  return JSON.parse(line.slice('RESULT '.length))
}

module.exports = {
  childEnv,
  runNode,
  runFixture,
  runFixtureEach,
  fixture,
  normalizeOutput,
  parseResult,
}
