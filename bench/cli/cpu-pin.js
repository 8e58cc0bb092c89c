// Pins every benchmark child to one CPU, so that all the children of a run meet the same CPU.
//
// Why: the CPUs of a virtual machine need not be alike. On this project's 2-core host, CPU 0 ran
// every timer row 35-45 % slower than CPU 1, every time (its physical core is shared with work
// the guest cannot see), and an unpinned child ran on whichever the scheduler chose, often
// switching half-way. Each cell's five children then drew from two distributions, and that,
// more than anything in the harness, made the same command disagree with itself. Pinning trades
// V8's background threads (compiler, parallel scavenge) a core of their own for that constancy;
// at the steady state a rate row measures they are idle. Linux only (taskset, part of
// util-linux); elsewhere children run unpinned and the report says so.
'use strict'

const fs = require('fs')
const path = require('path')
const { UsageError } = require('./usage-error')

// "0-3,6,8-9" (a cpulist, as in /proc/self/status) -> [0, 1, 2, 3, 6, 8, 9].
function parseCpuList (text) {
  const out = []
  for (const part of String(text).trim().split(',')) {
    if (!part) continue
    const [lo, hi] = part.split('-').map(Number)
    for (let cpu = lo; cpu <= (hi === undefined ? lo : hi); cpu++) out.push(cpu)
  }
  return out
}

// The CPUs this process may run on, or null where the system does not say (not Linux).
function allowedCpus (statusFile = '/proc/self/status') {
  let status
  try {
    status = fs.readFileSync(statusFile, 'utf8')
  } catch {
    return null
  }
  const m = /^Cpus_allowed_list:\s*(.+)$/m.exec(status)
  return m ? parseCpuList(m[1]) : null
}

function findTaskset (env = process.env) {
  for (const dir of String(env.PATH || '').split(path.delimiter)) {
    const file = path.join(dir || '.', 'taskset')
    try {
      fs.accessSync(file, fs.constants.X_OK)
      return file
    } catch {}
  }
  return null
}

/**
 * --cpu: 'auto' (the default: the last CPU this process may use, since Linux steers more of its
 * own work to CPU 0), 'none', or a CPU number. Returns { cpu, taskset } or { cpu: null, why }.
 */
function resolveCpu (value = 'auto', { cpus = allowedCpus(), taskset = findTaskset() } = {}) {
  const text = String(value).trim()
  if (text === 'none') return { cpu: null, why: 'not pinned (--cpu none)' }
  const explicit = text !== 'auto'
  if (explicit && !/^\d+$/.test(text)) {
    throw new UsageError(`--cpu must be auto, none or a CPU number, not '${text}'`)
  }
  if (!cpus || !taskset) {
    if (explicit) throw new UsageError(`--cpu ${text} needs Linux and taskset (util-linux); use --cpu none or auto`)
    return { cpu: null, why: 'not pinned (no taskset on this system)' }
  }
  const cpu = explicit ? Number(text) : cpus[cpus.length - 1]
  if (!cpus.includes(cpu)) {
    throw new UsageError(`--cpu ${text} is not a CPU this process may use (valid: auto, none, ${cpus.join(', ')})`)
  }
  return { cpu, taskset }
}

/** The command `cmd` ({ file, args, env }) run on `pin`'s CPU, or cmd itself when unpinned. */
function pinned (cmd, pin) {
  if (!pin || pin.cpu === null || pin.cpu === undefined) return cmd
  return { file: pin.taskset, args: ['-c', String(pin.cpu), cmd.file, ...cmd.args], env: cmd.env }
}

module.exports = { parseCpuList, allowedCpus, findTaskset, resolveCpu, pinned }
