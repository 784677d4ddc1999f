// s3rver in a process of its own, for the classroom bench's --pg-s3 run: prints {"endpoint"} as
// one JSON line once it listens, and stops (removing its directory) on SIGTERM or when its parent
// closes stdin. In the load generator's own thread, the S3 server's work (5 ms of CPU per answer)
// shared the thread that times the answers, and its CPU could not be told from the load
// generator's (0.8 ms per answer on its own).
import { startS3rver } from "../../lib/storage/test-support";

const s3 = await startS3rver();
process.stdout.write(`${JSON.stringify({ endpoint: s3.endpoint })}\n`);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await s3.stop();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.stdin.on("end", stop);
process.stdin.resume();
