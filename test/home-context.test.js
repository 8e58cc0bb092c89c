'use strict'
// AsyncLocalStorage stores when heaptimers runs callbacks in its pass's own context instead of
// entering each timer's capture (lib/async-context.js, "running at home"): a store switch inside one
// callback never reaches a sibling, a second context in the same pass is still entered, chains
// keep their stores, and a frame derived after a capture is not mistaken for it (Node 24+).
// Fresh child processes, so nothing else switches context between a scenario's timers and
// their pass; native first (the oracle), then heaptimers.
const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const expected = {
  'enterWith in a sibling': { B: null, 'child of A': 'x' },
  'run() in a sibling': { 'A in run': 'inner', 'A after run': 'outer', B: 'outer' },
  'enterWith before creating': { immediate: 'top', timeout: 'top' },
  'a second context without a switch': { 'top-level': null, 'from a promise job': 'p' },
  'recursive chains': {
    'chain 0': 'chain',
    'chain 1': 'chain',
    'chain 2': 'chain',
    'chain 3': 'chain',
    'side 0': 'side',
    'side 1': 'side',
    'side 2': 'side',
  },
  'timeouts: enterWith in a sibling': { B: null, 'immediate of A': 'y', 'child of A': 'y' },
  'timeout chain': { 'tick 0': 'loop', 'tick 1': 'loop', 'tick 2': 'loop' },
  'timeout chains across passes': {
    'tick 0': 'loop/undefined',
    'tick 1': 'loop/undefined',
    'tick 2': 'loop/undefined',
    'tick 3': 'loop/switched',
    'tick 4': 'loop/switched',
    'tick 5': 'loop/switched',
    'tick 6': 'loop/switched',
    'tick 7': 'loop/switched',
    'second 0': 'second/switched',
    'second 1': 'second/switched',
    'second 2': 'second/switched',
  },
  'enterWith after creating, then await': { 'after await': 'x' },
}

t.test('stores when callbacks run in the pass context', async t => {
  const runs = await runFixtureEach('home-context.js', [], { parallel: true })
  for (const [impl, r] of Object.entries(runs)) {
    t.equal(r.code, 0, `${impl} exits 0`, { stderr: r.stderr })
    t.same(parseResult(r.stdout), expected, `${impl}: every callback sees its creation's stores`)
  }
})
