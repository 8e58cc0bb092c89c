'use strict'
// The limits the project keeps, checked rather than remembered: no library file over 800 lines
// (a file that long holds more than one concern), a README a user reads through (300 lines) and
// a changelog to match (250), and bench/results holding only the runs the README and docs/ cite
// (at most 15 files, each named in README.md or a file of docs/), so a reader can find where
// every number came from and no stale run lingers.

const t = require('tap')
const fs = require('node:fs')
const path = require('node:path')

const ROOT = path.join(__dirname, '..')
const lines = (file) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1

t.test('no file in lib/ is over 800 lines', async t => {
  for (const name of fs.readdirSync(path.join(ROOT, 'lib'))) {
    if (!/\.(c|m)?js$/.test(name)) continue
    const n = lines(path.join('lib', name))
    t.ok(n <= 800, `lib/${name}: ${n} lines`)
  }
})

t.test('README.md at most 300 lines, HISTORY.md at most 250', async t => {
  t.ok(lines('README.md') <= 300, `README.md: ${lines('README.md')} lines`)
  t.ok(lines('HISTORY.md') <= 250, `HISTORY.md: ${lines('HISTORY.md')} lines`)
})

t.test('bench/results holds at most 15 files, each cited by README.md or docs/', async t => {
  const dir = path.join(ROOT, 'bench', 'results')
  const files = fs.readdirSync(dir).filter((f) => fs.statSync(path.join(dir, f)).isFile())
  t.ok(files.length <= 15, `${files.length} files: ${files.join(', ')}`)
  const docs = fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f))
  const text = ['README.md', ...docs].map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8')).join('\n')
  for (const file of files) {
    const cited = file === 'README.md' ? text.includes('bench/results/README.md') : text.includes(`bench/results/${file}`)
    t.ok(cited, `bench/results/${file} is cited`)
  }
})
