// The SVG chart (bench/report/svg.js) on the fixed reports of test/bench/fixtures/chart, read
// back with a small tag parser written here: the document is well-formed (every tag closed, in
// order, attributes quoted, text and attributes escaped), self-contained (nothing loaded from
// elsewhere), and has exactly one <rect> per cell that has a value -- none for errors, a 0-wide
// one for 0 -- with data-node, data-impl, data-scenario and data-value, a <title> tooltip with
// the exact value, widths proportional to the values within a scenario, in table order.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const svg = require('../../bench/report/svg')
const { FIXTURES } = require('./fixtures/helpers')

const DIR = path.join(FIXTURES, 'chart')
const load = (name) => JSON.parse(fs.readFileSync(path.join(DIR, name), 'utf8'))

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" }
function decode (text, where) {
  return text.replace(/&([^;]*);?/g, (all, name) => {
    if (!all.endsWith(';') || !(name in ENTITIES)) throw new Error(`bad entity '${all}' in ${where}`)
    return ENTITIES[name]
  })
}

// Parses the document into a tree of { name, attrs, children, text }; throws on anything that is
// not well-formed XML of the kind svg.js writes (no comments, CDATA or processing instructions).
function parseXml (source) {
  const root = { name: '#document', attrs: {}, children: [], text: '' }
  const stack = [root]
  const tag = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/y
  let i = 0
  while (i < source.length) {
    const lt = source.indexOf('<', i)
    const text = source.slice(i, lt < 0 ? source.length : lt)
    if (text.includes('>')) throw new Error(`a raw '>' in text near ${JSON.stringify(text.slice(0, 40))}`)
    stack[stack.length - 1].text += decode(text, 'text')
    if (lt < 0) break
    tag.lastIndex = lt
    const m = tag.exec(source)
    if (!m) throw new Error(`malformed tag at ${lt}: ${JSON.stringify(source.slice(lt, lt + 40))}`)
    const [whole, closing, name, attrText, selfClosing] = m
    if (closing) {
      const open = stack.pop()
      if (open.name !== name || attrText || selfClosing) throw new Error(`</${name}> closes <${open.name}>`)
    } else {
      const attrs = {}
      for (const a of attrText.matchAll(/([\w:-]+)="([^"]*)"/g)) {
        if (a[1] in attrs) throw new Error(`attribute ${a[1]} twice in <${name}>`)
        attrs[a[1]] = decode(a[2], `${name}@${a[1]}`)
      }
      const node = { name, attrs, children: [], text: '' }
      stack[stack.length - 1].children.push(node)
      if (!selfClosing) stack.push(node)
    }
    i = lt + whole.length
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1].name}> never closed`)
  if (root.text.trim()) throw new Error('text outside the root element')
  return root
}

function all (node, name, out = []) {
  for (const child of node.children) {
    if (child.name === name) out.push(child)
    all(child, name, out)
  }
  return out
}

function okResults (report) {
  return report.results.filter((r) => !r.error)
}

t.test('the parser itself rejects what is not well-formed', async (t) => {
  t.throws(() => parseXml('<svg><text>a</svg>'), /closes <text>/)
  t.throws(() => parseXml('<svg><rect width="1"></svg>'), /closes <rect>/)
  t.throws(() => parseXml('<svg>'), /never closed/)
  t.throws(() => parseXml('<svg><text>a & b</text></svg>'), /bad entity/)
  t.throws(() => parseXml('<svg a=1></svg>'), /malformed tag/)
  t.throws(() => parseXml('<svg><text>a > b</text></svg>'), /raw '>'/)
  t.same(parseXml('<svg x="&lt;1&gt;"><text>&amp;</text><rect/></svg>').children[0].attrs, { x: '<1>' })
})

for (const name of ['two-nodes.json', 'edge.json']) {
  t.test(`${name}: well-formed, self-contained, one bar per cell with a value`, async (t) => {
    const report = load(name)
    const source = svg.render(report)
    const doc = parseXml(source)
    t.equal(doc.children.length, 1, 'one root element')
    const root = doc.children[0]
    t.equal(root.name, 'svg')
    t.equal(root.attrs.xmlns, 'http://www.w3.org/2000/svg')
    t.match(root.attrs.viewBox, /^0 0 \d+ \d+$/)
    t.notMatch(source, /href|url\(|@import|<image|<style|<link|<script|<foreignObject/, 'nothing loaded from elsewhere')
    t.notMatch(source.replace('http://www.w3.org/2000/svg', ''), /https?:/, 'no address but the namespace')
    t.equal(root.children[0].name, 'title', 'a document title first')

    const rects = all(root, 'rect')
    const expected = okResults(report)
    t.equal(rects.length, expected.length, `${expected.length} bars, one per cell that has a value`)
    const key = (node, impl, scenario) => `${node}|${impl}|${scenario}`
    t.same(rects.map((r) => key(r.attrs['data-node'], r.attrs['data-impl'], r.attrs['data-scenario'])).sort(),
      expected.map((r) => key(r.node, r.impl, r.scenario)).sort(), 'data-node, data-impl, data-scenario name the cells')

    for (const rect of rects) {
      const result = expected.find((r) => key(r.node, r.impl, r.scenario) ===
        key(rect.attrs['data-node'], rect.attrs['data-impl'], rect.attrs['data-scenario']))
      t.equal(Number(rect.attrs['data-value']), result.median, 'data-value is the exact median')
      t.equal(rect.children.length, 1)
      t.equal(rect.children[0].name, 'title', 'a tooltip')
      t.ok(rect.children[0].text.includes(`: ${result.median} ${result.unit}`), `the tooltip has the exact value: ${rect.children[0].text}`)
      if (result.median === 0) t.equal(Number(rect.attrs.width), 0, 'a 0 value is a 0-wide bar')
    }

    // Within a scenario, widths are in proportion to the values; the largest sets the scale.
    const scenarios = [...new Set(rects.map((r) => r.attrs['data-scenario']))]
    for (const scenario of scenarios) {
      const mine = rects.filter((r) => r.attrs['data-scenario'] === scenario)
      const max = Math.max(...mine.map((r) => Number(r.attrs['data-value'])))
      const widest = Math.max(...mine.map((r) => Number(r.attrs.width)))
      t.ok(max === 0 ? widest === 0 : widest > 100, `${scenario}: the largest value has a long bar (${widest})`)
      for (const r of mine) {
        const want = max > 0 ? (Number(r.attrs['data-value']) / max) * widest : 0
        t.ok(Math.abs(Number(r.attrs.width) - want) <= 0.01, `${scenario} ${r.attrs['data-node']} ${r.attrs['data-impl']}: width ${r.attrs.width} ~ ${want.toFixed(2)}`)
      }
      t.equal(new Set(mine.map((r) => r.attrs.x)).size, 1, `${scenario}: bars start at one x`)
    }

    const texts = all(root, 'text').map((n) => n.text)
    for (const r of report.results.filter((x) => x.error)) {
      t.ok(texts.some((s) => new RegExp(`^${r.error.kind === 'n/a' ? 'n/a' : 'error'} \\[\\d+\\]$`).test(s)), `${r.scenario} ${r.impl}: error text`)
    }
    t.ok(texts.some((s) => /^\[\d+\] /.test(s)) === report.results.some((x) => x.error), 'footnotes when there are errors')
  })
}

t.test('bars in table order: versions oldest first, native first; escaping round-trips', async (t) => {
  const report = load('two-nodes.json')
  const rects = all(parseXml(svg.render(report)), 'rect')
  const order = rects.filter((r) => r.attrs['data-scenario'] === 'timeout-set-clear').map((r) => `${r.attrs['data-node']} ${r.attrs['data-impl']}`)
  t.same(order, ['v18.20.8 native', 'v18.20.8 heaptimers', 'v18.20.8 heaptimers:maxTickDepth=10',
    'v22.3.0 native', 'v22.3.0 heaptimers', 'v22.3.0 heaptimers:maxTickDepth=10'])
  const ys = rects.map((r) => Number(r.attrs.y))
  t.same(ys, ys.slice().sort((a, b) => a - b), 'top to bottom in document order')
  const texts = all(parseXml(svg.render(report)), 'text').map((n) => n.text)
  t.ok(texts.includes('cpu-1ms-loops-100 (% cpu, lower is better)'))
  t.ok(texts.includes('9.51 M/s ++') && texts.includes('2.08 M/s **'), 'values with the tables\' marks')

  const edge = load('edge.json')
  const source = svg.render(edge)
  t.notMatch(source, /esc<&>/, 'markup characters never appear raw')
  const doc = parseXml(source)
  t.ok(all(doc, 'text').some((n) => n.text === 'esc<&>"\'name (M/s, higher is better)'), 'the heading decodes to the name')
  t.equal(all(doc, 'rect').filter((r) => r.attrs['data-scenario'] === 'esc<&>"\'name').length, 3)
  t.equal(svg.escape('<a href="x">&\'</a>'), '&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;')
})

t.test('a wider picture gets longer bars; long notes widen it', async (t) => {
  const report = load('two-nodes.json')
  const width = (w) => Math.max(...all(parseXml(svg.render(report, { width: w })), 'rect').map((r) => Number(r.attrs.width)))
  t.ok(width(1200) - width(880) === 320, 'the extra pixels go to the bars')
  const root = parseXml(svg.render(report, { width: 300 })).children[0]
  const longest = Math.max(...all(root, 'text').map((n) => n.text.length))
  t.ok(Number(root.attrs.width) >= longest * 12 * 0.6, 'no text runs off the right edge')
})
