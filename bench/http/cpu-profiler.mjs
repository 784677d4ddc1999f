// Preloaded (NODE_OPTIONS=--import) by bench/http/profile.ts into every process of a private
// server; profiles only the HTTP server (scripts/http-server.mjs), from SIGUSR2 (sent once the
// server is warm) to SIGTERM, and writes the .cpuprofile to $CPU_PROFILE_DIR. (`--cpu-prof` is refused in NODE_OPTIONS.)
import fs from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

if (process.argv[1]?.endsWith("http-server.mjs") && process.env.CPU_PROFILE_DIR) {
  const session = new Session();
  session.connect();
  process.on("SIGUSR2", () => session.post("Profiler.enable", () => session.post("Profiler.start")));
  process.once("SIGTERM", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error)
        fs.writeFileSync(
          path.join(process.env.CPU_PROFILE_DIR, `http-server-${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
    });
  });
}
