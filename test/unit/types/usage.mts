// Compiled with `tsc --noEmit` by test/unit/types.test.js: the ESM entries (lib/index.mjs,
// lib/promises.mjs), whose default export is the whole API, and their named exports.
import timers, { setTimeout, clearTimeout, type Timeout } from 'heaptimers';
import timersPromises, { scheduler } from 'heaptimers/promises';

const t: Timeout = timers.setTimeout((n: number) => void n, 5, 1);
clearTimeout(setTimeout(() => {}, 1));
timers.clearTimeout(t);
timers.configure({ drainBetweenCallbacks: true });

async function main(): Promise<void> {
  const v: string = await timersPromises.setTimeout(1, 'v');
  await scheduler.wait(1);
  // @ts-expect-error: the default export is the API itself, with no `default` of its own
  void timers.default;
  void v;
}
void main;
