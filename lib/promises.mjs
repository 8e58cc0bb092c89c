// ESM face of heaptimers/promises, over the same instance as require('heaptimers/promises').
import promises from './promises.js'

export const { setTimeout, setImmediate, setInterval, scheduler } = promises
export default promises
