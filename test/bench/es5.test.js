// The child and everything it requires must parse on old Nodes (0.10 and up): check
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
const CHILD_FILES = ['child.js', 'clock.js', 'gc.js', 'stats.js', 'protocol.js', 'impl-spec.js', 'impl-load.js', 'sampler.js', 'units.js']
  .concat(fs.readdirSync(path.join(BENCH, 'scenarios')).map((f) => path.join('scenarios', f)))

t.test('child-side modules are ES5', { skip: acorn ? false : 'acorn not installed' }, async (t) => {
  for (const file of CHILD_FILES) {
    const source = fs.readFileSync(path.join(BENCH, file), 'utf8')
    t.doesNotThrow(() => acorn.parse(source, { ecmaVersion: 5, allowHashBang: true, sourceType: 'script' }), file)
  }
})

t.test('the child requires only its own ES5 modules', async (t) => {
  for (const file of CHILD_FILES) {
    const source = fs.readFileSync(path.join(BENCH, file), 'utf8')
    const required = [...source.matchAll(/require\('([^']+)'\)/g)].map((m) => m[1])
    for (const r of required) {
      if (r.startsWith('.')) {
        const target = path.relative(BENCH, path.resolve(path.dirname(path.join(BENCH, file)), r))
        t.ok(CHILD_FILES.includes(target.endsWith('.js') ? target : `${target}.js`) || CHILD_FILES.includes(path.join(target, 'index.js')),
          `${file} requires ${r}, which is checked too`)
      } else {
        t.ok(['fs', 'perf_hooks', 'v8', 'vm'].includes(r), `${file} requires only core modules (${r})`)
      }
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
    "var s = require('./bench/stats');",
    "var next = require('./bench/scenarios/seeded').integers(42, 1, 50);",
    'var d = [next(), next(), next()];',
    'console.log(JSON.stringify({ n: r.all.length, groups: r.GROUPS, p99: s.percentile([3, 1, 2], 99), d: d,',
    "  units: r.all.every(function (x) { return require('./bench/units').info(x.unit) !== null; }) }));"
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
