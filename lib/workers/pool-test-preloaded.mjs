// Preloaded by pool.test.ts: counts how often a thread imported it.
globalThis.poolTestPreloaded = (globalThis.poolTestPreloaded ?? 0) + 1;
