// The child and everything it requires must parse on old Nodes (0.8 and up): check
// they are plain ES5 with acorn, which tap brings along. Skipped if acorn is not installed.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')

let acorn = null
try {
  acorn = require('acorn')
} catch {
  // covered by the skip below
}

const BENCH = path.resolve(__dirname, '..', '..', 'bench')
const ENTRY = path.join(BENCH, 'child', 'main.js')
// http and child_process: the app rows' server and load process (Node 18 and later only);
// worker_threads: the threads and worker-pool rows (n/a where it is missing).
const CORE = ['fs', 'perf_hooks', 'v8', 'vm', 'http', 'child_process', 'worker_threads']

// Every file the child can load, found by walking its relative requires from the entry point.
function childGraph () {
  const files = new Map()
  const visit = (file) => {
    if (files.has(file)) return
    const source = fs.readFileSync(file, 'utf8')
    const required = [...source.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1])
    files.set(file, { source, required })
    for (const r of required) {
      if (!r.startsWith('.')) continue
      const base = path.resolve(path.dirname(file), r)
      visit(fs.existsSync(base + '.js') ? base + '.js' : fs.existsSync(base) && fs.statSync(base).isFile() ? base : path.join(base, 'index.js'))
    }
  }
  visit(ENTRY)
  return files
}

const GRAPH = childGraph()
const name = (file) => path.relative(BENCH, file)

t.test('the child loads only bench/child and bench/scenarios', async (t) => {
  t.ok(GRAPH.size > 10, `the walk found the child's modules (${GRAPH.size})`)
  for (const file of GRAPH.keys()) {
    t.match(name(file), /^(child|scenarios)\//, `${name(file)} is on the child's side`)
  }
  // and bench/child holds nothing the child does not load
  for (const f of fs.readdirSync(path.join(BENCH, 'child'))) {
    t.ok(GRAPH.has(path.join(BENCH, 'child', f)), `child/${f} is loaded by the child`)
  }
})

t.test('child-side modules are ES5', { skip: acorn ? false : 'acorn not installed' }, async (t) => {
  for (const [file, { source }] of GRAPH) {
    t.doesNotThrow(() => acorn.parse(source, { ecmaVersion: 5, allowHashBang: true, sourceType: 'script' }), name(file))
  }
})

t.test('the child requires only its own modules and Node core modules', async (t) => {
  for (const [file, { required }] of GRAPH) {
    for (const r of required) {
      if (!r.startsWith('.')) t.ok(CORE.includes(r), `${name(file)} requires only core modules (${r})`)
    }
  }
})

// Parsing is not enough: the oldest Node this machine has (0.10 where CI cached it) must load the
// registry, build every scenario descriptor (units, seeded delays, summaries) and run the tiny
// helpers the new groups share. Skipped without an older binary.
t.test('the registry loads on the oldest Node available', async (t) => {
  const { realBinaries } = require('./fixtures/nodes')
  const { execFile } = require('child_process')
  const oldest = (await realBinaries())[0]
  if (!oldest || oldest.version === process.version) return t.skip('needs an older Node binary')
  const probe = [
    "var r = require('./bench/scenarios');",
    "var s = require('./bench/child/stats');",
    "var next = require('./bench/scenarios/seeded').integers(42, 1, 50);",
    'var d = [next(), next(), next()];',
    'console.log(JSON.stringify({ n: r.all.length, groups: r.GROUPS, p99: s.percentile([3, 1, 2], 99), d: d,',
    "  units: r.all.every(function (x) { return require('./bench/child/units').info(x.unit) !== null; }) }));"
  ].join('\n')
  const out = await new Promise((resolve) => {
    execFile(oldest.path, ['-e', probe], { cwd: path.resolve(BENCH, '..'), env: {} }, (err, stdout, stderr) =>
      resolve(err ? { error: String(stderr || err.message) } : JSON.parse(stdout)))
  })
  t.notOk(out.error, `${oldest.version} loads the child's modules${out.error ? ': ' + out.error : ''}`)
  const registry = require('../../bench/scenarios')
  const seeded = require('../../bench/scenarios/seeded').integers(42, 1, 50)
  t.same(out, {
    n: registry.all.length, groups: registry.GROUPS, p99: 3, d: [seeded(), seeded(), seeded()], units: true
  }, `${oldest.version}: the same registry, percentiles and seeded delays as ${process.version}`)
})
