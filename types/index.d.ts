/// <reference types="node" />
// Types for heaptimers: Node's timers API, plus configure/install/stats. This file types the
// CommonJS entry (lib/index.js), which has no `default` export: `import timers from` works
// there through TypeScript's interop; index.d.mts types the ESM entry, whose default is the API.

import type * as promisesModule from './promises';

export interface Timeout {
  /** Keeps the process alive while pending (the default). Returns the timer. */
  ref(): this;
  /** Lets the process exit while this timer is pending. Returns the timer. */
  unref(): this;
  hasRef(): boolean;
  /** Re-arms the timer from now (reviving it if it already fired); no-op once cleared while pending. */
  refresh(): this;
  /** Clears the timer. */
  close(): this;
  /** A numeric id that clearTimeout/clearInterval accept. */
  [Symbol.toPrimitive](): number;
  [Symbol.dispose](): void;
  /** The delay; writable, as in Node (-1 in an interval's callback stops it). @internal Node-private field, kept because packages read it. */
  _idleTimeout: number;
  /** When the timer was last armed, in the event loop's milliseconds (as Node's). @internal Node-private field, kept because packages read it. */
  readonly _idleStart: number;
  /** null once cleared; undefined on Node 24.21 and 26, as Node's own. @internal Node-private field, kept because packages read it. */
  _onTimeout: ((...args: any[]) => void) | null | undefined;
  /** An interval's period, null for a timeout; writing it makes the timer repeat or stop repeating, as in Node. @internal Node-private field, kept because packages read it. */
  _repeat: number | null;
  /** Writing true clears a pending timer (docs/differences.md, "Node's own clear functions"). @internal Node-private field, kept because packages read it. */
  _destroyed: boolean;
  /** @internal Node-private field, kept because packages read it. */
  _timerArgs: unknown[] | undefined;
}

export interface Immediate {
  ref(): this;
  unref(): this;
  hasRef(): boolean;
  [Symbol.dispose](): void;
  /** null once run or cleared; undefined on Node 24.21 and 26, as Node's own. @internal Node-private field, kept because packages read it. */
  readonly _onImmediate: ((...args: any[]) => void) | null | undefined;
  /** @internal Node-private field, kept because packages read it. */
  readonly _destroyed: boolean;
  /** @internal Node-private field, kept because packages read it. */
  readonly _argv: unknown[] | undefined;
}

/** What clearTimeout/clearInterval accept: a Timeout, its id, a native timer, or nothing. */
export type TimerHandle = Timeout | NodeJS.Timeout | string | number | null | undefined;
export type ImmediateHandle = Immediate | NodeJS.Immediate | null | undefined;

export interface SetTimeout {
  <TArgs extends any[]>(callback: (...args: TArgs) => void, delay?: number, ...args: TArgs): Timeout;
  __promisify__: typeof promisesModule.setTimeout;
}
export interface SetImmediate {
  <TArgs extends any[]>(callback: (...args: TArgs) => void, ...args: TArgs): Immediate;
  __promisify__: typeof promisesModule.setImmediate;
}

export const setTimeout: SetTimeout;
export function clearTimeout(timer: TimerHandle): void;
export function setInterval<TArgs extends any[]>(
  callback: (...args: TArgs) => void, delay?: number, ...args: TArgs): Timeout;
export function clearInterval(timer: TimerHandle): void;
export const setImmediate: SetImmediate;
export function clearImmediate(immediate: ImmediateHandle): void;

export const promises: typeof promisesModule;

export interface Options {
  /**
   * Extra generations of immediates, queued by immediates, that may run in the same pass.
   * 0 (the default) is Node's behaviour; n runs a tail-recursive setImmediate loop n + 1
   * callbacks per loop turn.
   */
  maxTickDepth: number;
  /** Drain nextTicks and promise jobs between callbacks, as Node does (default true). */
  drainBetweenCallbacks: boolean;
  /** Run callbacks in the AsyncLocalStorage context of their creation (default true). */
  asyncContext: boolean;
}

/** Changes options (validated first, all or nothing); returns the options in force. */
export function configure(options?: Partial<Options>): Options;

/** Replaces the timers on globalThis, node:timers and node:timers/promises with heaptimers. */
export function install(): void;
/** Restores exactly what install() replaced. */
export function uninstall(): void;
export function isInstalled(): boolean;

export interface Stats {
  /** Pending timeouts and intervals. */
  timeouts: number;
  /** Pending immediates. */
  immediates: number;
  /** How many of them keep the process alive. */
  refed: number;
}
/** Pending counts, for tests, leak checks and benchmarks. */
export function stats(): Stats;
