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
    }
  }
}
