// Draws the report grid as a terminal table with cli-table3. Colour only for a TTY without
// NO_COLOR: cli-table3 would otherwise put escape codes into pipes and files.
'use strict'

const Table = require('cli-table3')
const model = require('./model')

function wantColor (stream = process.stdout, env = process.env) {
  return Boolean(stream.isTTY) && !('NO_COLOR' in env)
}

// grid: the output of model.build (or anything of that shape).
function drawGrid (grid, color) {
  const table = new Table({
    head: grid.header.map((lines) => lines.join('\n')),
    colAligns: grid.header.map((_, i) => (i < (grid.labelColumns || 1) ? 'left' : 'right')),
    style: color ? { head: ['cyan'], border: ['grey'], compact: true } : { head: [], border: [], compact: true }
  })
  for (const row of grid.rows) table.push(row)
  return table.toString()
}

function render (report, { color = false, layout } = {}) {
  const grid = model.build(report, { layout })
  return [...grid.title, drawGrid(grid, color), ...grid.notes].join('\n') + '\n'
}

module.exports = { render, drawGrid, wantColor }
