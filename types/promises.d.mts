/// <reference types="node" />
// Types for heaptimers/promises' ESM entry (lib/promises.mjs): the API of promises.d.ts, whose
// names it exports, and its default export, the whole API as one object.
import * as api from './promises.js';

export * from './promises.js';

declare const promises: {
  setTimeout: typeof api.setTimeout;
  setImmediate: typeof api.setImmediate;
  setInterval: typeof api.setInterval;
  scheduler: typeof api.scheduler;
};
export default promises;
