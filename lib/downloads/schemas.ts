import { z } from "zod";
import { downloadResponses, type ResponsesDoc } from "@/lib/api/doc";

/** GET /api/download/:file/spectrogram?tile=N: which tile (10 s each, from 0). */
export const spectrogramQuery = z.object({
  tile: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v),
    z.number().int().min(0),
  ),
  // The tile format the client decodes. Tiles are cached for good, so the version is part of
  // their URL: a format change gives new URLs instead of old bytes from the browser's cache.
  v: z
    .preprocess((v) => (typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v) : v), z.number().int().min(1))
    .optional(),
});

export const spectrogramResponses: ResponsesDoc = {
  200: {
    body: "binary",
    contentType: "application/octet-stream",
    headers: ["ETag"],
    description:
      "The tile (lib/audio/spectrogram-format.ts): a 32-byte header, then per column one byte per frequency bin",
  },
  304: { body: "empty", headers: ["ETag"], description: "Not modified (If-None-Match)" },
};

export const peaksResponses: ResponsesDoc = {
  ...downloadResponses,
  200: {
    body: "binary",
    contentType: "application/octet-stream",
    headers: ["ETag"],
    description: "The peaks in BBC audiowaveform's binary format (version 2, 10 ms per point; lib/audio/README.md)",
  },
};
