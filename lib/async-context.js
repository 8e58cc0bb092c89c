'use strict'

// The async context a timer's callback runs in, and the part of a scheduler's pass that depends
// on it; shared by timeouts and immediates.
//
// Async context: a timer created with asyncContext on carries an AsyncResource captured at
// creation; its callback runs inside that resource's scope, which restores every
// AsyncLocalStorage store active at creation (on both the async_hooks and the
// AsyncContextFrame implementations of AsyncLocalStorage), or, when the pass's own context
// provably carries those stores already, right there ("running at home" below).
//
// One capture costs an allocation and async_hooks bookkeeping, more than the rest of a
// set+clear. So timers of one type created in the same context share one capture, reused only
// while that is provable:
//   - no AsyncLocalStorage run/enterWith/exit/disable has happened since: they change stores
//     without changing what names the context below, so they bump `contextEpoch` (thin
//     wrappers installed on the prototype);
//   - the execution context is the same: with AsyncContextFrame (Node 24+), the current frame
//     still carries the private marker set at capture (await continuations, callbacks and
//     ticks restore other frames); with async_hooks stores (Node 18-22), the execution
//     async id is the same (stores live on the execution resource, which the id names).
// Scope switches (AsyncResource's runInAsyncScope, and queueMicrotask and bind, built on it)
// need no watching: inside, the context is the resource's, named by its own id or frame; on
// exit, the caller's comes back unchanged.

const asyncHooks = require('async_hooks')
// Read before our own first use of AsyncLocalStorage (see "context-free").
const storageUsedBeforeLoad = storageImplementationLoaded()
const { AsyncResource, AsyncLocalStorage, createHook, executionAsyncId, executionAsyncResource } = asyncHooks
const { IntrinsicPromise, promiseThen } = require('./intrinsics')
const { options, onConfigure } = require('./options')
const { outsideDomain, domainsLoaded } = require('./domains')

// A scheduler's pass (timeouts.js's runDue(), immediates.js's runGenerations()) is one loop:
//
//   for (;;) {
//     if (source.drainDue === true) { source.drainDue = false; drainTicks(); }
//     const timer = source.peek();
//     if (timer === null) return;
//     if (runsInPlace(timer._context)) <take the timer and run its callback right here>;
//     else fireInContext(source, timer);
//   }
//
// written out in each scheduler, not shared: a loop of its own is monomorphic, and one
// try/finally around the pass (which settles a timer whose callback threw) replaces one per
// callback. The scheduler's `source`:
//   - `source.peek()`: the timer whose callback runs next, or null when the pass is over; no
//     side effects beyond its queue's own upkeep (dropping empty buckets, taking the next
//     generation of immediates);
//   - `source.drainDue`: true when a callback has run since ticks were last drained. They are
//     drained before the next peek(), so also after the pass's last callback, inside the pass:
//     Node drains there too (before its next timer list, or as the native callback returns),
//     and ticks can only add timers due after the pass, or take timers out of it. One peek per
//     callback instead of two: about a tenth of a fire of 1,000 concurrent 1 ms loops. A source
//     that knows a callback is its pass's last (immediates, at the end of the last generation
//     allowed) leaves it false, and the drain to Node, as the native callback returns. It is a
//     boolean tested `=== true`, which spares V8 a generic truthiness test;
//   - `source.fire(timer)`: takes the peeked timer and runs its callback (for fireInContext());
//   - `source.shared`: the sharedCapture() of its timers' type;
//   - `source.home`, `homeEpoch`, `homeKey`, `armedHome`, `armedEpoch`: kept by
//     noteArmed()/enterPass().

/**
 * Whether a callback of a timer with this context can run right in the pass's context, without
 * anything to restore: the timer captured none, or nothing anywhere has a store (see
 * "context-free" below).
 */
function runsInPlace (context) {
  return context === null || contextFree === true
}

/**
 * Fires the peeked `timer`, one runsInPlace() refused, in its context; when that is not the
 * pass's own, also the timers after it that share it, inside ONE entry into its scope.
 *
 * Entering an async scope costs more than the rest of a callback's bookkeeping, so consecutive
 * timers that share a context run inside one entry when nothing needs to run between them
 * (drainBetweenCallbacks off) and nothing switched context. Ticks are always drained outside
 * any scope: one that throws leaves its own async frame on Node's stack (Node clears it only
 * after the exception is handled), and leaving our scope on top of it would corrupt the stack.
 */
function fireInContext (source, timer) {
  const context = timer._context
  if (context === source.home && source.homeEpoch === contextEpoch) fireAtHome(source, timer)
  else if (context.domain === null) runScoped(source, timer)
  else runInDomain(source, timer)
}

// The domain a callback threw out of, still entered (see runInDomain()).
var thrownDomain = null

/**
 * Runs a timer created inside a domain inside it, as Node runs its own: the domain is entered
 * around the callback and left after it, but stays entered when the callback throws, so that
 * Node hands the error to the domain, whose handler then leaves it. If no domain handler takes
 * the error (an 'uncaughtException' listener does), the next pass leaves it, where Node's own
 * after hooks would have.
 */
function runInDomain (source, timer) {
  const domain = timer._context.domain
  domain.enter()
  thrownDomain = domain
  runScoped(source, timer)
  thrownDomain = null
  domain.exit()
}

function leaveThrownDomain () {
  const domain = thrownDomain
  thrownDomain = null
  if (process.domain === domain) domain.exit()
}

// Runs `timer` in the pass's own context, which provably carries its stores ("running at home").
function fireAtHome (source, timer) {
  // Timers the callback creates can share its capture: the pass's context is equivalent. (A
  // home is a capture shared in the current epoch, so canShare() holds for it.) Checked first:
  // sharing again would box a fresh async id on every callback. The pass's context is the same
  // for every callback it runs, so its key was read once, by enterPass().
  const shared = source.shared
  if (shared.context !== timer._context || shared.key !== source.homeKey || shared.epoch !== contextEpoch) {
    shareContext(timer._context, source.homeKey)
  }
  source.fire(timer)
}

// Runs the peeked `timer`, and those after it that share its context, inside that context.
function runScoped (source, timer) {
  const context = timer._context
  if (FRAME_STORAGE) {
    runInAsyncScope.call(context, fireWhileShared, null, source, timer)
    return
  }
  const epoch = contextEpoch
  try {
    runInAsyncScope.call(context, fireWhileShared, null, source, timer)
  } finally {
    if (contextEpoch !== epoch) context.restoreStores()
  }
}

// Inside `timer`'s context: fires it, then the next timers while they share that context.
function fireWhileShared (source, timer) {
  const context = timer._context
  const key = FRAME_STORAGE ? context.frameKey : context.asyncId()
  const epoch = contextEpoch
  const sharing = canShare(context) && context.domain === null
  for (;;) {
    // Until something switches context, the callback's timers can share its context.
    if (sharing) shareContext(context, key)
    source.fire(timer)
    if (source.drainDue || contextEpoch !== epoch) return
    timer = source.peek()
    if (timer === null || timer._context !== context) return
  }
}

// --- running at home ---------------------------------------------------------------------
//
// A pass runs inside its native handle's callback, so in the context the handle was armed in.
// When that was the context of the shared capture, and nothing has switched context since,
// the pass's context carries exactly that capture's stores: its timers' callbacks run right
// there, without entering the capture's scope (which would restore what is already in place,
// at more than the cost of the rest of the callback's bookkeeping). A store switch inside such
// a callback bumps the epoch, so the rest of the pass enters scopes again.

/**
 * Call right after arming `source`'s native handle: records the context it will call back in.
 * `atPassLevel`: armed by `source`'s own pass, outside any callback, so in that pass's context.
 */
function noteArmed (source, atPassLevel) {
  let home = null
  if (contextFree) { // every context is the same: no home needed (see "context-free")
    source.armedHome = null
    source.armedEpoch = contextEpoch
    return
  }
  const shared = source.shared
  if (atPassLevel && source.home !== null && source.homeEpoch === contextEpoch) {
    // At the level of a pass that ran at home, so in its context still, whose key enterPass()
    // read: inSharedContext() without reading the key again (with AsyncContextFrame, a Map
    // lookup: about 90 instructions per loop turn of a setImmediate chain).
    home = shared.epoch === contextEpoch && shared.key === source.homeKey ? shared.context : source.home
  } else if (inSharedContext(shared)) {
    home = shared.context
  }
  source.armedHome = home
  source.armedEpoch = contextEpoch
}

/** Whether what noteArmed() recorded still holds: no store switch since. */
function armedContextHolds (source) {
  return source.armedEpoch === contextEpoch
}

/** Call as a pass starts: `inHandle` when it runs in the callback of the handle last armed. */
function enterPass (source, inHandle) {
  if (thrownDomain !== null) leaveThrownDomain()
  const home = inHandle ? source.armedHome : null
  source.home = home
  source.homeEpoch = source.armedEpoch
  if (home !== null) source.homeKey = FRAME_STORAGE ? home.frameKey : executionKey()
}

// --- context capture, shared while provably unchanged ----------------------------------

const runInAsyncScope = AsyncResource.prototype.runInAsyncScope
const contextMarker = new AsyncLocalStorage()
const markFrame = contextMarker.enterWith
// AsyncContextFrame-based storage has no per-instance resource symbol.
const FRAME_STORAGE = !('kResourceStore' in contextMarker)
// The key of the current context (see executionKey() and contextMarker).
const currentKey = FRAME_STORAGE ? () => contextMarker.getStore() : executionKey
// The key of no context, held before any is known. It is of the same kind as real keys (a
// number, or an object with AsyncContextFrame), so that V8 compares keys as such: a null there
// made the key comparisons of every timer created and every callback run generic ones.
// Execution async ids are never negative, and no frame carries this object.
const NO_KEY = FRAME_STORAGE ? Object.freeze({}) : -1

// `var`, as immediates.js's state: a module-level `let` is checked for its temporal dead zone on
// every read from a function, and this one is read several times per callback.
var contextEpoch = 0

// The capture that timers of one type created in the current context share. One per type, so
// that code alternating setTimeout and setImmediate does not capture afresh on every call.
class SharedCapture {
  constructor (type) {
    this.type = type // the async resource type: "Timeout" or "Immediate"
    this.context = null // the TimerContext
    this.key = NO_KEY // the context it was shared in (see executionKey(), contextMarker)
    this.epoch = -1 // the contextEpoch it was shared in
    this.free = null // the TimerContext of timers created while context-free (see there)
    // What a timer of its type created now carries, while that takes no look at the context
    // (see know()); undefined while captureContext() must look.
    this.known = undefined
  }
}

const sharedCaptures = []

/** The shared capture of timers of `type`: one per scheduler, created as it loads. */
function sharedCapture (type) {
  const shared = new SharedCapture(type)
  sharedCaptures.push(shared)
  if (contextFree) shared.free = newFreeContext(shared)
  know(shared)
  return shared
}

/**
 * The context a timer of `shared`'s type created now carries (its `_context`): null with
 * asyncContext off, else captureContext()'s.
 */
function timerContext (shared) {
  // One field read, kept up to date as the option and context-free change, instead of the
  // option's and context-free's tests: the code V8 inlines into every timer's creation stays
  // small (lib/timeouts.js, setTimeout()).
  const known = shared.known
  return known !== undefined ? known : captureContext(shared)
}

// Sets `shared.known`: null with asyncContext off; the free context while context-free.
function know (shared) {
  shared.known = !options.asyncContext ? null : contextFree ? shared.free : undefined
}

function knowAll () {
  for (const shared of sharedCaptures) know(shared)
}

wrapContextSwitches()
onConfigure(knowAll)

// --- context-free: no store anywhere, and nobody watching ------------------------------
//
// With async_hooks storage (Node 18 to 22), a store exists only once an AsyncLocalStorage's
// run() or enterWith() has written it onto an execution resource, and only async hooks carry
// it on to new resources. So while no storage has been entered and no async hook is enabled
// (a hook can track contexts its own way, as cls-hooked does), every context is the same to
// the program: timers skip the capture, and every callback runs right in its pass's context.
// That is "context-free". The capture's check and the pass's context bookkeeping were about 60
// instructions of the 700 a queued immediate costs on Node 20.
//
// It starts as we load, unless an intrinsic promise created then carries an async id (a userland
// Promise a program put in place of the global never does): Node's promise hook writes one onto
// every promise while an async hook with an `init` callback is enabled (any storage entered
// before we loaded enabled one), and goes on for a while after it is disabled, which only delays
// the start. A hook with no `init` cannot tell one resource's creation from
// another's, so a context of its own means nothing to it, but it still marks promise jobs: a
// promise job queued at load runs with execution async id 0 only while no async hook at all is
// enabled. So that job starts it if the load could not (a disabled storage reads no store until
// it is entered again), and ends it if a hook is enabled. From load on, the wrappers see every
// way in: they end it for good. Timers created while it lasted then still run in a context of
// their own, created while it lasted, with no store (`SharedCapture.free`): not in whatever
// context their pass runs in by then, which may carry a store.
//
// AsyncContextFrame storage (Node 24 and later) needs no hook: a store lives in the frame that
// enterWith() makes current (run() and withScope() go through it), and every async resource
// carries the frame of its creation on. Nothing a frame leaves behind can be read once its
// scope is left, so it starts only when no code can have entered a store before we loaded:
// when none had even obtained AsyncLocalStorage. `async_hooks` exports it through a getter that
// loads its implementation on first use, which Node lists in `process.moduleLoadList`: absent
// before our own first use, present after it. (An ES module that imports anything from
// `node:async_hooks` reads every export, so it counts as a use.) Our own capture marker makes
// frames too, but only outside context-free.
//
// Starting at load also keeps the capture out of the optimized code of setTimeout() and
// setImmediate(): V8 inlines only what has run, and timers created in the first synchronous run
// used to take the capture path, whose code then counted against the budget that decides
// whether setTimeout() is inlined into its caller (lib/timeouts.js, setTimeout()).
// Hot paths test it with `=== true`: it is a boolean, but V8 cannot know that of a `var` and
// would test its truthiness, a dozen instructions, on every timer.
var contextFree = false
var contextFreeEnded = false

function startContextFree () {
  if (contextFree || contextFreeEnded) return
  for (const shared of sharedCaptures) shared.free = newFreeContext(shared)
  contextFree = true
  knowAll()
}

// As we load: no hook with `init` is enabled, or has been for a while (see above).
function promisesUntracked () {
  return Object.getOwnPropertySymbols(IntrinsicPromise.resolve()).length === 0
}

// The promise job queued at load (see above).
function checkContextFree () {
  if (executionAsyncId() === 0) startContextFree()
  else endContextFree()
}

/** Whether timers are being created context-free now (see there): for tests. */
function isContextFree () {
  return contextFree
}

function endContextFree () {
  if (contextFreeEnded) return
  contextFree = false
  contextFreeEnded = true
  knowAll()
}

function newFreeContext (shared) {
  return outsideDomain(newTimerContext, shared, null)
}

if (!FRAME_STORAGE || noStoreBeforeLoad()) {
  wrapHookEnable()
  if (promisesUntracked()) startContextFree()
  promiseThen.call(IntrinsicPromise.resolve(), checkContextFree)
}

// AsyncContextFrame storage: whether no store can have been entered before we loaded (see
// "context-free"): our own use was the first to load the storage's implementation.
function noStoreBeforeLoad () {
  return !storageUsedBeforeLoad && storageImplementationLoaded()
}

// Whether Node has loaded its AsyncLocalStorage implementation (Node 22 and later keep it in
// modules of their own; on Node 18 and 20, and wherever the list is missing, this is false).
function storageImplementationLoaded () {
  const loaded = process.moduleLoadList
  if (!Array.isArray(loaded)) return false
  for (const name of loaded) {
    if (name.startsWith('NativeModule internal/async_local_storage/')) return true
  }
  return false
}

// Enabling any async hook ends context-free (see there).
function wrapHookEnable () {
  const proto = Object.getPrototypeOf(createHook({}))
  const original = proto.enable
  if (typeof original !== 'function') return
  defineWrapper(proto, 'enable', original, {
    enable (...args) {
      endContextFree()
      return Reflect.apply(original, this, args)
    },
  }.enable)
}

// With async_hooks storage, run/enterWith/exit inside a callback write stores onto the
// execution resource: on a shared capture, enterWith's would leak into the next callback
// sharing it. So the first such call inside a capture's scope records the stores the capture
// was born with (`bornWith`), and they are put back after the callback.
class TimerContext extends AsyncResource {
  constructor (shared, frameKey) {
    super(shared.type)
    this.shared = shared // its type's SharedCapture
    this.frameKey = frameKey // AsyncContextFrame: the marker its frame carries
    this.bornEpoch = contextEpoch
    this.bornWith = null
    this.domain = null // the domain a timer created inside one runs in (see domainContext())
  }

  restoreStores () {
    const born = this.bornWith
    if (born === null) return // nothing was written
    for (const key of Object.getOwnPropertySymbols(this)) {
      if (!born.has(key)) delete this[key]
    }
    for (const [key, value] of born) this[key] = copyOfStores(value)
  }
}

function ownSymbols (object) {
  const symbols = new Map()
  for (const key of Object.getOwnPropertySymbols(object)) symbols.set(key, copyOfStores(object[key]))
  return symbols
}

// Node 24 and later, run with --no-async-context-frame, keep a resource's stores in one
// null-prototype object under a symbol, and enterWith writes into that object: its snapshot and
// each restore take a copy, or the write would outlive the callback. (Node 18-22 keep each
// store under its own symbol on the resource.)
function copyOfStores (value) {
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== null) return value
  return Object.assign(Object.create(null), value)
}

/** The execution context to restore when a timer runs; `shared`: its type's sharedCapture(). */
function captureContext (shared) {
  // Every timer whose context timerContext() does not know takes this path: kept small, with
  // the capture itself in a function of its own, so that V8 can inline the check into
  // setTimeout and setImmediate.
  if (contextFree === true) return shared.free
  if (domainsLoaded()) {
    const domain = process.domain
    if (domain !== null && domain !== undefined) return domainContext(shared, domain)
  }
  if (inSharedContext(shared)) return shared.context
  return captureAndShare(shared)
}

// A timer created inside a domain has a context of its own, never shared, that names the
// domain: its callback runs inside it (runInDomain()). Created outside the domain itself, so
// that Node does not bind it to the domain too (Node's binding would leave the domain as the
// scope's async after hook runs, before an error could reach it).
function domainContext (shared, domain) {
  const context = outsideDomain(newTimerContext, shared, null)
  context.domain = domain
  return context
}

function captureAndShare (shared) {
  if (FRAME_STORAGE) {
    // The marker names the frame: another type's capture made in this frame already marked it.
    // Otherwise mark first, so the capture's own frame carries the marker (invisible to other
    // storages).
    let key = contextMarker.getStore()
    if (key === undefined || !isSharedKey(key)) {
      key = {}
      markFrame.call(contextMarker, key)
    }
    shareContext(outsideDomain(newTimerContext, shared, key), key)
  } else {
    shareContext(outsideDomain(newTimerContext, shared, null), executionKey())
  }
  return shared.context
}

// A capture is shared by timers created in and out of any domain: it must not be bound to one
// (see outsideDomain()).
function newTimerContext (shared, frameKey) {
  return new TimerContext(shared, frameKey)
}

// Whether the current context provably carries the stores of `shared`'s capture.
function inSharedContext (shared) {
  return shared.epoch === contextEpoch && currentKey() === shared.key
}

// Whether a capture shared in the current epoch was made in the context `key` names. (On
// AsyncContextFrame, one shared in this epoch was also born in it: see canShare().)
function isSharedKey (key) {
  for (const shared of sharedCaptures) {
    if (shared.epoch === contextEpoch && shared.key === key) return true
  }
  return false
}

// With async_hooks storage, stores live on the execution resource, and async ids name resources
// one to one (never reused); the id is far cheaper to read than the resource. Id 0 names no
// resource. A promise job reads it while no async hook tracks promises, which means no
// AsyncLocalStorage is enabled (enabling one installs such a hook), so no store can be read.
// Once one is enabled, only code outside every callback reads it (a FinalizationRegistry
// cleanup, say), in a resource no store reaches (measured on Node 18 to 22). So within one
// epoch, every id-0 context carries the same stores, and 0 is a key -- until an enterWith
// made at id 0 writes a store onto the resource there (in a promise job, the resource of the
// callback whose microtasks run it). From then on, id 0 is keyed by the resource itself.
var zeroIdWritten = false

function executionKey () {
  const id = executionAsyncId()
  return id !== 0 || !zeroIdWritten ? id : executionAsyncResource()
}

// With AsyncContextFrame, a store switch made while in a capture's frame derives a new frame
// that still carries the capture's marker: after one, the marker no longer names one frame.
function canShare (context) {
  return !FRAME_STORAGE || context.bornEpoch === contextEpoch
}

function shareContext (context, key) {
  const shared = context.shared
  shared.context = context
  shared.key = key
  shared.epoch = contextEpoch
}

// A timer still pending after its callback (an interval, or a timeout its own callback
// refreshed) is one resource across its runs in Node: with async_hooks storage, an enterWith()
// in one run writes onto it, and is still in place in the next. Ours run in a shared capture or
// in the pass's context instead, where the write does not outlast the pass. So such a timer
// takes the context in place as its callback ends, whenever an enterWith() may have happened
// since one last did. (A stale flag only costs a capture: without a write in the callback, the
// context in place is the one the callback ran in.) With AsyncContextFrame storage, Node runs
// each run in the frame captured at creation, so nothing carries over.
var storesEntered = false

/** The context for the next run of a timer whose callback is ending; `shared`: its type's. */
function contextAfterCallback (context, shared) {
  if (!storesEntered || context === null) return context
  storesEntered = false
  return captureContext(shared)
}

// Called before a storage method writes stores onto the current execution resource.
function beforeStoreWrite (name) {
  endContextFree()
  if (FRAME_STORAGE) return
  if (name === 'enterWith') {
    storesEntered = true
    if (executionAsyncId() === 0) zeroIdWritten = true
  }
  const resource = executionAsyncResource()
  if (resource instanceof TimerContext && resource.bornWith === null) {
    resource.bornWith = ownSymbols(resource)
  }
}

function wrapContextSwitches () {
  for (const name of ['run', 'exit']) wrapStoreWrite(name, true)
  for (const name of ['enterWith', 'disable']) wrapStoreWrite(name, false)
}

// Invalidates the shared captures when the AsyncLocalStorage method writes stores: on entry,
// and on exit too for a `scoped` method (one whose write lasts only for the call).
function wrapStoreWrite (name, scoped) {
  const proto = AsyncLocalStorage.prototype
  const original = proto[name]
  if (typeof original !== 'function') return
  defineWrapper(proto, name, original, {
    [name] (...args) {
      beforeStoreWrite(name)
      contextEpoch++
      try {
        return Reflect.apply(original, this, args)
      } finally {
        if (scoped) contextEpoch++
      }
    },
  }[name])
}

function defineWrapper (proto, name, original, wrapper) {
  Object.defineProperty(wrapper, 'length', { value: original.length })
  const descriptor = Object.getOwnPropertyDescriptor(proto, name)
  Object.defineProperty(proto, name, { ...descriptor, value: wrapper })
}

module.exports = {
  NO_KEY,
  armedContextHolds,
  captureContext,
  contextAfterCallback,
  enterPass,
  fireInContext,
  isContextFree,
  noteArmed,
  runsInPlace,
  sharedCapture,
  timerContext,
}
