// Uploads (multipart requests) are handled a few at a time, in the order they came; the others wait
// in a line, unread, and past its bound are answered 503 with Retry-After. An upload needs the
// event loop at several stages (routing and sign-in, its body, its checks, its rows, its answer)
// and a pool thread once. When a class answers at once, every upload let in reaches each stage
// together with all the others: each stage of the first upload waited behind that stage of the
// hundred, and the first answers took up to 3.4 s (classroom bench, issue 28). Let in a few at a
// time, uploads pass the stages one after the other. 4 interleaved pairs of 60 s: all at once
// 65.6–70.8 answers/s, p99 1.89–2.30 s; 8 at a time (the default on 2 cores) 67.3–74.0 answers/s,
// p99 1.95–2.03 s. (4 and 16 at a time did no better than 8 in one run each.)
// A slot is given up when the response closes, or after HOLD_MS if it is still running then (a
// client sending its body slowly must not hold the line up: it carries on outside the line).

const HOLD_MS = 5000;

/** What a refused upload is told, by a full line here and by a full pool (lib/media/audio-upload.ts). */
export const busyMessage = (retryAfterSeconds) => `Every audio worker is busy; retry in ${retryAfterSeconds} s`;

/** A request that takes the line: a multipart body (an upload) sent with POST or PUT. */
export function isUpload(req) {
  return (req.method === "POST" || req.method === "PUT") && /^multipart\//i.test(req.headers["content-type"] ?? "");
}

/**
 * A line that lets `atOnce` uploads run at a time and keeps at most `waiting` more waiting.
 * `enter(res, go)` runs `go` now or in its turn and returns true, or returns false when the line is
 * full (the caller answers 503). Leaving is tied to `res` closing.
 */
export function uploadLine({ atOnce, waiting, holdMs = HOLD_MS }) {
  let running = 0;
  const line = [];
  const next = () => {
    while (running < atOnce && line.length > 0) {
      line.shift()();
    }
  };
  const start = (res, go) => {
    running++;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      clearTimeout(hold);
      running--;
      next();
    };
    const hold = setTimeout(leave, holdMs);
    hold.unref?.();
    res.once("close", leave);
    go();
  };
  return {
    enter(res, go) {
      if (running < atOnce) {
        start(res, go);
        return true;
      }
      if (line.length >= waiting) return false;
      const turn = () => start(res, go);
      // A client that leaves while waiting gives its place up.
      res.once("close", () => {
        const at = line.indexOf(turn);
        if (at >= 0) line.splice(at, 1);
      });
      line.push(turn);
      return true;
    },
    /** Uploads running and waiting (for tests and logs). */
    counts: () => ({ running, waiting: line.length }),
  };
}
