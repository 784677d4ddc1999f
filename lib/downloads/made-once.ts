// Objects made on request and kept in storage (spectrogram tiles, peaks): within one process,
// concurrent requests for the same key share one computation. Across instances two may make
// the same object at once; each makes the same bytes and each put is atomic.

const inflight = new Map<string, Promise<void>>();

/** Runs `make` for `key` unless a run for it is in progress here, whose end it then waits for. */
export function madeOnce(key: string, make: () => Promise<void>): Promise<void> {
  let running = inflight.get(key);
  if (!running) {
    running = make().finally(() => inflight.delete(key));
    inflight.set(key, running);
  }
  return running;
}
