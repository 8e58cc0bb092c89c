'use strict'

// `node -r heaptimers/register app.js`: run any program on heaptimers.
require('./index.js').install()
