/// <reference types="node" />
// Types for heaptimers/promises, mirroring node:timers/promises: its CommonJS entry
// (lib/promises.js), which has no `default` export; promises.d.mts types the ESM entry.

export interface TimerOptions {
  /** Rejects the promise with an AbortError (cause: the signal's reason) when aborted. */
  signal?: AbortSignal;
  /** false lets the process exit while the timer is pending (default true). */
  ref?: boolean;
}

export function setTimeout<T = void>(delay?: number, value?: T, options?: TimerOptions): Promise<T>;
export function setImmediate<T = void>(value?: T, options?: TimerOptions): Promise<T>;
export function setInterval<T = void>(delay?: number, value?: T, options?: TimerOptions):
  AsyncGenerator<T, never, unknown>;

export interface Scheduler {
  /** Resolves after `delay` ms. */
  wait(delay: number, options?: TimerOptions): Promise<void>;
  /** Resolves in the next check phase, letting I/O run first. */
  yield(): Promise<void>;
}
export const scheduler: Scheduler;
