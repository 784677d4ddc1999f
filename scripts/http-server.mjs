// The production HTTP server: Next's request handler behind node:http, plus one fix.
// Next drops Content-Length from route handler responses (send-response.js strips it
// because fetch may have decoded a proxied body). Downloads must carry it, so they
// send X-Content-Length and this server turns it back into Content-Length.
import http from "node:http";
import path from "node:path";
import next from "next";

const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const app = next({ dev: false, dir: path.resolve(import.meta.dirname, ".."), hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((req, res) => {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) =>
    String(name).toLowerCase() === "x-content-length" ? setHeader("Content-Length", value) : setHeader(name, value);
  handle(req, res);
});
server.listen(port, hostname, () => console.log(`Listening on http://${hostname}:${port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
