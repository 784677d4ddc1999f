// Runs once when a server instance starts: settings, role catalog, first admin.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { ensureStarted } = await import("@/lib/bootstrap/start");
    await ensureStarted();
    const { startBackground } = await import("@/lib/bootstrap/background");
    startBackground();
    const { config } = await import("@/lib/config");
    if (config().serverRole !== "api") {
      const { startRecognitionServer } = await import("@/lib/recognition/server/ws-server");
      startRecognitionServer();
      // Before the first requests, so that the first students do not pay for it (warm-up.ts).
      const { warmUp } = await import("@/lib/recognition/server/warm-up");
      await warmUp();
    }
  }
}
