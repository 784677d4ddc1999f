// Request bodies at the connection level. A bound on how long one may stall: Node's requestTimeout bounds the whole
// request, which a large upload on a slow link may need hours for; this closes only a
// connection whose body stopped arriving. Time the app itself spends not reading (its
// backpressure: data waiting in the request's buffer) is not the client's stall.

const hasBody = (req) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"]) > 0;

/** Watches `req` until its body has arrived; calls onStall (once) after `stallMs` without progress. */
export function watchUploadStall(req, stallMs, onStall) {
  if (!hasBody(req) || stallMs <= 0) return;
  const socket = req.socket;
  let lastBytes = socket.bytesRead;
  let lastProgress = Date.now();
  const timer = setInterval(
    () => {
      if (req.complete || socket.destroyed) return clearInterval(timer);
      const now = Date.now();
      if (socket.bytesRead !== lastBytes || req.readableLength > 0) {
        lastBytes = socket.bytesRead;
        lastProgress = now;
      } else if (now - lastProgress >= stallMs) {
        clearInterval(timer);
        onStall(socket.bytesRead);
      }
    },
    Math.min(1000, Math.max(50, stallMs / 4)),
  );
  timer.unref();
  req.once("close", () => clearInterval(timer));
}

/** True for a request whose body has not fully arrived: answering it must close the connection. */
export function bodyUnread(req) {
  return hasBody(req) && !req.complete;
}

const LINGER_MS = 2000;

/**
 * Closes the connection of an answer given before the body arrived the way web servers do
 * ("lingering close"): the answer and a FIN first, then the rest of the body is read and
 * dropped for a moment before the socket goes. Closing at once would reset a client still
 * sending, which then loses the answer it has not read yet (EPIPE instead of a 413 or 503).
 */
export function lingerOnClose(socket) {
  if (socket.lingerOnClose) return;
  socket.lingerOnClose = true;
  // Node's HTTP server calls destroySoon after the last response on a connection.
  socket.destroySoon = function () {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}
