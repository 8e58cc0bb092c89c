// The chart of chart.js as a self-contained SVG document (--svg <file>), for READMEs: the same
// bars from chart-model.js, one <rect> per cell that has a value (data-node, data-impl,
// data-scenario and data-value attributes, and a <title> tooltip with the exact value), the same
// labels and marks, error cells as text. No external fonts, stylesheets or images: GitHub shows
// an SVG through <img>, which loads nothing else. The background is set on the root element
// rather than drawn, so the only <rect>s are bars.
'use strict'

const chartModel = require('./chart-model')
const { NATIVE } = require('./ratio')
const cells = require('./cells')

const DEFAULT_WIDTH = 880
const PAD = 16
const FONT_SIZE = 12
// Monospace glyphs are close to 0.6 em wide in every common font: enough to lay out the columns.
const CHAR = FONT_SIZE * 0.61
const ROW = 18
const BAR_HEIGHT = 12
const HEADING = 26
const LINE = 16
const MIN_BAR = 120
const FONTS = 'ui-monospace, SFMono-Regular, Menlo, Consolas, \'DejaVu Sans Mono\', monospace'
const TEXT = '#24292f'
const MUTED = '#57606a'
// Native (and no-timers rows) in grey, each other implementation its own colour, in column order.
const GREY = '#8c959f'
const PALETTE = ['#0969da', '#bc4c00', '#1a7f37', '#8250df', '#cf222e', '#0550ae']

/** Escapes text for element content and attribute values alike. */
function escape (text) {
  return String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;').replace(/'/g, '&#39;')
}

function colours (results) {
  const { impls } = cells.columnsOf(results)
  const map = new Map()
  impls.filter((i) => i !== NATIVE && i !== cells.NONE).forEach((impl, i) => map.set(impl, PALETTE[i % PALETTE.length]))
  return (impl) => map.get(impl) || GREY
}

function text (x, y, content, attrs = '') {
  return `<text x="${x}" y="${y}"${attrs}>${escape(content)}</text>`
}

function runsText (runs) {
  if (!Array.isArray(runs)) return ''
  return runs.length === 1 ? ' (1 run)' : ` (median of ${runs.length} runs)`
}

// 2 decimals: widths stay proportional to the values well below a pixel, and the file small.
const px = (n) => String(Math.round(n * 100) / 100)

/** The SVG document for a report. options.width: pixels (default 880). */
function render (report, { width = DEFAULT_WIDTH } = {}) {
  const chart = chartModel.build(report)
  const title = chart.title
  const colourOf = colours(report.results)
  const entries = chart.scenarios.flatMap((s) => s.entries)
  const labelWidth = Math.max(0, ...entries.map((e) => e.label.length)) * CHAR
  const textWidth = Math.max(0, ...entries.map((e) => e.text.length)) * CHAR
  const barX = PAD + labelWidth + CHAR * 2
  const barMax = Math.max(MIN_BAR, width - barX - CHAR - textWidth - PAD)
  const notes = [...chart.legend, ...chart.footnotes, ...chart.warnings]
  // Long titles and notes widen the picture rather than run off its edge.
  const longest = Math.max(...[...title, ...notes].map((line) => line.length)) * CHAR + 2 * PAD
  const svgWidth = Math.ceil(Math.max(width, barX + barMax + CHAR + textWidth + PAD, longest))

  const out = []
  let y = PAD + FONT_SIZE
  out.push(text(PAD, y, title[0], ' font-weight="bold"'))
  for (const line of title.slice(1)) {
    y += LINE
    out.push(text(PAD, y, line, ` fill="${MUTED}"`))
  }
  for (const scenario of chart.scenarios) {
    y += HEADING
    out.push(text(PAD, y, scenario.heading, ' font-weight="bold"'))
    for (const e of scenario.entries) {
      y += ROW
      out.push(text(PAD, y, e.label))
      let textX = barX
      if (e.value !== null) {
        const w = scenario.max > 0 ? (e.value / scenario.max) * barMax : 0
        const r = e.result
        const tip = `${e.label}, ${scenario.name}: ${r.median} ${scenario.unit || ''}`.trim() +
          (typeof r.rme === 'number' && Number.isFinite(r.rme) ? ` ±${r.rme.toFixed(1)}%` : '') +
          `${runsText(r.runs)}${e.mark ? ` ${e.mark}` : ''}`
        out.push(`<rect x="${px(barX)}" y="${px(y - BAR_HEIGHT + 2)}" width="${px(w)}" height="${BAR_HEIGHT}" ` +
          `fill="${colourOf(e.impl)}" data-node="${escape(e.node)}" data-impl="${escape(e.impl)}" ` +
          `data-scenario="${escape(e.scenario)}" data-value="${escape(r.median)}"><title>${escape(tip)}</title></rect>`)
        textX = barX + w + CHAR
      }
      out.push(text(px(textX), y, e.text, e.error ? ` fill="${MUTED}"` : ''))
    }
  }
  y += LINE / 2
  for (const note of notes) {
    y += LINE
    out.push(text(PAD, y, note, ` fill="${MUTED}"`))
  }
  const height = Math.ceil(y + PAD)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${svgWidth}" height="${height}" viewBox="0 0 ${svgWidth} ${height}" ` +
      `font-family="${escape(FONTS)}" font-size="${FONT_SIZE}" fill="${TEXT}" style="background:#ffffff" role="img">`,
    `<title>${escape(title.join(' | '))}</title>`,
    ...out,
    '</svg>',
    ''
  ].join('\n')
}

module.exports = { render, escape, DEFAULT_WIDTH }
