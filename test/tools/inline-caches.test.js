'use strict'
// tools/inline-caches.js: the library's property accesses that saw more than one hidden
// class on a benchmark row. The hot paths of timeouts and immediates keep one object shape per
// kind of timer (the hot-path rules), so the rows below list none, on every Node this runs on.

const t = require('tap')
const path = require('node:path')
const { scan, spreadSites } = require('../../tools/inline-caches')

const LIB = path.join(__dirname, '..', '..', 'lib')

t.test('a log: polymorphic and megamorphic sites in the library, by function and place', async t => {
  const log = [
    'code-creation,LazyCompile,10,100,0x1000,64,take /x/lib/timeouts.js:789:14,0x9,~',
    'code-creation,LazyCompile,10,100,0x2000,64,other /x/elsewhere.js:1:1,0x9,~',
    'StoreIC,0x1010,5,793,29,1,P,0xabc,_next,,',
    'StoreIC,0x1010,5,793,29,P,N,0xabc,_next,,', // the same site again, now megamorphic
    'LoadIC,0x1020,5,800,3,0,1,0xabc,_flags,,', // monomorphic: not listed
    'StoreIC,0x2010,5,3,4,1,P,0xabc,x,,', // outside the library
    'LoadIC,0x3000,5,3,4,1,P,0xabc,y,,', // in no code the log named
  ].join('\n')
  const { sites, events } = spreadSites(log, '/x/lib')
  t.same(sites, [
    'take timeouts.js:793:29 ._next StoreIC megamorphic',
    'take timeouts.js:793:29 ._next StoreIC polymorphic',
  ])
  t.equal(events, 5)
})

t.test('the timeout and immediate rows keep every access in lib/ to one hidden class', async t => {
  const rows = ['timeout-set-clear', 'timeout-run-10k', 'timeout-loops-1000', 'immediate-run-10k', 'immediate-recursion']
  for (const { row, sites, events } of scan({ node: process.execPath, target: path.join(LIB, 'index.js'), rows, batches: 10, configure: '' })) {
    t.ok(events > 0, `${row}: the log held inline-cache events`)
    t.same(sites, [], `${row}: no polymorphic site`)
  }
})
