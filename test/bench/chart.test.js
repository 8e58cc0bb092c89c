// The text chart (bench/report/chart.js) on fixed reports, against golden files: a two-Node report
// at 60, 80 and 120 columns (versions oldest first though the file lists the newer first, marks,
// two different error cells, a lower-is-better cpu row with a fire-rate warning) and an edge
// report (a 0 value in a lower-is-better unit, a scenario of zeros, an unknown unit, a tiny value,
// a scenario where every cell failed, a name with markup characters). Then what the goldens must
// show, checked without them: bar lengths proportional to the values, the tables' marks, no bar
// for errors and zeros, every line within the width; --chart under a table and in Markdown, with
// the table's footnote numbers; how the width is found.
// Regenerate the golden files after a deliberate change of the output, then read the diff:
//   UPDATE_GOLDEN=1 npx tap test/bench/chart.test.js
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const chart = require('../../bench/report/chart')
const { render } = require('../../bench/report')
const { marksOf } = require('../../bench/report/model')
const { FIXTURES } = require('./fixtures/helpers')

const DIR = path.join(FIXTURES, 'chart')
const load = (name) => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'))
const TWO = 'two-nodes.json'
const EDGE = 'edge.json'
const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

function golden (t, name, actual) {
  const file = path.join(DIR, name)
  if (process.env.UPDATE_GOLDEN) fs.writeFileSync(file, actual)
  t.equal(actual, fs.readFileSync(file, 'utf8'), `matches ${name}`)
}

// The chart's bar lines, parsed: { label, eighths (0 for no bar), text }, per scenario heading.
function parse (text) {
  const scenarios = new Map()
  let current = null
  for (const line of text.split('\n')) {
    const heading = /^(\S.*) \((.*), (higher|lower) is better\)$/.exec(line)
    if (heading) {
      current = []
      scenarios.set(heading[1], current)
      continue
    }
    if (!line || line.startsWith('- ') || !current) { current = line ? current : null; continue }
    const m = /^(v\S+ \S+(?: timers)?) +(?:(█*)([▏▎▍▌▋▊▉]?) )?(.*)$/u.exec(line)
    const bar = m[2] === undefined ? '' : m[2] + m[3]
    current.push({ label: m[1], eighths: m[2] === undefined ? 0 : m[2].length * 8 + EIGHTHS.indexOf(m[3]), text: m[4], bar, line })
  }
  return scenarios
}

// The expected order of a scenario's cells: versions oldest first, then native first.
function cellsOf (report, scenario) {
  const rows = report.results.filter((r) => r.scenario === scenario)
  const nodes = [...new Set(rows.map((r) => r.node))].sort((a, b) => Number(a.split('.')[0].slice(1)) - Number(b.split('.')[0].slice(1)))
  const impls = ['-', 'native', 'heaptimers', 'heaptimers:maxTickDepth=10']
  return nodes.flatMap((n) => impls.map((i) => rows.find((r) => r.node === n && r.impl === i)).filter(Boolean))
}

for (const width of [60, 80, 120]) {
  t.test(`two Nodes at ${width} columns: the golden chart`, async (t) => {
    golden(t, `two-nodes.w${width}.txt`, chart.render(load(TWO), { width }))
  })
}

t.test('edge cases at 80 columns: the golden chart', async (t) => {
  golden(t, 'edge.w80.txt', chart.render(load(EDGE), { width: 80 }))
})

t.test('bars: proportional to the values, from 0 to each scenario\'s largest, in table order', async (t) => {
  for (const [name, width] of [[TWO, 60], [TWO, 80], [TWO, 120], [EDGE, 80], [EDGE, 200]]) {
    const report = load(name)
    const text = chart.render(report, { width })
    const parsed = parse(text)
    const all = [...parsed.values()].flat()
    const labelWidth = Math.max(...all.map((e) => e.label.length))
    const textWidth = Math.max(...all.map((e) => e.text.length))
    const barWidth = Math.max(10, width - labelWidth - 3 - textWidth)
    for (const [scenario, entries] of parsed) {
      const results = cellsOf(report, scenario)
      t.same(entries.map((e) => e.label), results.map((r) => `${r.node} ${r.impl === '-' ? 'no timers' : r.impl}`),
        `${name} ${scenario}: versions oldest first, native first`)
      const max = Math.max(0, ...results.filter((r) => !r.error).map((r) => r.median))
      const marks = marksOf(report.results.filter((r) => r.scenario === scenario))
      results.forEach((r, i) => {
        const e = entries[i]
        if (r.error) {
          t.equal(e.eighths, 0, `${scenario} ${e.label}: no bar for an error`)
          t.match(e.text, r.error.kind === 'n/a' ? /^n\/a \[\d+\]$/ : /^error \[\d+\]$/)
          return
        }
        if (r.median === 0) {
          t.equal(e.bar, '', `${scenario} ${e.label}: no bar for 0`)
        } else {
          const exact = (r.median / max) * barWidth * 8
          t.ok(Math.abs(e.eighths - Math.max(1, exact)) <= 0.5 || (exact < 1 && e.eighths === 1),
            `${name} ${scenario} ${e.label}: ${e.eighths} eighths for ${exact.toFixed(2)}`)
        }
        if (r.median === max && max > 0) t.equal(e.bar, '█'.repeat(barWidth), 'the largest value fills the bar width')
        const mark = marks.get(r)
        if (mark) t.ok(e.text.endsWith(` ${mark}`), `${scenario} ${e.label} is marked ${mark}`)
        else t.notMatch(e.text, /\+\+|\*\*/, `${scenario} ${e.label} is not marked`)
      })
    }
    if (width >= labelWidth + 3 + textWidth + 10) {
      const long = text.split('\n').filter((l) => /[█▏▎▍▌▋▊▉]/u.test(l) && l.length > width)
      t.same(long, [], `${name}: every bar line fits ${width} columns`)
    }
  }
})

t.test('headings say lower is better where it is; labels use format.measurement and the unit', async (t) => {
  const text = chart.render(load(TWO), { width: 80 })
  t.match(text, /^cpu-1ms-loops-100 \(% cpu, lower is better\)$/m)
  t.match(text, /^timeout-set-clear \(M\/s, higher is better\)$/m)
  t.match(text, /^v22\.3\.0 heaptimers +█+[▏▎▍▌▋▊▉]? 4\.72% cpu \+\+$/mu, '% cpu: the formatter\'s 4.72%, then the rest of the unit')
  t.match(text, /^v22\.3\.0 heaptimers:maxTickDepth=10 +█+ 9\.51 M\/s \+\+$/mu)
  const edge = chart.render(load(EDGE), { width: 80 })
  t.match(edge, /^timer-latency \(ms, lower is better\)$/m, 'a unit the schema does not know yet')
  t.match(edge, /^v20\.20\.2 heaptimers +0(\.0+)? ms( \+\+)?$/m, '0: no bar, the value')
  t.match(edge, /^v20\.20\.2 heaptimers:maxTickDepth=10 +▏ 0\.00400 widgets\/s$/mu, 'a tiny value shows one eighth, an unknown unit as it is')
  t.match(edge, /^- \[1\] failed: assertion failed: 3 timers fired early/m, 'error footnotes under the chart')
  t.match(edge, /^v20\.20\.2 native +error \[2\]$/m)
  t.match(edge, /^v20\.20\.2 heaptimers:maxTickDepth=10 +error \[3\]$/m)
  t.match(text, /^- warning: cpu-1ms-loops-100 heaptimers on v22\.3\.0 fired 47000\/s/m, 'the tables\' fire-rate warning')
})

t.test('--chart under a table uses the table\'s footnote numbers', async (t) => {
  const report = load(TWO)
  const versions = render(report, 'table', { chart: true, width: 80 })
  const plain = render(report, 'table', { width: 80 })
  t.ok(versions.startsWith(`${plain}\n`), 'the table unchanged, then a blank line, then the chart')
  t.match(plain, /\[1\] timeout: no result within 20 s/, 'the versions table numbers the timeout first')
  t.match(versions, /^v22\.3\.0 heaptimers +error \[1\]$/m)
  t.match(versions, /^v18\.20\.8 heaptimers:maxTickDepth=10 +error \[2\]$/m)
  t.equal(versions.match(/child killed by SIGSEGV/g).length, 1, 'the footnote is the table\'s, not repeated')

  const wide = render(report, 'table', { chart: true, width: 80, layout: 'wide' })
  t.match(wide, /\[1\] crash: child killed by SIGSEGV/, 'the wide table numbers the crash first')
  t.match(wide, /^v18\.20\.8 heaptimers:maxTickDepth=10 +error \[1\]$/m)
  t.match(wide, /^v22\.3\.0 heaptimers +error \[2\]$/m)

  const standalone = parse(chart.render(report, { width: 80 }))
  const under = parse(versions.slice(plain.length))
  t.same([...under.keys()], [...standalone.keys()], 'the same scenarios')
  for (const [name, entries] of under) {
    t.same(entries.map((e) => [e.label, e.bar]), standalone.get(name).map((e) => [e.label, e.bar]), `${name}: the same bars`)
  }
})

t.test('--chart in Markdown: the chart in a fenced code block after the notes', async (t) => {
  const report = load(TWO)
  const md = render(report, 'md', { chart: true, width: 80 })
  const plain = render(report, 'md', { width: 80 })
  t.ok(md.startsWith(`${plain}\n\`\`\`text\n`), 'the Markdown unchanged, then the fence')
  t.ok(md.endsWith('```\n'))
  const inside = md.slice(plain.length + '\n```text\n'.length, -'```\n'.length)
  t.equal(inside, chart.body(report, { width: 80 }), 'the fence holds the chart body')
  t.notMatch(inside, /\\\*/, 'no Markdown escaping inside the code block')
  t.match(inside, /\*\*$/m, 'marks as they are')
  t.equal(render(report, 'json', { chart: true }), render(report, 'json'), 'json is never given a chart')
})

t.test('the width: COLUMNS, else the terminal, else 80', async (t) => {
  t.equal(chart.terminalWidth({ columns: 132 }, {}), 132)
  t.equal(chart.terminalWidth({ columns: 132 }, { COLUMNS: '100' }), 100, 'COLUMNS is set on purpose')
  t.equal(chart.terminalWidth({ columns: 132 }, { COLUMNS: 'wide' }), 132, 'a COLUMNS that is not a number is ignored')
  t.equal(chart.terminalWidth({}, { COLUMNS: '0' }), 80)
  t.equal(chart.terminalWidth({ isTTY: false }, {}), 80, 'a pipe has no columns')
})

t.test('bar(): eighths, at least one for any value above 0, none for 0 or nothing to scale', async (t) => {
  t.equal(chart.bar(10, 10, 4), '████')
  t.equal(chart.bar(5, 10, 3), '█▌', '1.5 characters')
  t.equal(chart.bar(1, 10, 5), '▌', 'half a character')
  t.equal(chart.bar(0.0001, 10, 5), '▏')
  t.equal(chart.bar(0, 10, 5), '')
  t.equal(chart.bar(0, 0, 5), '')
  t.equal(chart.bar(NaN, 10, 5), '')
})
