'use strict';

// The rate of a setImmediate chain in consecutive windows of one process: whether a slow or
// fast run of the recursion rows belongs to the process (its layout, its JIT) or to the host at
// that moment (issue #5; bench/results/README.md, eleventh session).
//
//   node [--single-threaded] bench/floor/modes.js <native | library path> [windows] [ms]
//
// Each step queues the next with one argument, as `immediate-recursion-1arg` does; prints the
// steps per microsecond (M/s) of each window of `ms` milliseconds (300 by default), on one line.

const path = require('path');

const target = process.argv[2] || 'native';
const timers = target === 'native' ? globalThis : require(path.resolve(target));
const windows = Number(process.argv[3] || 8);
const windowMs = Number(process.argv[4] || 300);

const rates = [];
let steps = 0;
let windowStart = performance.now();

function step(arg) {
  steps++;
  // The clock is read every 1,024 steps, so that its cost stays out of the rate.
  if ((steps & 1023) === 0) {
    const now = performance.now();
    if (now - windowStart >= windowMs) {
      rates.push((steps / (now - windowStart) / 1000).toFixed(2));
      steps = 0;
      windowStart = now;
      if (rates.length === windows) {
        console.log(rates.join(' '));
        return;
      }
    }
  }
  timers.setImmediate(step, arg);
}

timers.setImmediate(step, 1);
