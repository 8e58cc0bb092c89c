'use strict'
// The test tiers. `npm test` runs every behaviour at a size that finishes in minutes on a 2-core
// machine; `npm run test:long` (HEAPTIMERS_TEST_TIER=long) runs the same files at full size, and
// the files package.json's tap config leaves out of `npm test` (the research tools' tests, the
// cross-version checks).

const LONG = process.env.HEAPTIMERS_TEST_TIER === 'long'

/** The short tier's figure, or the long tier's. */
function size (short, long) {
  return LONG ? long : short
}

module.exports = { LONG, size }
