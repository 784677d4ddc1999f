// How much of a file one streamed read takes: up to 1 MiB, but not much more than the file. Each
// read's buffer is allocated whole outside the JavaScript heap, and in a worker thread (where
// uploads are analysed) such memory sets off full garbage collections: capping the reads alone, before
// the writer's chunks were cut too (opus-segment-writer.mjs), took 100 ingests of a 3-s WAV in a
// worker from 25 of them to 17.
export const readChunkBytes = (fileBytes: number): number => Math.min(1 << 20, Math.max(16 * 1024, fileBytes));
