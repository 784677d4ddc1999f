import os from "node:os";

// The pool's default size, also read by lib/config.ts for the upload line (lib/server/upload-line.mjs).

// An upload's task also waits for the disk: its files and their directory are fsynced before the
// answer's row is written (filesystem-sync.ts). Meanwhile a thread more than cores keeps the
// cores working; all run below the event loop's priority, so it takes no core from requests.
// Classroom bench (issue 28), 4 interleaved pairs of 30 s: 57.8 → 62.8 answers/s, p99 2.16–2.65 →
// 2.14–2.21 s.
export const defaultPoolThreads = () => os.availableParallelism() + 1;

// A waiting task holds little (an upload waits as a file on disk, its task is two paths), and a
// class of a hundred answering at once must queue, not be refused: 192 waiting on 2 cores.
export const defaultPoolQueue = (threads: number) => 64 * threads;
