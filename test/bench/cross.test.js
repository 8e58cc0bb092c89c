// End to end on two Node versions: the running one and the oldest other binary from Node 18 on
// this machine has cached (CI's ~/.cache/heaptimers-node, or the timerbench cache; older ones,
// down to 0.8, are .ci/run's cross-version run's to check), found by discovery through a
// fake cache tree and asked for by version. Every cell must be a number or a reasoned n/a; then
// `timerbench report` over two single-version runs must give the same table (same columns, rows
// and kinds of cell; the numbers differ, they are new measurements). Skipped without a second
// binary.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const model = require('../../bench/report/model')
const { compareVersions } = require('../../bench/runtimes/version')
const { cli, FAST } = require('./fixtures/helpers')
const { isolatedEnv, layoutPath, symlink, realBinaries } = require('./fixtures/nodes')
const { checkCells } = require('./fixtures/check-cells')

const ARGS = [...FAST, '-s', 'fn-call,immediate-set,cpu-1ms-loops-1', '-i', 'native,heaptimers']

// What a cell is, without its number: the shape two runs of the same table share. A number and
// an n/a are alike here: on Node 0.10 a 0.2 s cpu window can measure no CPU at all (n/a) one time
// and some the next; checkCells has already required each to be one or the other.
function shape (grid) {
  const kind = (cell) => (cell === ''
    ? ''
    : /^error/.test(cell)
      ? 'error'
      : /x( |$)/.test(cell) || /^[- ]+$/.test(cell) ? 'ratio' : 'value')
  return { header: grid.header, rows: grid.rows.map((r) => [r[0], r[1], ...r.slice(2).map(kind)]) }
}

t.test('two Nodes in one run, and the same table from two runs merged', async (t) => {
  const real = await realBinaries()
  const other = real.find((r) => r.version !== process.version && compareVersions(r.version, 'v18.0.0') >= 0)
  if (!other) return t.skip('needs a second Node binary (CI\'s ~/.cache/heaptimers-node or the timerbench cache)')
  const dir = t.testdir({})
  const env = isolatedEnv(dir)
  symlink(other.path, layoutPath(env, 'cache', other.version))
  const wanted = other.version.replace(/^v/, '').split('.').slice(0, other.version.startsWith('v0.') ? 2 : 1).join('.')
  const versions = [wanted, process.version.split('.')[0].slice(1)]

  const both = path.join(dir, 'both.json')
  const res = await cli([...ARGS, '--node', `${wanted},current`, '-o', both], env)
  // On failure, which Node and what each footnote says.
  t.equal(res.code, 0, `${other.version}: ${res.stderr} ${res.stdout.split('\n').filter((l) => /^\[\d+\]/.test(l)).join(' ')}`)
  t.equal(res.stderr, '')
  if (res.code !== 0) return
  const report = JSON.parse(fs.readFileSync(both, 'utf8'))
  const { passed, failed } = checkCells(report, versions)
  t.same(failed, [], 'every cell is a number or a reasoned n/a')
  t.equal(passed.length, 1 + 2 + 2 * 5, 'the report, both versions, 2 x (1 fn-call + 2 x 2 timer cells)')
  t.same(report.options.nodes.map((n) => n.source).sort(), ['cache', 'running'].sort())
  // Columns run from the oldest version to the newest, whichever order --node named them in (the
  // other binary may be older or newer than the running one).
  const [older, newer] = [other.version, process.version].sort(compareVersions).map((v) => v.replace(/\./g, '\\.'))
  t.match(res.stdout, new RegExp(`implementation │.*${older}.*│.*${newer}`), 'one table, a column per version')

  const singles = []
  for (const v of [wanted, 'current']) {
    const out = path.join(dir, `single-${v}.json`)
    const single = await cli([...ARGS, '--node', v, '-o', out], env)
    t.equal(single.code, 0, single.stderr)
    singles.push(out)
  }
  const merged = await cli(['report', ...singles, '-f', 'json'], env)
  t.equal(merged.code, 0, merged.stderr)
  const mergedReport = JSON.parse(merged.stdout)
  t.same(checkCells(mergedReport, versions).failed, [])
  t.same(shape(model.build(mergedReport)), shape(model.build(report)), 'report reproduces the two-version table')
  const table = await cli(['report', ...singles], env)
  t.equal(table.stdout.split('\n').filter((l) => l.includes('scenario (unit)')).length, 1, 'one table')
})
