// The shape of a throughput ("rate") scenario descriptor, in one place for every group.
// ES5 on purpose: the child requires it on any Node.
'use strict';

var now = require('../clock').now;

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

/**
 * A batch that runs `work()` synchronously and is timed until one final immediate queued after
 * it runs, so costs an implementation defers to the loop (unlinking, draining) are counted.
 */
function untilFinalImmediate(T, work) {
  var t0 = 0;
  var finish = null;
  function last() { finish(now() - t0); }
  return function batch(done) {
    finish = done;
    t0 = now();
    work();
    T.setImmediate(last);
  };
}

module.exports = { rateScenario: rateScenario, untilFinalImmediate: untilFinalImmediate };
