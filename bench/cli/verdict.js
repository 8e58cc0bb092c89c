// A child's verdict, from its protocol messages and how it ended: a result line, an error line, a
// crash (signal or non-zero exit), a hang (killed after the timeout) or a silent exit. Shared by
// children in processes (spawn-child.js) and in browser pages (bench/browser/run-page.js).
'use strict'

// What a signal says about the runtime rather than the scenario. SIGILL: old Nodes (5.x seen
// here, on an AMD EPYC, in the cpu rows) trap on an illegal instruction.
const SIGNAL_MEANING = {
  SIGILL: 'an illegal instruction: the runtime trapped, on an instruction this CPU lacks or on a fatal check of its own'
}

function lastLine (text) {
  const lines = String(text).split('\n').map((l) => l.trim()).filter(Boolean)
  return lines.length ? lines[lines.length - 1] : ''
}

// Picks the child's verdict from its messages and exit status.
function verdict (messages, code, signal, stderr, timedOut, timeoutMs) {
  const result = messages.find((m) => m.type === 'result')
  if (result) return { run: result.run, node: result.node }
  const failure = messages.find((m) => m.type === 'error')
  if (failure) return { error: { kind: failure.kind, message: failure.message } }
  if (timedOut) return { error: { kind: 'timeout', message: `no result after ${timeoutMs} ms, child killed` } }
  const why = lastLine(stderr)
  if (signal) {
    // A signal with a known meaning says it; the runtime's last words are then a raw address.
    if (SIGNAL_MEANING[signal]) return { error: { kind: 'crash', message: `child killed by ${signal} (${SIGNAL_MEANING[signal]})` } }
    return { error: { kind: 'crash', message: `child killed by ${signal}${why ? ': ' + why : ''}` } }
  }
  if (code !== 0) return { error: { kind: 'crash', message: `child exited with code ${code}${why ? ': ' + why : ''}` } }
  return { error: { kind: 'failed', message: 'child exited without a result' } }
}

module.exports = { verdict }
