// The shape of a throughput ("rate") scenario descriptor, in one place for every group.
// ES5 on purpose: the child requires it on any Node.
'use strict';

/**
 * A rate scenario: `create(T)` returns the batch function measured; `ops` operations per batch;
 * reported in millions of operations per second. `implIndependent` rows (no timers involved)
 * are measured once per Node.
 */
function rateScenario(group, name, ops, create, summary, implIndependent) {
  return {
    name: name, group: group, kind: 'rate', unit: 'M/s', higherIsBetter: true,
    implIndependent: !!implIndependent, ops: ops, create: create, summary: summary
  };
}

module.exports = { rateScenario: rateScenario };
