// Runs once when a server instance starts: settings, role catalog, first admin.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { ensureStarted } = await import("@/lib/bootstrap/start");
    await ensureStarted();
    // The audio pool's threads start now, with their task scripts loaded, not with the first answers.
    const { sharedPool } = await import("@/lib/workers/pool");
    sharedPool();
    const { startBackground } = await import("@/lib/bootstrap/background");
    startBackground();
    const { config } = await import("@/lib/config");
    if (config().serverRole !== "api") {
      const { startRecognitionServer } = await import("@/lib/recognition/server/ws-server");
      startRecognitionServer();
    }
  }
}
