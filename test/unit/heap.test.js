'use strict'
// The heap alone: order, stored positions, removal, re-keying, bulk removal, against a sorted model.
const t = require('tap')
const { MinHeap, NOT_IN_HEAP } = require('../../lib/heap')

function rng (seed) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

function checkInvariants (t, heap) {
  const items = heap.items
  for (let i = 0; i < items.length; i++) {
    if (items[i].heapIndex !== i) return t.fail(`item at ${i} stores ${items[i].heapIndex}`)
    if (i > 0 && items[(i - 1) >> 1].key > items[i].key) return t.fail(`heap order broken at ${i}`)
  }
  t.pass(`invariants hold for ${items.length} items`)
}

t.test('pops in key order', async t => {
  const heap = new MinHeap()
  t.equal(heap.peek(), null)
  t.equal(heap.pop(), null)
  const keys = [5, 3, 9, 1, 7, 1.5, 0, 12, 4]
  for (const key of keys) heap.push({ key, heapIndex: NOT_IN_HEAP })
  t.equal(heap.size, keys.length)
  const out = []
  let item
  while ((item = heap.pop()) !== null) {
    out.push(item.key)
    t.equal(item.heapIndex, NOT_IN_HEAP, 'popped items are marked out')
  }
  t.same(out, [...keys].sort((a, b) => a - b))
})

t.test('random push/remove/update/pop matches a sorted model', async t => {
  const random = rng(42)
  const heap = new MinHeap()
  const model = new Set()
  for (let step = 0; step < 20000; step++) {
    const r = random()
    if (r < 0.45 || model.size === 0) {
      const item = { key: Math.floor(random() * 1000), heapIndex: NOT_IN_HEAP }
      heap.push(item)
      model.add(item)
    } else if (r < 0.65) {
      const victim = [...model][Math.floor(random() * model.size)]
      t.equal(heap.remove(victim), true)
      t.equal(heap.remove(victim), false, 'removing twice is refused')
      model.delete(victim)
    } else if (r < 0.8) {
      const item = [...model][Math.floor(random() * model.size)]
      item.key = Math.floor(random() * 1000)
      heap.update(item)
    } else {
      const min = Math.min(...[...model].map(i => i.key))
      const top = heap.pop()
      t.equal(top.key, min)
      model.delete(top)
    }
    if (step % 2000 === 0) checkInvariants(t, heap)
  }
  t.equal(heap.size, model.size)
  checkInvariants(t, heap)
})

t.test('removeWhere drops matching items and keeps order', async t => {
  const heap = new MinHeap()
  const items = []
  for (let i = 0; i < 500; i++) {
    const item = { key: (i * 7919) % 500, heapIndex: NOT_IN_HEAP }
    items.push(item)
    heap.push(item)
  }
  heap.removeWhere(item => item.key % 3 === 0)
  checkInvariants(t, heap)
  for (const item of items) {
    if (item.key % 3 === 0) t.equal(item.heapIndex, NOT_IN_HEAP)
  }
  const out = []
  while (heap.size) out.push(heap.pop().key)
  t.same(out, items.map(i => i.key).filter(k => k % 3 !== 0).sort((a, b) => a - b))
})
