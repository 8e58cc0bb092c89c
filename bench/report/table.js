// Draws the report grid as a terminal table with cli-table3, in colour where Node itself would
// colour the stream: cli-table3 would otherwise put escape codes into pipes and files.
'use strict'

const tty = require('tty')
const Table = require('cli-table3')
const model = require('./model')

/**
 * Node's own rule (its util.styleText): FORCE_COLOR decides when set, even for a pipe; otherwise
 * a TTY whose terminal has colours, which NO_COLOR and TERM=dumb turn off. hasColors() reads only
 * `env`, so it answers for any stream.
 */
function wantColor (stream = process.stdout, env = process.env) {
  const hasColors = tty.WriteStream.prototype.hasColors
  if (env.FORCE_COLOR !== undefined) return hasColors.call(stream, env)
  return Boolean(stream.isTTY) && hasColors.call(stream, env)
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
