/// <reference types="node" />
// Types for heaptimers' ESM entry (lib/index.mjs): the API of index.d.ts, whose names it exports,
// and its default export, the whole API as one object (the CommonJS module itself).
import * as api from './index.js';

export * from './index.js';

declare const heaptimers: {
  setTimeout: typeof api.setTimeout;
  clearTimeout: typeof api.clearTimeout;
  setInterval: typeof api.setInterval;
  clearInterval: typeof api.clearInterval;
  setImmediate: typeof api.setImmediate;
  clearImmediate: typeof api.clearImmediate;
  promises: typeof api.promises;
  configure: typeof api.configure;
  install: typeof api.install;
  uninstall: typeof api.uninstall;
  isInstalled: typeof api.isInstalled;
  stats: typeof api.stats;
};
export default heaptimers;
