// Pins every benchmark child to one CPU, so that all the children of a run meet the same CPU.
//
// Why: the CPUs of a virtual machine need not be alike. On this project's 2-core host one CPU ran
// every timer row 35-45 % slower than the other, for minutes at a time, and which one changed
// during the day (its physical core is shared with work the guest cannot see: the kernel reports
// no steal time). An unpinned child ran on whichever the scheduler chose, often switching
// half-way, so each cell's children drew from two distributions, and that, more than anything in
// the harness, made the same command disagree with itself. `auto` therefore times a short probe
// on each CPU and pins to the fastest; the probe is run again at the end, and a CPU that slowed
// meanwhile is reported. Pinning trades V8's background threads (compiler, parallel scavenge) a
// core of their own for that constancy; at the steady state a rate row measures they are idle.
// Linux only (taskset, part of util-linux); elsewhere children run unpinned and the report says so.
'use strict'

const fs = require('fs')
const path = require('path')
const { spawnSync } = require('child_process')
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
 * --cpu: 'auto' (the default: the fastest CPU by probe(), chosen by choose() before the run),
 * 'none', or a CPU number. Returns { cpu, taskset, cpus } ({ cpu: 'auto', ... } until chosen) or
 * { cpu: null, why }.
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
  if (!explicit) return { cpu: 'auto', taskset, cpus }
  const cpu = Number(text)
  if (!cpus.includes(cpu)) {
    throw new UsageError(`--cpu ${text} is not a CPU this process may use (valid: auto, none, ${cpus.join(', ')})`)
  }
  return { cpu, taskset, cpus }
}

// The probe: 40 ms of integer arithmetic in a fresh Node on one CPU; thousands of rounds done.
const PROBE = 'let n=0,x=1;const t=process.hrtime.bigint();while(process.hrtime.bigint()-t<40000000n){for(let i=0;i<1000;i++)x=(x*1103515245+12345)|0;n++}process.stdout.write(String(n+(x&0)))'
// Probing many CPUs would cost a second; the last few are as good a choice as any.
const MAX_PROBED = 8

/** How fast each CPU runs the probe now: { cpu: rounds }, the better of two tries taken in
 * turn (missing where the probe failed). */
function probe (pin, nodePath = process.execPath) {
  const rates = {}
  for (let round = 0; round < 2; round++) {
    for (const cpu of pin.cpus.slice(-MAX_PROBED)) {
      const res = spawnSync(pin.taskset, ['-c', String(cpu), nodePath, '-e', PROBE], { encoding: 'utf8', timeout: 5000 })
      const rounds = Number(res.stdout)
      if (res.status === 0 && rounds > 0) rates[cpu] = Math.max(rates[cpu] || 0, rounds)
    }
  }
  return rates
}

/** Resolves 'auto' to the CPU that ran the probe fastest; the probe's figures go with the pin.
 * `quick` (--quick, a quick look) skips the probe and takes the last CPU. */
function choose (pin, probeFn = probe, { quick = false } = {}) {
  if (!pin || pin.cpu !== 'auto') return pin
  if (quick) return { ...pin, cpu: pin.cpus[pin.cpus.length - 1] }
  const rates = probeFn(pin)
  const best = Object.keys(rates).map(Number).sort((a, b) => rates[b] - rates[a])[0]
  if (best === undefined) return { cpu: null, why: 'not pinned (the CPU probe failed)' }
  return { ...pin, cpu: best, probe: rates }
}

/** After a run: the pinned CPU's probe again, and a warning when it ran more than 10 % slower
 * than at the start (the machine's load changed under the run). */
function recheck (pin, probeFn = probe) {
  if (!pin || !pin.probe || typeof pin.cpu !== 'number') return null
  const now = probeFn({ ...pin, cpus: [pin.cpu] })[pin.cpu]
  if (!now) return null
  const before = pin.probe[pin.cpu]
  const change = (now / before - 1) * 100
  return { before, after: now, change, warning: change < -10 ? `CPU ${pin.cpu} ran the probe ${Math.round(-change)}% slower at the end of the run than at its start: the machine's load changed under the run` : null }
}

/** The command `cmd` ({ file, args, env }) run on `pin`'s CPU, or cmd itself when unpinned. */
function pinned (cmd, pin) {
  if (!pin || pin.cpu === null || pin.cpu === undefined) return cmd
  return { file: pin.taskset, args: ['-c', String(pin.cpu), cmd.file, ...cmd.args], env: cmd.env }
}

module.exports = { parseCpuList, allowedCpus, findTaskset, resolveCpu, choose, recheck, probe, pinned }
