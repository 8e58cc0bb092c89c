// The one error type the CLI treats specially: bad input from the user. Its message is a single
// line naming the bad value and the valid ones; the CLI prints it alone and exits with code 2.
'use strict'

class UsageError extends Error {
  constructor (message) {
    super(message)
    this.name = 'UsageError'
  }
}

module.exports = { UsageError }
