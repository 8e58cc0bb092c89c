'use strict'
// The library's modules require one another in one direction only: a cycle would make one of
// them see the other half-loaded, depending on which the application required first.

const t = require('tap')
const fs = require('node:fs')
const path = require('node:path')

const LIB = path.join(__dirname, '..', '..', 'lib')

function requiresOf (file) {
  const source = fs.readFileSync(path.join(LIB, file), 'utf8')
  return [...source.matchAll(/require\('\.\/([^']+)'\)|from '\.\/([^']+)'/g)]
    .map((m) => m[1] || m[2])
    .map((name) => (name.endsWith('.js') || name.endsWith('.mjs') ? name : `${name}.js`))
}

t.test('lib/ has no require cycle', async (t) => {
  const files = fs.readdirSync(LIB).filter((f) => /\.m?js$/.test(f))
  const state = new Map() // file -> 'visiting' | 'done'
  const cycles = []
  const visit = (file, stack) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'visiting') {
      cycles.push(stack.slice(stack.indexOf(file)).concat(file).join(' -> '))
      return
    }
    state.set(file, 'visiting')
    for (const dep of requiresOf(file)) {
      t.ok(files.includes(dep), `${file} requires ${dep}, which exists`)
      if (files.includes(dep)) visit(dep, stack.concat(file))
    }
    state.set(file, 'done')
  }
  for (const file of files) visit(file, [])
  t.same(cycles, [], 'no cycle')
})

t.test('a cycle would be seen', async (t) => {
  // the pattern above reads both require forms the library uses
  t.same(requiresOf('index.mjs').length > 0, true, 'index.mjs imports are read')
  t.same(requiresOf('timeouts.js').includes('async-context.js'), true, 'timeouts.js requires are read')
})
