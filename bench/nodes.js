// The Node binaries to benchmark on, each with its version. Today: the running Node, or explicit
// paths. The cross-version issue adds discovery (nvm, fnm, ...) and installing behind this module.
'use strict';

const { execFileSync } = require('child_process');
const { UsageError } = require('./errors');
const { nodeCommand } = require('./env');

function versionOf(binary) {
  if (binary === process.execPath) return process.version;
  try {
    const cmd = nodeCommand(binary, ['-e', 'console.log(process.version)']);
    const out = execFileSync(cmd.file, cmd.args, {
      encoding: 'utf8', timeout: 5000, env: cmd.env, stdio: ['ignore', 'pipe', 'ignore']
    });
    const version = out.trim();
    if (/^v\d+\.\d+\.\d+/.test(version)) return version;
  } catch {
    // falls through to the usage error
  }
  throw new UsageError(`'${binary}' is not a working node binary (running it with -e failed)`);
}

// Returns [{ path, version }], defaulting to the running Node.
function resolveNodes(binaries) {
  const list = binaries && binaries.length ? binaries : [process.execPath];
  return list.map((binary) => ({ path: binary, version: versionOf(binary) }));
}

// Numeric comparison of 'vX.Y.Z' strings; columns go oldest first.
function compareVersions(a, b) {
  const pa = String(a).replace(/^v/, '').split('.').map(Number);
  const pb = String(b).replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] || 0) - (pb[i] || 0);
    if (d) return d;
  }
  return 0;
}

module.exports = { resolveNodes, versionOf, compareVersions };
