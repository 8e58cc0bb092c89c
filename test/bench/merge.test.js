// `timerbench report`: three saved single-version runs (real quick runs on Node 0.10, 18 and 20,
// paths and dates fixed) merge into the golden table and Markdown, whatever the order of the
// files; the merged JSON is a valid report; a cell in two reports pools its runs; runs from
// different machines are flagged; unreadable inputs are bad input.
// Regenerate the golden files after a deliberate change of the output with:
//   cd test/bench/fixtures/merge && NO_COLOR=1 node ../../../../bin/timerbench.js report tb-*.json > merged.table.txt
//   (and -f md > merged.md, --layout wide > merged.wide.txt); then read the diff.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { merge } = require('../../bench/report/merge')
const { validate } = require('../../bench/cli/schema')
const model = require('../../bench/report/model')
const { cli, FIXTURES } = require('./fixtures/helpers')

const DIR = path.join(FIXTURES, 'merge')
const FILES = ['tb-v0.10.48.json', 'tb-v18.20.8.json', 'tb-v20.20.2.json'].map((f) => path.join(DIR, f))
const golden = (name) => fs.readFileSync(path.join(DIR, name), 'utf8')
const load = (file) => JSON.parse(fs.readFileSync(file, 'utf8'))

t.test('the golden table, Markdown and wide layout, in any file order', async (t) => {
  const table = await cli(['report', ...FILES])
  t.equal(table.code, 0, table.stderr)
  t.equal(table.stderr, '')
  t.equal(table.stdout, golden('merged.table.txt'))
  const shuffled = await cli(['report', FILES[2], FILES[0], FILES[1]])
  t.equal(shuffled.stdout, table.stdout, 'same table, notes included')
  const md = await cli(['report', ...FILES, '-f', 'md'])
  t.equal(md.stdout, golden('merged.md'))
  const wide = await cli(['report', ...FILES, '--layout', 'wide'])
  t.equal(wide.stdout, golden('merged.wide.txt'))
})

t.test('what the golden table shows: versions oldest first, no marks without runs to support them, n/a with its reason', async (t) => {
  const lines = golden('merged.table.txt').split('\n')
  t.match(lines.find((l) => l.includes('scenario (unit)')), /implementation │\s+v0\.10\.48 │\s+v18\.20\.8 │\s+v20\.20\.2 │/)
  // One run per cell: nothing supports a best value, so no marks (render.test.js has them).
  t.match(lines.find((l) => l.includes('timeout-set-clear')), /native\s+│\s+0\.383 ±7% │\s+0\.586 ±85% │\s+0\.320 ±107% │/,
    'no ** on one run per cell')
  t.match(golden('merged.table.txt'), /│ heaptimers\s+│\s+n\/a \[1\] │\s+0\.170 ±269% │\s+0\.651 ±219% │/, 'no ++ on one run per cell')
  t.match(golden('merged.table.txt'), /\[1\] n\/a: heaptimers needs Node >=18, this is v0\.10\.48 \(heaptimers on v0\.10\.48; 3 cells\)/)
  t.match(golden('merged.table.txt'), /samplers: builtin \(v0\.10\.48, v18\.20\.8\), tinybench \(v20\.20\.2\), cpu-window/,
    'which Nodes fell back to the built-in sampler')
})

t.test('the merged JSON: a valid report with every cell of every input', async (t) => {
  const dir = t.testdir({})
  const out = path.join(dir, 'all.json')
  const res = await cli(['report', ...FILES, '-f', 'json', '-o', out])
  t.equal(res.code, 0, res.stderr)
  const merged = JSON.parse(res.stdout)
  t.same(validate(merged), [])
  t.same(load(out), merged, '-o writes the same')
  const inputs = FILES.map(load)
  t.equal(merged.results.length, inputs.reduce((n, r) => n + r.results.length, 0))
  t.same(merged.options.nodes.map((n) => n.version), ['v0.10.48', 'v18.20.8', 'v20.20.2'])
  t.same(merged.options.impls, ['native', 'heaptimers'])
  t.equal(merged.options.runs, 1)
  t.equal(merged.started, '2026-01-01T10:00:00.000Z', 'the earliest start')
  t.same(merged.options.merged.map((m) => [path.basename(m.file), m.nodes]),
    [['tb-v0.10.48.json', ['v0.10.48']], ['tb-v18.20.8.json', ['v18.20.8']], ['tb-v20.20.2.json', ['v20.20.2']]])
  t.same(merged.results.find((r) => r.node === 'v0.10.48' && r.scenario === 'fn-call').runs[0].extra.clock, 'process.hrtime',
    'the fallback clock of an old Node survives the merge')
})

t.test('a cell in two reports pools its runs; different machines are flagged', async (t) => {
  const a = load(FILES[1])
  const b = load(FILES[1])
  b.machine = { ...b.machine, cpus: 8, cpuModel: 'Other CPU' }
  const cell = (r) => r.results.find((x) => x.scenario === 'timeout-set-clear' && x.impl === 'native')
  cell(b).runs[0].value = cell(a).median * 3
  const merged = merge([{ file: '/x/a.json', report: a }, { file: '/y/b.json', report: b }])
  t.same(validate(merged), [])
  const pooled = cell(merged)
  t.equal(pooled.runs.length, 2)
  t.equal(pooled.median, cell(a).median * 2, 'median of the pooled runs')
  t.equal(merged.options.pooled, a.results.length)
  t.equal(merged.options.runs, null, 'the title counts runs instead')
  const grid = model.build(merged)
  t.match(grid.title[0], /2 x AMD EPYC \| linux 6\.18\.44 x64 \(and 1 other machine, see below\)/)
  t.match(grid.title[1], /^median of 2 runs per cell/)
  const notes = grid.notes.join('\n')
  t.match(notes, /merged from 2 reports: a\.json \(v18\.20\.8\), b\.json \(v18\.20\.8\)/)
  t.match(notes, /warning: the merged runs come from 2 different machines \(2 x AMD EPYC .*; 8 x Other CPU .*\)/)
  t.match(notes, /7 cells were measured in more than one report: their runs are pooled/)
})

t.test('bad input: no file, unreadable file, not a report', async (t) => {
  const dir = t.testdir({ 'other.json': JSON.stringify({ schema: 'other' }) })
  const cases = [
    [['report'], /^timerbench: report needs at least one file/],
    [['report', path.join(dir, 'nope.json')], /^timerbench: cannot read report '.*nope\.json': ENOENT/],
    [['report', FILES[0], path.join(dir, 'other.json')], /^timerbench: report '.*other\.json' is not a timerbench\/1 report: schema/],
    [['report', FILES[0], '-f', 'xml'], /bad value 'xml' for --format/],
    [['report', FILES[0], '--frob'], /unknown option '--frob' \(valid: --format, --layout, --chart, --width, --out, --svg, --help, --version\)/]
  ]
  for (const [args, message] of cases) {
    const res = await cli(args)
    t.equal(res.code, 2, args.join(' '))
    t.equal(res.stdout, '')
    t.equal(res.stderr.split('\n').filter(Boolean).length, 1)
    t.match(res.stderr, message)
  }
})
