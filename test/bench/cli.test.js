// The command line: bad input is one line on stderr, nothing on stdout, exit code 2; the
// `scenarios` listing; a small end-to-end table; children never see NODE_OPTIONS.
'use strict'

const t = require('tap')
const os = require('os')
const registry = require('../../bench/scenarios')
const { cli, FAST, fixture } = require('./fixtures/helpers')

const SAVED = fixture('chart/two-nodes.json')

const BAD = [
  [['-s', 'nope'], /^timerbench: unknown scenario 'nope' \(valid: all, groups basics, .*fn-call.*cpu-1ms-loops-1000[^)]*\)$/],
  [['-s', 'basics,nope'], /unknown scenario 'nope'/],
  [['-i', 'fasttimers'], /^timerbench: unknown implementation 'fasttimers' \(valid: native, heaptimers/],
  [['-i', 'heaptimers:maxTickDeth=1'], /unknown option 'maxTickDeth' .*\(valid: maxTickDepth, drainBetweenCallbacks, asyncContext\)/],
  [['-i', 'heaptimers:maxTickDepth=x'], /bad value 'x' for maxTickDepth/],
  [['-i', 'heaptimers:drainBetweenCallbacks=no'], /bad value 'no' for drainBetweenCallbacks .*\(valid: true, false\)/],
  [['--runs', 'five'], /^timerbench: bad value 'five' for --runs \(valid: an integer > 0\)$/],
  [['--runs', '0'], /bad value '0' for --runs/],
  [['--runs', '2.5'], /bad value '2\.5' for --runs/],
  [['--duration', 'long'], /bad value 'long' for --duration \(valid: a number > 0\)/],
  [['--max-regression', '-3'], /bad value '-3' for --max-regression/],
  [['-f', 'xml'], /^timerbench: bad value 'xml' for --format \(valid: table, md, json, chart\)$/],
  [['--sampler', 'fast'], /bad value 'fast' for --sampler \(valid: auto, tinybench, builtin\)/],
  [['--baseline', '/nonexistent/base.json'], /^timerbench: cannot read baseline '\/nonexistent\/base\.json': ENOENT.*\(valid: a file written by timerbench/],
  [['--baseline', __filename], /cannot read baseline .*Unexpected token/],
  [['-o', '/nonexistent/dir/out.json'], /cannot write '\/nonexistent\/dir\/out\.json'/],
  [['--frobnicate'], /^timerbench: unknown option '--frobnicate' \(valid: --scenario, --impl, /],
  // Charts: --svg needs a writable file, --chart a table to go under, --width a number.
  [['--svg'], /^timerbench: option '--svg <file\.svg>' argument missing$/],
  [['--svg', '--quick'], /^timerbench: --svg needs a file name, not '--quick' \(valid: e\.g\. --svg chart\.svg\)$/],
  [['--svg', '/nonexistent/dir/c.svg'], /^timerbench: cannot write '\/nonexistent\/dir\/c\.svg': directory \/nonexistent\/dir does not exist/],
  [['--svg', os.tmpdir()], /^timerbench: cannot write '.*': it is a directory/],
  [['--svg', `${__filename}/c.svg`], /^timerbench: cannot write '.*c\.svg': .*cli\.test\.js is not a directory/],
  [['-o', 'same.out', '--svg', './same.out'], /^timerbench: -o and --svg both name '\.\/same\.out' \(valid: two different files\)$/],
  [['-f', 'json', '--chart'], /^timerbench: --chart draws a chart under a table, not under --format json \(valid: -f table --chart, -f md --chart, -f chart/],
  [['--width', '0'], /^timerbench: bad value '0' for --width \(valid: an integer > 0\)$/],
  [['-f', 'chart', '--width', 'wide'], /bad value 'wide' for --width/],
  [['report', SAVED, '--svg'], /^timerbench: option '--svg <file\.svg>' argument missing$/],
  [['report', SAVED, '--svg', '/nonexistent/c.svg'], /^timerbench: cannot write '\/nonexistent\/c\.svg'/],
  [['report', SAVED, '-f', 'json', '--chart'], /--chart draws a chart under a table, not under --format json/],
  [['report', SAVED, '-f', 'svg'], /^timerbench: bad value 'svg' for --format \(valid: table, md, json, chart\)$/],
  [['frobnicate'], /^timerbench: unknown command 'frobnicate' \(valid: run, scenarios, nodes, runtimes, report, compare\)$/]
]

for (const [args, message] of BAD) {
  t.test(`bad input: ${args.join(' ')}`, async (t) => {
    const res = await cli(args)
    t.equal(res.code, 2, 'exit code 2')
    t.equal(res.stdout, '', 'nothing on stdout')
    t.equal(res.stderr.split('\n').filter(Boolean).length, 1, 'one line on stderr')
    t.match(res.stderr.trim(), message)
  })
}

t.test('a baseline that is JSON but not a report is bad input', async (t) => {
  const dir = t.testdir({ 'base.json': JSON.stringify({ schema: 'other' }) })
  const res = await cli(['--baseline', `${dir}/base.json`])
  t.equal(res.code, 2)
  t.match(res.stderr, /^timerbench: baseline '.*base\.json' is not a timerbench\/1 report: schema: expected 'timerbench\/1'/)
})

t.test('scenarios lists every scenario, group and unit', async (t) => {
  const res = await cli(['scenarios'])
  t.equal(res.code, 0)
  for (const s of registry.all) t.match(res.stdout, new RegExp(`^  ${s.name} +${s.unit.replace('/', '\\/')}`, 'm'))
  for (const g of registry.GROUPS) t.match(res.stdout, new RegExp(`^${g}: `, 'm'))
  t.match(res.stdout, /idle wait before the first\s+deadline is excluded/)
})

t.test('help and version exit 0', async (t) => {
  const help = await cli(['--help'])
  t.equal(help.code, 0)
  t.match(help.stdout, /Usage: timerbench/)
  // what `timerbench` alone runs: the default command's options, examples, exit codes
  for (const option of ['-s, --scenario', '-i, --impl', '--node <list>', '-f, --format', '--runs <n>', '--quick']) {
    t.ok(help.stdout.includes(option), `the root help shows ${option}`)
  }
  t.match(help.stdout, /\nExamples:\n {2}timerbench {2}/)
  t.match(help.stdout, /\nExit codes:\n {2}0 [^\n]*\n {2}1 [^\n]*\n {2}2 [^\n]*\n {2}3 /)
  t.notMatch(help.stdout, /floor/, 'the maintainers\' floor is not offered')
  const runHelp = await cli(['run', '--help'])
  t.equal(runHelp.code, 0)
  t.match(runHelp.stdout, /--max-regression/)
  const version = await cli(['--version'])
  t.equal(version.code, 0)
  t.match(version.stdout, /^\d+\.\d+\.\d+/)
})

t.test('a quick run prints the table; NODE_OPTIONS never reaches a child', async (t) => {
  const res = await cli([...FAST, 'run', '-s', 'fn-call,timeout-set-clear', '-i', 'native,heaptimers'], {
    TIMERBENCH_LIB: fixture('lib-native.js'),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS || ''} --require=${fixture('poison.js')}`.trim()
  })
  t.equal(res.code, 0, res.stderr)
  t.equal(res.stderr, '', 'no progress line when stderr is not a TTY')
  t.notMatch(res.stdout, /error \[|\x1b\[/, 'no error cells, no colour')
  t.match(res.stdout, /fn-call \(M\/s\)\s+│\s+\S+ .*\+\+/)
  // cells are right-aligned: a shorter value (a one-digit margin) is padded after the border
  t.match(res.stdout, /timeout-set-clear \(M\/s\)\s+│\s+[\d.]+/)
  t.match(res.stdout, /ht\/native/)
})

t.test('markdown output', async (t) => {
  const res = await cli([...FAST, '-s', 'immediate-set-clear', '-i', 'native,heaptimers', '-f', 'md'],
    { TIMERBENCH_LIB: fixture('lib-native.js') })
  t.equal(res.code, 0, res.stderr)
  t.match(res.stdout, /^\| scenario \(unit\) \| v\d+\.\d+\.\d+ native \| v\d+\.\d+\.\d+ heaptimers \| v\d+\.\d+\.\d+ ht\/native \|$/m)
})
