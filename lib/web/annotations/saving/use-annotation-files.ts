"use client";
import { useCallback, useState } from "react";
import { InterchangeError } from "@/lib/annotations/interchange/model";
import { saveBlob } from "../../api/save-file";
import { toast } from "../../ui/toast";
import type { Item } from "../model/types";
import { type ExportFormat, exportAnnotation, type Versioned } from "./annotation-api";
import type { Imported } from "./import-preview";
import type { Draft } from "./use-draft";

// An annotation's files: a TextGrid or .eaf read in the browser, previewed, then applied as one
// undoable step of the draft; and the saved version downloaded in an interchange format.

export type PendingImport = { fileName: string; imported: Imported };

type Options = { server: Versioned | null; readOnly: boolean; draft: Draft };

export function useAnnotationFiles({ server, readOnly, draft }: Options) {
  const [pendingImport, setPendingImport] = useState<PendingImport | null>(null);

  /** Reads a TextGrid or .eaf in the browser for the preview; nothing changes yet. */
  const importFile = useCallback(
    async (file: File) => {
      if (!server || readOnly) return;
      try {
        const { readImport } = await import("./read-import");
        const imported = readImport(new Uint8Array(await file.arrayBuffer()), file.name);
        setPendingImport({ fileName: file.name, imported });
      } catch (error) {
        toast.error(error instanceof InterchangeError ? `Unreadable annotation file: ${error.message}` : String(error));
      }
    },
    [server, readOnly],
  );

  const applyImport = useCallback(
    (items: Item[]) => {
      if (!pendingImport) return;
      draft.apply(`Import ${pendingImport.fileName}`, () => items);
      setPendingImport(null);
      toast.success(`Imported ${pendingImport.fileName} into the draft: save to keep it, or undo.`);
    },
    [pendingImport, draft],
  );

  const download = useCallback(
    async (format: ExportFormat) => {
      if (!server?.annotation.id) return;
      try {
        const file = await exportAnnotation(server.annotation.id, format);
        saveBlob(file.blob, file.filename);
      } catch (error) {
        toast.error(error instanceof Error ? error.message : String(error));
      }
    },
    [server],
  );

  return { importFile, pendingImport, applyImport, cancelImport: () => setPendingImport(null), download };
}
