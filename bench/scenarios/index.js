// The scenario registry: every scenario in table order, grouped as in the classic study
// (basics, primitives, queue, recursion, bulk, cpu). Shared by the parent (names, groups, units,
// descriptions) and the child (the code). ES5 on purpose: the child requires it.
'use strict';

var GROUPS = ['basics', 'primitives', 'queue', 'recursion', 'bulk', 'cpu'];

var all = [].concat(
  require('./basics'),
  require('./primitives'),
  require('./queue'),
  require('./recursion'),
  require('./bulk'),
  require('./cpu')
);

var byName = {};
for (var i = 0; i < all.length; i++) byName[all[i].name] = all[i];

function get(name) {
  return byName.hasOwnProperty(name) ? byName[name] : null;
}

function inGroup(group) {
  return all.filter(function (s) { return s.group === group; });
}

module.exports = { GROUPS: GROUPS, all: all, get: get, inGroup: inGroup };
