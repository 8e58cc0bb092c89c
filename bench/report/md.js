// Draws the report grid as a GitHub Markdown table, for READMEs and PR comments.
'use strict'

const model = require('./model')

function escape (text) {
  return String(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\*/g, '\\*')
}

function line (cells) {
  return `| ${cells.map(escape).join(' | ')} |`
}

function drawGrid (grid) {
  const out = [line(grid.header.map((lines) => lines.join(' ')))]
  out.push(`|${grid.header.map((_, i) => (i < (grid.labelColumns || 1) ? ':---' : '---:')).join('|')}|`)
  for (const row of grid.rows) out.push(line(row))
  return out.join('\n')
}

function render (report, { layout } = {}) {
  const grid = model.build(report, { layout })
  const title = grid.title.map(escape).join('  \n')
  const notes = grid.notes.map((n) => `- ${escape(n)}`).join('\n')
  return `${title}\n\n${drawGrid(grid)}\n\n${notes}\n`
}

module.exports = { render, drawGrid }
