// A seeded pseudo-random generator for scenarios that need "random" delays which are the same in
// every child, on every Node and for every implementation, so that cells compare like with like.
// Park-Miller's minimal standard generator: every product stays below 2^53, so plain doubles
// compute it exactly in ES5 without Math.imul (which Node 0.10 lacks).
// ES5 on purpose: scenario modules run inside the child on every Node version.
'use strict'

var MODULUS = 2147483647
var MULTIPLIER = 16807

/** A generator of integers in [lo, hi], the same sequence for the same seed. */
function integers (seed, lo, hi) {
  var state = (Math.abs(Math.floor(seed)) % (MODULUS - 1)) + 1
  var span = hi - lo + 1
  return function next () {
    state = (state * MULTIPLIER) % MODULUS
    return lo + (state % span)
  }
}

module.exports = { integers: integers }
