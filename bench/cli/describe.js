// The text of `timerbench scenarios`: every group and scenario with its unit and what it measures,
// and how the numbers are produced.
'use strict'

const registry = require('../scenarios')
const { DEFAULT_IMPLS } = require('./cli-options')

const NOTES = [
  'How it measures:',
  '  Every (Node, implementation, scenario) cell runs in a fresh child process, --runs times',
  '  (default 5), interleaved across implementations; the table shows the median of the runs.',
  '  A child warms up, then times batches of operations (tinybench where the Node supports it,',
  '  a built-in sampler of the same shape otherwise); a run is operations / mean batch time,',
  '  so GC pauses count. Batches are separated by a loop turn; GC is never forced.',
  '  fn-* rows call no timers: measured once per Node, reported under implementation "-".',
  '  timeout-run-10k*: a 1 ms timeout cannot fire sooner, so the idle wait before the first',
  '  deadline is excluded: after creating the timers the batch spins, unmeasured, until every',
  '  deadline has passed, then times until the last callback. Rate = N / (create + run time).',
  '  cpu-*: CPU time (process.cpuUsage) over a window of --duration seconds (default 10, 1 with',
  '  --quick), opened once every loop has fired 6,000 times (not with --quick) and at least a tenth',
  '  of the duration (0.1-1 s) has passed; the JSON adds fires per second and CPU us per fire.',
  `Implementations: native, heaptimers, heaptimers:key=value,... (default ${DEFAULT_IMPLS.join(',')}); undici and`,
  '  module:<path or package>; the Pyodide study\'s strategies: channel (setImmediate on one reused',
  '  MessageChannel), channel-per-call, post-task (scheduler.postTask) and pyodide:k=2,reuse=false',
  '  (setTimeout with delay <= k through the channel, longer ones native).',
  `With no -s: every group but cpu (its warm-up takes seconds per child) and the opt-in ${registry.OPT_IN_GROUPS.join(', ')}.`,
  'Other Nodes: --node 0.10,18,22 runs every cell on each (`timerbench nodes` lists what is installed;',
  '  --install fetches the rest). Native columns work on Node 0.8 and later (the setImmediate rows',
  '  from 0.10), heaptimers from its engines (>=18) on; below that its cells are n/a. Old Nodes',
  '  fall back, and the JSON records it:',
  '  the built-in sampler below tinybench\'s engines (run.sampler), process.hrtime where',
  '  performance.now is missing (extra.clock), /proc/self/stat before process.cpuUsage (extra.cpuClock).'
]

function text () {
  const width = Math.max(...registry.all.map((s) => s.name.length))
  const lines = []
  for (const group of registry.GROUPS) {
    lines.push(`${group}: ${registry.GROUP_TEXT[group]}`)
    for (const s of registry.inGroup(group)) {
      const better = s.higherIsBetter ? 'higher is better' : 'lower is better'
      lines.push(`  ${s.name.padEnd(width)}  ${s.unit}, ${better}`)
      lines.push(`  ${' '.repeat(width)}  ${s.summary}`)
    }
    lines.push('')
  }
  return `${[...lines, ...NOTES].join('\n')}\n`
}

module.exports = { text }
