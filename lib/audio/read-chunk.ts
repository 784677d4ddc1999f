// How much of a file one streamed read takes: up to 1 MiB, but not much more than the file. Each
// read's buffer is allocated whole outside the JavaScript heap, and in a worker thread (where
// uploads are analysed) such memory sets off full garbage collections: two 1 MiB buffers for a
// 15 KB answer made one about every second upload.
export const readChunkBytes = (fileBytes: number): number => Math.min(1 << 20, Math.max(16 * 1024, fileBytes));
