// Option defaults and parsing: the default selection and durations, --quick, implementation
// lists with option commas, and the environment children get.
'use strict'

const t = require('tap')
const { normalize } = require('../../bench/cli/cli-options')
const implSpec = require('../../bench/child/impl-spec')
const { cleanEnv, nodeCommand } = require('../../bench/cli/child-env')
const profile = require('../../bench/cli/profile')
const registry = require('../../bench/scenarios')

t.test('defaults: the classic groups but cpu, and the long timeouts, adaptive runs', async (t) => {
  const o = normalize({})
  t.equal(o.runs, null, 'no fixed count')
  t.same(o.precision, { target: 5, maxTimeMs: 120000, minRuns: 3, maxRuns: 15 }, '3 to 15 runs, to ±5 % or 120 s')
  t.equal(o.duration, 10, 'the cpu duration, for -s cpu')
  t.equal(o.format, 'table')
  t.equal(o.progress, true)
  t.same(o.impls, ['native', 'heaptimers', 'heaptimers:maxTickDepth=10'])
  t.same(o.scenarios.filter((s) => s.group === 'cpu'), [], 'no cpu row: each needs seconds of warm-up')
  t.same([...new Set(o.scenarios.map((s) => s.group))], ['basics', 'primitives', 'timeouts', 'queue', 'recursion', 'bulk'])
  t.equal(o.scenarios.length, 19, 'the groups beyond throughput are opt-in (-s <group> or -s all)')
  t.notOk(o.scenarios.some((s) => registry.OPT_IN_GROUPS.includes(s.group)), 'no accuracy, nested, gameloop, burst, responsiveness or scaling row')
  t.same(o.nodes, [{ runtime: 'node', release: process.version, path: require('fs').realpathSync(process.execPath), version: process.version, source: 'running' }], 'the running Node, without discovery')
  t.same([o.nodeSpecs, o.install, o.layout], [[], false, 'auto'])
})

t.test('--node is parsed here and resolved later (it runs binaries)', async (t) => {
  const o = normalize({ node: ['18,v22.3.0', 'all'], install: true, layout: 'versions' })
  t.same(o.nodeSpecs.map((s) => s.kind), ['version', 'version', 'all'])
  t.equal(o.nodes, null)
  t.same([o.install, o.layout], [true, 'versions'])
})

t.test('--quick: one run, 1 s cpu; explicit values win', async (t) => {
  t.same([normalize({ quick: true }).runs, normalize({ quick: true }).duration], [1, 1])
  const o = normalize({ quick: true, runs: '3', duration: '0.5', sampleTime: '7' })
  t.same([o.runs, o.duration, o.sampleTime], [3, 0.5, 7])
  t.equal(profile.sampling(o).sampleTime, 7)
})

t.test('rate rows warm up to a steady rate before they sample; --quick stays short', async (t) => {
  const plain = profile.sampling(normalize({}))
  t.same([plain.warmupTime, plain.warmupMaxTime, plain.steadyTolerance, plain.sampleTime], [300, 1000, 0.03, 100])
  t.equal(profile.sampling(normalize({ sampleTime: '20' })).warmupTime, 300, 'a short --sample-time keeps the warm-up')
  t.equal(profile.sampling(normalize({ sampleTime: '1000' })).warmupTime, 400, 'a long one warms up for 40 % of it')
  t.equal(profile.sampling(normalize({ quick: true })).warmupTime, 10)
  t.equal(profile.sampling(normalize({ quick: true })).warmupMaxTime, 0, '--quick does not wait for a steady rate')
})

t.test('-s: names and groups in registry order; cpu duration defaults to 10 s', async (t) => {
  const o = normalize({ scenario: ['cpu-1ms-loops-1,basics', 'fn-call'] })
  t.same(o.scenarios.map((s) => s.name), ['fn-call', 'fn-call-method', 'fn-apply', 'cpu-1ms-loops-1'])
  t.equal(o.duration, 10)
  t.equal(normalize({ scenario: 'all' }).scenarios.length, 53, 'all: the 23 classic rows (the early cpu row among them), the 2 long-timeout rows, the 25 beyond throughput and the 3 app rows')
  t.same(normalize({ scenario: 'scaling,accuracy-early' }).scenarios.map((s) => s.name),
    ['accuracy-early', 'scaling-1k', 'scaling-10k', 'scaling-100k', 'scaling-1m', 'timeout-memory'], 'new groups by name')
})

t.test('implementation lists: options may contain commas', async (t) => {
  t.same(implSpec.splitList('native,heaptimers:maxTickDepth=10,drainBetweenCallbacks=false,heaptimers'),
    ['native', 'heaptimers:maxTickDepth=10,drainBetweenCallbacks=false', 'heaptimers'])
  t.same(implSpec.parse('heaptimers:maxTickDepth=10, drainBetweenCallbacks=false'), {
    id: 'heaptimers:maxTickDepth=10,drainBetweenCallbacks=false',
    name: 'heaptimers',
    options: { maxTickDepth: 10, drainBetweenCallbacks: false }
  })
  t.same(normalize({ impl: ['native', 'native,heaptimers'] }).impls, ['native', 'heaptimers'], 'duplicates dropped')
  t.throws(() => implSpec.parse('native:maxTickDepth=1'), /takes no options/)
  t.throws(() => implSpec.parse('heaptimers:maxTickDepth'), /needs a value/)
})

t.test('children get no NODE_* or tap injection', async (t) => {
  t.same(cleanEnv({ NODE_OPTIONS: '--import x', NODE_V8_COVERAGE: '/c', _TAPJS_PROCESSINFO_FILE: 'f', TAP_CHILD_ID: '1', PATH: '/bin', HOME: '/h' }),
    { PATH: '/bin', HOME: '/h' })
})

t.test('the child command carries only the clean environment', async (t) => {
  const cmd = nodeCommand('/x/node', ['child.js'], { NODE_OPTIONS: '--import y', PATH: '/bin' })
  t.same(cmd.env, { PATH: '/bin' })
  t.notMatch(cmd.args.join(' '), /NODE_OPTIONS/)
  t.same(cmd.args.slice(-2), ['/x/node', 'child.js'])
  if (cmd.file !== '/x/node') t.same(cmd.args.slice(0, 2), ['-i', 'PATH=/bin'], 'env -i resets what spawn hooks add')
})

t.test('chart options: -f chart, --chart under table or md, --width, --svg checked before any run', async (t) => {
  const { normalizeReport } = require('../../bench/cli/cli-options')
  const path = require('path')
  const dir = t.testdir({ 'taken.svg': '' })
  const o = normalize({})
  t.same([o.chart, o.width, o.svg], [false, null, null], 'defaults: no chart, the terminal width, no SVG')
  const c = normalize({ format: 'chart', width: '100', svg: path.join(dir, 'a.svg') })
  t.same([c.format, c.width, c.svg], ['chart', 100, path.join(dir, 'a.svg')])
  t.equal(normalize({ format: 'md', chart: true }).chart, true)
  t.equal(normalize({ format: 'chart', chart: true }).chart, true, '--chart with -f chart is harmless')
  t.equal(normalize({ svg: path.join(dir, 'taken.svg') }).svg, path.join(dir, 'taken.svg'), 'an existing file is overwritten')
  t.throws(() => normalize({ format: 'json', chart: true }), { name: 'UsageError', message: /--chart draws a chart under a table, not under --format json/ })
  t.throws(() => normalize({ svg: dir }), { name: 'UsageError', message: /it is a directory/ })
  t.throws(() => normalize({ svg: '' }), { name: 'UsageError', message: /^--svg needs a file name \(valid/ })
  t.throws(() => normalize({ out: '-f' }), { name: 'UsageError', message: /^-o needs a file name, not '-f'/ })
  t.throws(() => normalize({ width: '12.5' }), { name: 'UsageError', message: /bad value '12\.5' for --width \(valid: an integer > 0\)/ })

  const saved = path.join(__dirname, 'fixtures', 'chart', 'two-nodes.json')
  const r = normalizeReport([saved], { format: 'md', chart: true, svg: path.join(dir, 'r.svg'), width: '72' })
  t.same([r.format, r.chart, r.svg, r.width, r.layout, r.out], ['md', true, path.join(dir, 'r.svg'), 72, 'auto', null])
  t.equal(r.inputs.length, 1)
  t.throws(() => normalizeReport([saved], { format: 'json', chart: true }), { name: 'UsageError' })
  t.throws(() => normalizeReport([saved], { out: path.join(dir, 'x'), svg: path.join(dir, 'x') }), { message: /-o and --svg both name/ })
})
