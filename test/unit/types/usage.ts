// Compiled with `tsc --noEmit` by test/unit/types.test.js: every public API, typed as users use it.
import timers, {
  setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate,
  configure, install, uninstall, isInstalled, stats, promises, type Timeout, type Immediate,
  type Options, type Stats,
} from 'heaptimers';
import * as timersPromises from 'heaptimers/promises';
import { promisify } from 'node:util';
import required = require('heaptimers');
import requiredPromises = require('heaptimers/promises');

const t: Timeout = setTimeout((a: number, b: string) => void [a, b], 10, 1, 'x');
const id: number = +t;
clearTimeout(id);
clearTimeout(String(id));
clearTimeout(t.ref().unref().refresh());
const alive: boolean = t.hasRef();
const firesAt: number = t._idleStart + t._idleTimeout;
t.close();
t[Symbol.dispose]();
const iv: Timeout = setInterval(() => {}, 5);
clearInterval(iv);
const im: Immediate = setImmediate((s: string) => void s, 'v');
im.unref().ref();
clearImmediate(im);
clearTimeout(globalThis.setTimeout(() => {}, 1));
clearImmediate(globalThis.setImmediate(() => {}));
clearTimeout(null);

const opts: Options = configure({ maxTickDepth: 10 });
const same: Options = configure();
const s: Stats = stats();
install();
const on: boolean = isInstalled();
uninstall();
timers.setTimeout(() => {}, 1);
// @ts-expect-error: the CommonJS entry (lib/index.js) has no `default` export
void required.default;
// @ts-expect-error: nor has lib/promises.js
void requiredPromises.default;
// Writable, as in Node: programs write the delay, and Node's own clearTimeout writes `_destroyed`.
t._idleTimeout = 20;
t._destroyed = true;
t._timerArgs = [1, 'x'];

async function main(): Promise<void> {
  const v: string = await promises.setTimeout(5, 'value', { ref: false, signal: new AbortController().signal });
  const w: number = await timersPromises.setImmediate(1);
  for await (const tick of timersPromises.setInterval(10, 'tick')) {
    const x: string = tick;
    break;
  }
  await timersPromises.scheduler.wait(5);
  await timersPromises.scheduler.yield();
  const p: Promise<void> = promisify(setTimeout)(5);
  void [v, w, p];
}
void [alive, firesAt, opts, same, s, on, main, required.stats(), requiredPromises.scheduler];
