// Charts end to end through the CLI: `timerbench report` re-renders a saved JSON as a chart
// (-f chart, the golden file of chart.test.js), under a table or in Markdown (--chart), and as an
// SVG file (--svg, with any format, stdout untouched); the width comes from --width or COLUMNS;
// and one real quick run of the primitives group gives a chart, an SVG and a JSON that agree.
// Bad combinations are in cli.test.js with the other bad input.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { cli, FAST, FIXTURES } = require('./fixtures/helpers')
const registry = require('../../bench/scenarios')

const DIR = path.join(FIXTURES, 'chart')
const TWO = path.join(DIR, 'two-nodes.json')
const golden = (name) => fs.readFileSync(path.join(DIR, name), 'utf8')
const rects = (svg) => [...svg.matchAll(/<rect ([^>]*)>/g)].map((m) =>
  Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])))

t.test('report -f chart: the saved run as a chart, at --width or $COLUMNS', async (t) => {
  const res = await cli(['report', TWO, '-f', 'chart', '--width', '80'], { COLUMNS: '' })
  t.equal(res.code, 0, res.stderr)
  t.equal(res.stderr, '')
  t.equal(res.stdout, golden('two-nodes.w80.txt'), 'the golden chart')
  const wide = await cli(['report', TWO, '-f', 'chart'], { COLUMNS: '120' })
  t.equal(wide.stdout, golden('two-nodes.w120.txt'), 'COLUMNS=120')
  const piped = await cli(['report', TWO, '-f', 'chart'], { COLUMNS: '' })
  t.equal(piped.stdout, golden('two-nodes.w80.txt'), '80 columns when stdout is a pipe')
  const option = await cli(['report', TWO, '-f', 'chart', '--width', '60'], { COLUMNS: '120' })
  t.equal(option.stdout, golden('two-nodes.w60.txt'), '--width wins over COLUMNS')
})

t.test('report --chart: the table, then the chart; in Markdown, fenced', async (t) => {
  const table = await cli(['report', TWO])
  const both = await cli(['report', TWO, '--chart', '--width', '80'])
  t.equal(both.code, 0, both.stderr)
  t.ok(both.stdout.startsWith(`${table.stdout}\n`), 'the table as without --chart')
  const chart = both.stdout.slice(table.stdout.length + 1)
  const blocks = golden('two-nodes.w80.txt').split('\n\n').slice(1, -1).join('\n\n')
  t.equal(chart.replace(/error \[\d\]/g, 'error [n]'), `${blocks.replace(/error \[\d\]/g, 'error [n]')}\n`,
    'the chart of -f chart, footnote numbers aside')
  t.match(chart, /^v22\.3\.0 heaptimers +error \[1\]$/m, 'numbered like the table above it')

  const md = await cli(['report', TWO, '-f', 'md'])
  const mdChart = await cli(['report', TWO, '-f', 'md', '--chart', '--width', '80'])
  t.equal(mdChart.code, 0, mdChart.stderr)
  t.ok(mdChart.stdout.startsWith(`${md.stdout}\n\`\`\`text\n`))
  t.ok(mdChart.stdout.endsWith(`${blocks.split('\n').pop()}\n\`\`\`\n`), 'the fence closes after the last bar')
})

t.test('report --svg: the SVG file, with any format, stdout unchanged', async (t) => {
  const dir = t.testdir({})
  const report = JSON.parse(fs.readFileSync(TWO, 'utf8'))
  for (const format of ['json', 'table', 'chart']) {
    const file = path.join(dir, `${format}.svg`)
    const plain = await cli(['report', TWO, '-f', format])
    const res = await cli(['report', TWO, '-f', format, '--svg', file])
    t.equal(res.code, 0, res.stderr)
    t.equal(res.stdout, plain.stdout, `-f ${format}: stdout as without --svg`)
    const svg = fs.readFileSync(file, 'utf8')
    t.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>\n[\s\S]*<\/svg>\n$/)
    t.equal(rects(svg).length, report.results.filter((r) => !r.error).length, 'one bar per cell with a value')
  }
  t.same(JSON.parse((await cli(['report', TWO, '-f', 'json', '--svg', path.join(dir, 'x.svg')])).stdout).schema, 'timerbench/1',
    'JSON on stdout stays parseable')
})

t.test('a real quick run: -f chart, --svg and -o agree', async (t) => {
  const dir = t.testdir({})
  const svgFile = path.join(dir, 'run.svg')
  const jsonFile = path.join(dir, 'run.json')
  const res = await cli([...FAST, '-s', 'primitives', '-i', 'native,heaptimers', '-f', 'chart', '--width', '100',
    '--svg', svgFile, '-o', jsonFile])
  t.equal(res.code, 0, res.stderr)
  const report = JSON.parse(fs.readFileSync(jsonFile, 'utf8'))
  const scenarios = registry.inGroup('primitives').map((s) => s.name)
  t.same([...new Set(report.results.map((r) => r.scenario))], scenarios)
  for (const name of scenarios) t.match(res.stdout, new RegExp(`^${name} \\(M/s, higher is better\\)$`, 'm'))
  // Blocks of the chart by scenario: a heading, then one line per cell.
  const blocks = new Map(res.stdout.split('\n\n').map((b) => b.split('\n'))
    .filter((lines) => / is better\)$/.test(lines[0])).map((lines) => [lines[0].split(' ')[0], lines.slice(1)]))
  for (const r of report.results) {
    const line = (blocks.get(r.scenario) || []).find((l) => l.startsWith(`${r.node} ${r.impl} `))
    t.ok(line, `${r.scenario} ${r.impl} has a line`)
    if (line && !r.error) t.match(line, /[█▏▎▍▌▋▊▉] \d/u, `${r.scenario} ${r.impl}: a bar and its value`)
  }
  t.ok(res.stdout.split('\n').filter((l) => /[█▏▎▍▌▋▊▉]/u.test(l)).every((l) => l.length <= 100), 'within --width 100')
  const bars = rects(fs.readFileSync(svgFile, 'utf8'))
  t.equal(bars.length, report.results.filter((r) => !r.error).length, 'one SVG bar per cell with a value')
  for (const b of bars) {
    const r = report.results.find((x) => x.node === b['data-node'] && x.impl === b['data-impl'] && x.scenario === b['data-scenario'])
    t.ok(r && Number(b['data-value']) === r.median, `${b['data-scenario']} ${b['data-impl']}: the JSON's median`)
  }
})
