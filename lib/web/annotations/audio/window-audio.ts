"use client";
import type { Input } from "mediabunny";

// The samples of a time window of the recording's audio, decoded in the browser without
// fetching or decoding the rest: mediabunny reads the Ogg Opus by HTTP range requests (it finds
// the window's pages by their granule positions) and decodes only those packets with WebCodecs.
// One reader per audio URL, kept while the editor is open.

const readers = new Map<string, Promise<Input>>();

/** The byte range [start, end) of the file at `url`, by an HTTP range request. */
async function readRange(url: string, start: number, end: number): Promise<Uint8Array> {
  const response = await fetch(url, { credentials: "same-origin", headers: { Range: `bytes=${start}-${end - 1}` } });
  if (response.status !== 206)
    throw new Error(`The audio server did not answer a range request (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/** The file's size, from the Content-Range of a one-byte range request. */
async function fileSize(url: string): Promise<number> {
  const response = await fetch(url, { credentials: "same-origin", headers: { Range: "bytes=0-0" } });
  const total = Number(/\/(\d+)$/.exec(response.headers.get("Content-Range") ?? "")?.[1]);
  await response.body?.cancel();
  if (response.status !== 206 || !Number.isFinite(total))
    throw new Error(`The audio server did not answer a range request (HTTP ${response.status})`);
  return total;
}

async function reader(url: string): Promise<Input> {
  let input = readers.get(url);
  if (!input) {
    // A CustomSource rather than UrlSource: UrlSource's network prefetching read 6-10 MB of a
    // 60-minute recording to find a 10 s window (about 60 kB of Opus). Small page-aligned reads
    // ("fileSystem") cost a few more round-trips on our own server and almost no bytes.
    input = import("mediabunny").then(
      ({ Input, CustomSource, ALL_FORMATS }) =>
        new Input({
          source: new CustomSource({
            getSize: () => fileSize(url),
            read: (start, end) => readRange(url, start, end),
            prefetchProfile: "fileSystem",
          }),
          formats: ALL_FORMATS,
        }),
    );
    readers.set(url, input);
  }
  return input;
}

/** Mono samples of [fromSec, toSec) at the audio's own rate. */
export async function decodeWindow(
  url: string,
  fromSec: number,
  toSec: number,
  signal?: AbortSignal,
): Promise<{ samples: Float32Array; sampleRate: number; fromSec: number }> {
  const input = await reader(url);
  const track = await input.getPrimaryAudioTrack();
  if (!track) throw new Error("The recording has no audio track");
  if (!(await track.canDecode())) throw new Error("This browser cannot decode the recording's audio");
  const { AudioBufferSink } = await import("mediabunny");
  const sink = new AudioBufferSink(track);
  const parts: Float32Array[] = [];
  let sampleRate = track.sampleRate;
  let first: number | null = null;
  for await (const { buffer, timestamp } of sink.buffers(fromSec, toSec)) {
    if (signal?.aborted) throw new DOMException("aborted", "AbortError");
    sampleRate = buffer.sampleRate;
    first ??= timestamp;
    parts.push(buffer.getChannelData(0));
  }
  const length = parts.reduce((n, p) => n + p.length, 0);
  const all = new Float32Array(length);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  // Trim to the window (the first buffer may begin before it).
  const start = first === null ? fromSec : first;
  const skip = Math.max(0, Math.round((fromSec - start) * sampleRate));
  const keep = Math.max(0, Math.min(all.length - skip, Math.round((toSec - fromSec) * sampleRate)));
  return { samples: all.subarray(skip, skip + keep), sampleRate, fromSec };
}
