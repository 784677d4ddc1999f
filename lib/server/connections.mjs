import { isDraining } from "./lifecycle.mjs";

// The server's connections, for a polite drain: which were opened before it began (their
// requests are still served, each answer saying `Connection: close`) and which have a
// request in progress. Node's closeIdleConnections is not used: it also closes connections
// just accepted whose request has not been read yet, and those clients get a reset.

const STATE = Symbol("connection state");

export function trackConnections(server) {
  const sockets = new Set();
  let changed = () => {};
  server.on("connection", (socket) => {
    socket[STATE] = { beforeDrain: !isDraining(), busy: 0 };
    sockets.add(socket);
    socket.once("close", () => {
      sockets.delete(socket);
      changed();
    });
  });
  return {
    /** Counts the request's connection busy until its response is done. */
    request(req, res) {
      const state = req.socket[STATE];
      state.busy++;
      res.once("close", () => {
        state.busy--;
        changed();
      });
    },
    acceptedBeforeDrain: (socket) => socket[STATE]?.beforeDrain === true,
    busy: () => [...sockets].reduce((n, s) => n + s[STATE].busy, 0),
    /** Resolves once no connection opened before the drain has a request in progress. */
    oldOnesIdle() {
      return new Promise((resolve) => {
        changed = () => {
          if ([...sockets].every((s) => !s[STATE].beforeDrain || s[STATE].busy === 0)) resolve();
        };
        changed();
      });
    },
    /** Closes every connection without a request in progress (a lingering one closes itself). */
    closeIdle() {
      for (const socket of sockets) if (socket[STATE].busy === 0 && !socket.lingerOnClose) socket.destroy();
    },
  };
}
