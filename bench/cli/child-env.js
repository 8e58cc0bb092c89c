// The environment a benchmark child gets: the parent's, minus everything that injects code or
// flags into Node. Test runners (tap puts `--import` in NODE_OPTIONS) and debuggers would
// otherwise run inside every child and skew or break it, and old Nodes reject newer flags.
'use strict'

const fs = require('fs')

const INJECTED = /^(NODE_|_TAPJS|TAP_)/

function cleanEnv (env) {
  const out = {}
  for (const key of Object.keys(env)) {
    if (!INJECTED.test(key)) out[key] = env[key]
  }
  return out
}

const ENV_BIN = '/usr/bin/env'
const hasEnvBin = process.platform !== 'win32' && fs.existsSync(ENV_BIN)

// The command that runs `node args...` with exactly cleanEnv(env). A spawn `env` option is not
// enough: a parent running under tap carries @tapjs/processinfo, which hooks every spawn and
// puts its `--import` (and the parent's NODE_OPTIONS) back. `env -i K=V... node ...` resets the
// environment after any such hook. A plain spawn where there is no env(1).
function nodeCommand (nodePath, args, env = process.env) {
  const clean = cleanEnv(env)
  if (!hasEnvBin) return { file: nodePath, args, env: clean }
  const pairs = Object.keys(clean).filter((k) => k && !k.includes('=')).map((k) => `${k}=${clean[k]}`)
  return { file: ENV_BIN, args: ['-i', ...pairs, nodePath, ...args], env: clean }
}

module.exports = { cleanEnv, nodeCommand }
