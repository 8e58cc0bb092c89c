'use strict'
// One style for lib, bench, bin and test: neostandard (standard's rules, no semicolons).
const neostandard = require('neostandard')

// What timerbench's child loads: it runs on Node 0.8 and up, so plain ES5 (test/bench/es5.test.js
// checks the same with a parser); so does the test module the child loads on those Nodes, and
// the page shim that runs it in a browser.
const CHILD = ['bench/child/**/*.js', 'bench/scenarios/**/*.js', 'bench/browser/shim.js', 'test/bench/fixtures/modules/slot-immediates.js']

module.exports = [
  ...neostandard({ ignores: ['bench/results/**', 'coverage/**', '.tap/**', 'node_modules/**'] }),
  {
    files: CHILD,
    languageOptions: { ecmaVersion: 5, sourceType: 'script' },
    rules: { 'no-var': 'off', 'object-shorthand': 'off', 'prefer-const': 'off', 'prefer-regex-literals': 'off' }
  },
  {
    // The library's mutable module state is `var` on purpose: V8 checks a `let` read from
    // another function for the temporal dead zone on every read (docs/design.md).
    files: ['lib/**/*.js'],
    rules: { 'no-var': 'off' }
  },
  {
    rules: {
      'no-void': 'off', // `void promise` marks a promise deliberately left unawaited
      'no-control-regex': 'off', // matching terminal escapes
      'promise/param-names': 'off',
      'n/no-deprecated-api': 'off', // tests compare deprecated APIs (domain, timers.enroll) with Node
      'no-useless-call': 'off', // callbacks are called with an explicit `this`, as Node does
      'no-new-func': 'off',
      'no-implied-eval': 'off', // tests pass strings where Node's timers reject them
      'no-template-curly-in-string': 'off',
      'n/no-path-concat': 'off', // the ES5 child has no path module to join with
      'no-unmodified-loop-condition': 'off' // loops that wait for callbacks to change a variable
    }
  }
]
