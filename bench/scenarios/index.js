// The scenario registry: every scenario in table order, grouped as in the classic study
// (basics, primitives, queue, recursion, bulk, cpu; with timeouts, the long timeouts servers keep), then the groups that look beyond throughput
// (accuracy, nested, gameloop, burst, responsiveness, threads, scaling). Shared by the parent (names,
// groups, units, descriptions) and the child (the code). ES5 on purpose: the child requires it.
'use strict'

var GROUPS = ['basics', 'primitives', 'timeouts', 'queue', 'recursion', 'bulk', 'cpu',
  'accuracy', 'nested', 'gameloop', 'burst', 'responsiveness', 'threads', 'scaling', 'apps']

// Groups a plain `timerbench` (no -s) leaves out: they wait on real delays (16 ms frames, 100 ms
// of deadlines) or allocate a million timers, so they would double the default run time.
// `-s all` or `-s <group>` runs them.
var OPT_IN_GROUPS = ['accuracy', 'nested', 'gameloop', 'burst', 'responsiveness', 'threads', 'scaling', 'apps']

// One line per group for `timerbench scenarios`.
var GROUP_TEXT = {
  basics: 'calling a function: the floor under every timer callback (no timers involved)',
  primitives: 'create a timer and cancel it at once',
  timeouts: 'long timeouts as servers keep them: a cancelled 30 s deadline, refreshing 10k pending idle timers',
  queue: 'the immediate queue with many entries queued (and cancelled) before they run',
  recursion: 'each immediate queues the next: one step per loop turn under Node semantics',
  bulk: 'create 10k timers, then run them all',
  cpu: 'CPU cost of many concurrent 1 ms timers re-queueing themselves',
  accuracy: 'how close to creation + delay a timeout fires (0, 1, 2, 16 ms), and whether it fires early',
  nested: 'chains of timeouts set from the previous callback: does anything clamp or add up?',
  gameloop: 'a 60 FPS loop on setTimeout: frame-time jitter and achieved FPS',
  burst: '10,000 callbacks scheduled at once from an I/O callback: throughput and first/last latency',
  responsiveness: 'how often a 1 ms timer runs while the loop is busy with CPU chunks (or hands them to worker threads) or timer churn',
  threads: 'how fast an idle main loop wakes up for a message from a worker thread (p50, p99)',
  scaling: 'cost per timeout from 1k to 1M timeouts (with the growth exponent), and heap per pending timeout',
  apps: 'small real programs under load: an http server, a TTL cache and a job queue; CPU per unit of work, with throughput, latency and errors'
}

var all = [].concat(
  require('./basics'),
  require('./primitives'),
  require('./timeouts'),
  require('./queue'),
  require('./recursion'),
  require('./bulk'),
  require('./cpu'),
  require('./accuracy'),
  require('./nested'),
  require('./gameloop'),
  require('./burst'),
  require('./responsiveness'),
  require('./threads'),
  require('./scaling'),
  require('./apps')
)

var byName = {}
for (var i = 0; i < all.length; i++) byName[all[i].name] = all[i]

function get (name) {
  return Object.prototype.hasOwnProperty.call(byName, name) ? byName[name] : null
}

function inGroup (group) {
  return all.filter(function (s) { return s.group === group })
}

/** Whether a scenario's group is in a plain `timerbench` run (before the cpu trimming). */
function inDefault (scenario) {
  return OPT_IN_GROUPS.indexOf(scenario.group) < 0
}

module.exports = {
  GROUPS: GROUPS,
  OPT_IN_GROUPS: OPT_IN_GROUPS,
  GROUP_TEXT: GROUP_TEXT,
  all: all,
  get: get,
  inGroup: inGroup,
  inDefault: inDefault
}
