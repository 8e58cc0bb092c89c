// ESM face of heaptimers: the same instance as require('heaptimers'), never a second copy.
import heaptimers from './index.js'

export const {
  setTimeout, clearTimeout, setInterval, clearInterval, setImmediate, clearImmediate,
  promises, configure, install, uninstall, isInstalled, stats,
} = heaptimers
export default heaptimers
