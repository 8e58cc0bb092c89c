'use strict'
// tools/load-time.js: each target timed in fresh processes, the difference over an empty
// require, the per-module split of heaptimers' load, and bad options refused in one line.

const t = require('tap')
const path = require('path')
const { spawnSync } = require('child_process')

const TOOL = path.join(__dirname, '..', '..', 'tools', 'load-time.js')
const run = (...args) => spawnSync(process.execPath, [TOOL, ...args], { encoding: 'utf8' })

t.test('one process a target: medians, the excess over an empty require, each module', async t => {
  const { status, stdout } = run('--runs', '1', '--modules')
  t.equal(status, 0)
  const ms = (label) => Number(new RegExp(`^${label}: ([\\d.]+)`, 'm').exec(stdout)[1])
  const heaptimers = ms('heaptimers')
  const empty = ms('an empty file')
  t.ok(heaptimers > 0 && empty > 0, 'both timed')
  // Each figure is printed to 0.01 ms, rounded on its own: the printed difference can differ from
  // the difference of the printed figures by that last digit.
  t.ok(Math.abs(ms('over an empty require') - (heaptimers - empty)) <= 0.0101, 'the excess is the difference')
  t.match(stdout, /^\s+\S+lib\/index\.js [\d.]+$/m, 'the split starts at the library')
  t.match(stdout, /^\s+\.\/timeouts [\d.]+$/m, 'and names its modules')
})

t.test('a bad option: exit 2, one line naming what is valid', async t => {
  const { status, stderr } = run('--bogus')
  t.equal(status, 2)
  t.equal(stderr.trim().split('\n').length, 1)
  t.match(stderr, /--runs <n>, --node <binary>, --modules/)
})

t.test('a Node that cannot run: exit 1, one line naming it', async t => {
  const { status, stderr } = run('--runs', '1', '--node', '/nonexistent/node')
  t.equal(status, 1)
  t.equal(stderr.trim().split('\n').length, 1)
  t.match(stderr, /cannot run \/nonexistent\/node/)
})
