// The progress line on stderr while children run: cell n of N, run r of R, elapsed, ETA.
// Only on a TTY (a redirected stderr gets no carriage-return noise) and unless --no-progress.
'use strict'

function seconds (ms) {
  const s = Math.max(0, Math.round(ms / 1000))
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`
}

function create ({ enabled, stream = process.stderr, cellsTotal, runs }) {
  if (!enabled) return { update () {}, done () {} }
  let cellIndex = 0
  const seen = new Set()
  return {
    update ({ done, total, cell, run, elapsedMs, etaMs }) {
      if (!seen.has(cell)) {
        seen.add(cell)
        cellIndex = seen.size
      }
      const what = `${cell.scenario.name} ${cell.impl === '-' ? '' : cell.impl + ' '}${cell.node.version}`
      const line = `cell ${cellIndex}/${cellsTotal} run ${run + 1}${runs ? `/${runs}` : ''} (${done + 1}/${total}) ` +
        `elapsed ${seconds(elapsedMs)} ETA ${seconds(etaMs)}  ${what}`
      const width = stream.columns || 100
      stream.write(`\r\x1b[K${line.slice(0, width - 1)}`)
    },
    done () {
      stream.write('\r\x1b[K')
    }
  }
}

module.exports = { create, seconds }
