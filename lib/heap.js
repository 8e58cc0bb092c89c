'use strict'

// A binary min-heap of items ordered by their numeric `key`.
//
// Every item stores its own position in `heapIndex` (-1 while it is not in a heap), so any item
// can be removed or re-keyed in O(log n) without a search. The heap knows nothing about timers:
// callers give it objects with two writable fields, `key` and `heapIndex`, and keep keys unique
// if they need a total order (equal keys come out in an unspecified order).

const NOT_IN_HEAP = -1

class MinHeap {
  constructor () {
    this.items = []
  }

  /** Number of items in the heap. */
  get size () {
    return this.items.length
  }

  /** The item with the smallest key, or null when empty. */
  peek () {
    return this.items.length === 0 ? null : this.items[0]
  }

  /** Adds `item`, which must not already be in a heap. */
  push (item) {
    const items = this.items
    item.heapIndex = items.length
    items.push(item)
    this.siftUp(item.heapIndex)
  }

  /** Removes and returns the item with the smallest key, or null when empty. */
  pop () {
    const items = this.items
    if (items.length === 0) return null
    const top = items[0]
    this.removeAt(0)
    return top
  }

  /** Removes `item` if it is in this heap; returns whether it was. */
  remove (item) {
    const i = item.heapIndex
    if (i < 0 || i >= this.items.length || this.items[i] !== item) return false
    this.removeAt(i)
    return true
  }

  /** Restores order after `item.key` changed while in the heap. */
  update (item) {
    const i = item.heapIndex
    if (i > 0 && item.key < this.items[(i - 1) >> 1].key) this.siftUp(i)
    else this.siftDown(i)
  }

  /** Removes every item for which `predicate(item)` is true, in O(n). */
  removeWhere (predicate) {
    const items = this.items
    let kept = 0
    for (let i = 0; i < items.length; i++) {
      const item = items[i]
      if (predicate(item)) {
        item.heapIndex = NOT_IN_HEAP
      } else {
        items[kept] = item
        item.heapIndex = kept++
      }
    }
    items.length = kept
    for (let i = (kept >> 1) - 1; i >= 0; i--) this.siftDown(i)
  }

  removeAt (i) {
    const items = this.items
    const removed = items[i]
    const last = items.pop()
    removed.heapIndex = NOT_IN_HEAP
    if (last === removed) return
    items[i] = last
    last.heapIndex = i
    this.update(last)
  }

  siftUp (i) {
    const items = this.items
    const item = items[i]
    const key = item.key
    while (i > 0) {
      const parentIndex = (i - 1) >> 1
      const parent = items[parentIndex]
      if (parent.key <= key) break
      items[i] = parent
      parent.heapIndex = i
      i = parentIndex
    }
    items[i] = item
    item.heapIndex = i
  }

  siftDown (i) {
    const items = this.items
    const length = items.length
    const item = items[i]
    const key = item.key
    for (;;) {
      let child = 2 * i + 1
      if (child >= length) break
      const right = child + 1
      if (right < length && items[right].key < items[child].key) child = right
      const smallest = items[child]
      if (smallest.key >= key) break
      items[i] = smallest
      smallest.heapIndex = i
      i = child
    }
    items[i] = item
    item.heapIndex = i
  }
}

module.exports = { MinHeap, NOT_IN_HEAP }
