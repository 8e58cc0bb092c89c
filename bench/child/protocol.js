// The wire format between the child and the parent: one JSON object per line, behind a sentinel.
// Anything else a child prints (a library's console.log, a deprecation warning) is ignored,
// so stray output cannot corrupt a result. ES5 on purpose: the child requires it.
'use strict'

var SENTINEL = '@@TIMERBENCH@@ '

function encode (message) {
  return SENTINEL + JSON.stringify(message) + '\n'
}

// Returns every well-formed message in the text, in order.
function decode (text) {
  var messages = []
  var lines = String(text).split('\n')
  for (var i = 0; i < lines.length; i++) {
    var at = lines[i].indexOf(SENTINEL)
    if (at !== 0) continue
    try {
      messages.push(JSON.parse(lines[i].slice(SENTINEL.length)))
    } catch (e) {
      // A truncated line (child killed mid-write) is not a result.
    }
  }
  return messages
}

module.exports = { encode: encode, decode: decode }
