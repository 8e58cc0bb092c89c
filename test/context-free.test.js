'use strict'
// AsyncLocalStorage around "context-free" timers (lib/async-context.js): created while no storage had been
// entered and no async hook was enabled, they skip the context capture and run in their pass's
// context; a store entered afterwards must still never reach them. One fresh process per
// scenario (test/fixtures/context-free.js), native first (the oracle), then heaptimers.
const t = require('tap')
const { runFixtureEach, parseResult } = require('./helpers/child.js')

const expected = {
  'run() under an earlier deadline': {
    'timeout in run()': 's',
    'free interval 0': null,
    'free interval 1': null,
    'free interval 2': null,
    'free timeout': null,
  },
  'enterWith in a sibling immediate': { A: 'x', B: null, 'child of A': 'x' },
  'enterWith in a sibling timeout': { B: null, 'immediate of A': 'y', 'child of A': 'y' },
  'run() inside a chain': {
    'step 0': null, 'step 1': null, 'started in run()': 'r', 'step 2': null, 'step 3': null,
  },
  'storage disabled before load': { 'timeout in run()': 'after load', 'free timeout': null },
  'store entered before load': { immediate: 'before load', timeout: 'before load' },
  'global Promise replaced before load': { immediate: 'req', timeout: 'req' },
  'loaded once the loop runs, a store pending elsewhere': { first: null, immediate: 'pending', timeout: 'pending' },
  'loaded in a promise job, a store entered in a tick before': { first: null, immediate: 'tick', timeout: 'tick' },
}

for (const [scenario, want] of Object.entries(expected)) {
  t.test(scenario, async t => {
    const runs = await runFixtureEach('context-free.js', [scenario], { parallel: true })
    for (const [impl, r] of Object.entries(runs)) {
      t.equal(r.code, 0, `${impl} exits 0`, { stderr: r.stderr })
      t.same(parseResult(r.stdout), want, `${impl}: every callback sees its creation's stores`)
    }
  })
}
