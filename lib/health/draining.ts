// Whether this process is draining (shutting down gracefully): GET /api/health/ready then
// answers 503 so load balancers stop sending new requests. Kept on globalThis so the server
// script and every route bundle of the process share one flag.
const KEY = Symbol.for("speech.health.draining");
type Holder = { [KEY]?: boolean };

export function setDraining(v: boolean): void {
  (globalThis as Holder)[KEY] = v;
}

export function isDraining(): boolean {
  return (globalThis as Holder)[KEY] === true;
}
