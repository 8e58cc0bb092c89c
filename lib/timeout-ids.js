'use strict'

// Numeric ids of Timeouts (`+timeout`, `String(timeout)`), which clearTimeout() accepts.
//
// A timer gets its id when a program first asks for it, and is findable by it only while it is
// pending. The id number lives in the high bits of the timer's `_flags`, so a Timeout needs no
// field of its own for it; past a small integer's range (2^24 ids), ids live in a WeakMap.

/** `_flags` bit: the timer is registered in timersById under its id. */
const HAS_ID = 2
// Above the flag bits (timeouts.js owns bits 0 to 6): the id number, 0 while there is none.
const ID_SHIFT = 7
const MAX_ID_NUMBER = 2 ** (31 - ID_SHIFT) - 1
const FIRST_ID = 2 ** 40 // far above Node's async ids, so our ids never alias native ones

var nextIdNumber = 1
const timersById = new Map()
const lateIds = new WeakMap() // ids given after MAX_ID_NUMBER ran out (not expected in practice)

/** The timer's id, or 0 when it has none yet. */
function idOf (timer) {
  const number = timer._flags >>> ID_SHIFT
  if (number !== 0) return FIRST_ID + number
  return nextIdNumber > MAX_ID_NUMBER ? lateIds.get(timer) || 0 : 0
}

/** Gives the timer the next id and returns it. */
function giveId (timer) {
  if (nextIdNumber <= MAX_ID_NUMBER) {
    const number = nextIdNumber++
    timer._flags |= number << ID_SHIFT
    return FIRST_ID + number
  }
  const id = FIRST_ID + nextIdNumber++
  lateIds.set(timer, id)
  return id
}

/** Makes `id` find the timer (clearTimeout(id)) until forgetId(). */
function registerId (timer, id) {
  timer._flags |= HAS_ID
  timersById.set(id, timer)
}

/** The pending timer registered under `id` (a number or its string), or undefined. */
function timerById (id) {
  if (typeof id === 'string') {
    const n = Number(id)
    if (String(n) !== id) return undefined
    id = n
  }
  return timersById.get(id)
}

/** Makes the timer's id find nothing (it fired or was cleared). */
function forgetId (timer) {
  timersById.delete(idOf(timer))
}

module.exports = { HAS_ID, idOf, giveId, registerId, forgetId, timerById }
