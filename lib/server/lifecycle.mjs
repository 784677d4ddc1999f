// The process's lifecycle, shared by the HTTP server (scripts/http-server.mjs) and the app code
// that Next bundles: each loads its own copy of this module, so the state lives on globalThis.

const KEY = Symbol.for("speech-platform.lifecycle");

function state() {
  globalThis[KEY] ??= { draining: false, hooks: [] };
  return globalThis[KEY];
}

/** True from the first SIGTERM/SIGINT on: readiness answers 503, no new background work starts. */
export function isDraining() {
  return state().draining;
}

/** Work to wind down when the drain begins (e.g. hand a running job over); awaited by the server. */
export function onDrain(hook) {
  state().hooks.push(hook);
}

/** Starts the drain (once) and resolves when every hook has settled. */
export function beginDrain() {
  const s = state();
  if (!s.draining) {
    s.draining = true;
    s.done = Promise.allSettled(s.hooks.map((hook) => hook()));
  }
  return s.done;
}
