// The major version of the Node running the child, or of the Node that Bun or Deno report they
// match (process.versions.node): what the rows and loaders that need a newer Node compare; and
// how a message names the runtime. A browser page (bench/browser/shim.js) reports Node 0.
// ES5 on purpose, as all of the child.
'use strict'

function nodeMajor () {
  return Number(process.versions.node.split('.')[0])
}

/** The runtime as a reason names it: `Node v22.3.0`, `Bun 1.4.5`, `Deno 2.9.6`, `chromium 156.0.1`. */
function runtimeName () {
  if (typeof Deno !== 'undefined') return 'Deno ' + Deno.version.deno // eslint-disable-line no-undef
  if (typeof Bun !== 'undefined') return 'Bun ' + Bun.version // eslint-disable-line no-undef
  if (process.browser) return process.version
  return 'Node ' + process.version
}

/** Whether the child runs in a browser page. */
function inBrowser () {
  return Boolean(process.browser)
}

module.exports = { nodeMajor: nodeMajor, runtimeName: runtimeName, inBrowser: inBrowser }
