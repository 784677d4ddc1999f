import { ALIGN_RECORDING_REFERENCE, referenceAlignment } from "@/lib/annotations/reference-alignment";
import { log } from "@/lib/api/log";
import { PREPARE_CHOICE_CHALLENGE } from "@/lib/challenges/choice/choice-challenges";
import { choicePreparation } from "@/lib/challenges/choice/preparation";
import { PREPARE_PRONUNCIATION_CHALLENGE, pronunciationPreparation } from "@/lib/challenges/pronunciation/preparation";
import { config } from "@/lib/config";
import { db } from "@/lib/db/client";
import { startWorker } from "@/lib/jobs/worker";
import { grammarBackend } from "@/lib/recognition/recogniser";
import { isDraining, onDrain } from "@/lib/server/lifecycle.mjs";
import { storage } from "@/lib/storage/storage";
import { sweepOrphans } from "@/lib/storage/sweep";
import { removeStaleTempDirs, requestTmpDir, STALE_IN_SWEEP_MS } from "@/lib/storage/temp-dirs";

// Background work of each app instance: the job worker (challenge preparation, reference
// annotations by forced alignment), the periodic sweep of stored files no row references, and
// of its own stale temp directories.
// When the instance drains (scripts/http-server.mjs on SIGTERM) it stops claiming and hands
// its running job over.

type Background = { wake: () => void; stop: () => Promise<void> };
const globalForBackground = globalThis as unknown as { background?: Background };

export function startBackground(): void {
  if (globalForBackground.background || isDraining()) return;
  const cfg = config();
  // The temp directory is this instance's own disk: every instance sweeps it, jobs or not.
  const tempSweep = setInterval(() => void sweepTempDirs(), cfg.sweepIntervalSeconds * 1000);
  tempSweep.unref();
  if (!cfg.backgroundJobs) {
    globalForBackground.background = { wake: () => {}, stop: async () => clearInterval(tempSweep) };
    return;
  }
  const worker = startWorker(
    db(),
    {
      [PREPARE_CHOICE_CHALLENGE]: choicePreparation(storage(), grammarBackend()),
      [PREPARE_PRONUNCIATION_CHALLENGE]: pronunciationPreparation(storage()),
      [ALIGN_RECORDING_REFERENCE]: referenceAlignment(storage()),
    },
    {
      pollMs: cfg.jobPollMs,
      leaseMs: cfg.jobLeaseMs,
    },
  );
  const sweep = setInterval(() => {
    sweepOrphans(db(), storage(), { olderThanMs: cfg.orphanAgeSeconds * 1000 })
      .then((result) => result.deleted + result.incompleteRemoved > 0 && log("info", "sweep", result))
      .catch((error) => log("warn", "sweep-failed", { error: (error as Error).message }));
  }, cfg.sweepIntervalSeconds * 1000);
  sweep.unref();
  const background = {
    wake: worker.wake,
    stop: async () => {
      clearInterval(tempSweep);
      clearInterval(sweep);
      await worker.stop({ handOver: true });
    },
  };
  globalForBackground.background = background;
  onDrain(background.stop);
}

async function sweepTempDirs(): Promise<void> {
  try {
    const removed = await removeStaleTempDirs(requestTmpDir(), STALE_IN_SWEEP_MS);
    if (removed > 0) log("info", "temp-cleanup", { removed });
  } catch (error) {
    log("warn", "temp-cleanup-failed", { error: (error as Error).message });
  }
}

/** Work was queued by this instance: look for it now rather than at the next poll. */
export function wakeWorker(): void {
  globalForBackground.background?.wake();
}
