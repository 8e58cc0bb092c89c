// The major version of the Node running the child, or of the Node that Bun or Deno report they
// match (process.versions.node): what the rows and loaders that need a newer Node compare.
// ES5 on purpose, as all of the child.
'use strict'

function nodeMajor () {
  return Number(process.versions.node.split('.')[0])
}

module.exports = { nodeMajor: nodeMajor }
