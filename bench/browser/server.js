// The loopback server of one browser cell: it serves the page that runs the benchmark child, the
// child's CommonJS files to the page's require (shim.js), and takes back what the child writes
// and its exit code. Every response carries COOP/COEP, so the page is cross-origin isolated and
// performance.now() keeps its fine resolution. It listens on 127.0.0.1 only and serves only .js,
// .cjs and .json files under the roots it is given (timerbench's own tree and the module files of
// -i module:<x>), resolved by Node's own rules, so a page can read nothing else.
'use strict'

const fs = require('fs')
const http = require('http')
const path = require('path')
const { builtinModules } = require('module')

const SHIM = path.join(__dirname, 'shim.js')
const SERVED = /\.(c?js|json)$/
const BUILTINS = new Set(builtinModules)
// What a page may post: the child's output is a few result lines.
const MAX_BODY = 1 << 20

const ISOLATION = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store'
}

function send (res, status, body, headers = {}) {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...ISOLATION, ...headers })
  res.end(body)
}

// The page: the shim, then the child started with its spec, as `node main.js '<spec>'` would.
function page (boot) {
  const json = JSON.stringify(boot).replace(/</g, '\\u003c')
  return '<!doctype html><meta charset="utf-8"><title>timerbench child</title>' +
    `<script src="/shim.js"></script><script>timerbenchShim.start(${json})</script>\n`
}

function inside (file, roots) {
  return roots.some((root) => file === root || file.startsWith(root + path.sep))
}

// Node's resolution of `id` from the file `from`: { file } under a root, { builtin }, or { missing }.
function resolveModule (id, from, roots) {
  const bare = id.replace(/^node:/, '')
  if (id.startsWith('node:') || BUILTINS.has(bare)) return { builtin: bare }
  let file
  try {
    file = require.resolve(id, { paths: [path.dirname(from)] })
  } catch (err) {
    return { missing: `Cannot find module '${id}' from ${from}` }
  }
  if (!SERVED.test(file) || !inside(file, roots)) return { missing: `${file} is not served to the page (only .js, .cjs and .json files of timerbench and the modules under test)` }
  return { file }
}

function readBody (req, cb) {
  let body = ''
  req.setEncoding('utf8')
  req.on('data', (chunk) => {
    body += chunk
    if (body.length > MAX_BODY) req.destroy()
  })
  req.on('end', () => cb(body))
}

/**
 * Starts a server for one cell. boot: what the page's shim gets ({ main, spec, version, ... },
 * see shim.js). roots: directories whose files the page may require. Resolves { url, output (the
 * child's stdout so far), stderr, page (what the page reported of itself), exited (a promise of
 * the exit code), close }.
 */
function start ({ boot, roots }) {
  const realRoots = roots.map((r) => path.resolve(r))
  const state = { output: '', stderr: '', page: null }
  let exit
  const exited = new Promise((resolve) => { exit = resolve })
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1')
    if (req.method === 'GET' && url.pathname === '/') return send(res, 200, page(boot), { 'Content-Type': 'text/html; charset=utf-8' })
    if (req.method === 'GET' && url.pathname === '/shim.js') return send(res, 200, fs.readFileSync(SHIM, 'utf8'), { 'Content-Type': 'text/javascript' })
    // The I/O the burst rows schedule from (a request completing, as fs.stat completes in Node).
    if (url.pathname === '/io') return send(res, 200, '')
    if (req.method === 'GET' && url.pathname === '/module') {
      const found = resolveModule(url.searchParams.get('id') || '', url.searchParams.get('from') || boot.main, realRoots)
      if (found.builtin) return send(res, 200, '', { 'X-Timerbench-Builtin': found.builtin })
      if (found.missing) return send(res, 404, found.missing)
      return send(res, 200, fs.readFileSync(found.file, 'utf8'), { 'Content-Type': 'text/javascript', 'X-Timerbench-File': found.file })
    }
    if (req.method === 'POST') {
      return readBody(req, (body) => {
        if (url.pathname === '/stdout') state.output += body
        else if (url.pathname === '/stderr') state.stderr = (state.stderr + body).slice(-2000)
        else if (url.pathname === '/page') state.page = JSON.parse(body)
        else if (url.pathname === '/exit') exit(Number(body) || 0)
        else return send(res, 404, 'unknown')
        send(res, 200, 'ok')
      })
    }
    send(res, 404, 'not found')
  })
  // A page's keep-alive connections must not hold close() up.
  const sockets = new Set()
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `http://127.0.0.1:${server.address().port}/`,
        state,
        exited,
        close () {
          for (const s of sockets) s.destroy()
          return new Promise((resolve) => server.close(() => resolve()))
        }
      })
    })
  })
}

module.exports = { start, resolveModule, ISOLATION }
