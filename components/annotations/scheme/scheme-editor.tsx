"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/button";
import { PageHeader } from "@/components/page-header";
import { ErrorState, LoadingBlock } from "@/components/states";
import type { Scheme } from "@/lib/web/annotations/model/types";
import { schemeErrorInWords } from "@/lib/web/annotations/validation/scheme-errors";
import { type ApiRequestError, apiFetch } from "@/lib/web/api/api-client";
import { apiKey, useApiQuery, useApiSession } from "@/lib/web/api/use-api";
import { toast } from "@/lib/web/ui/toast";
import { type DraftLayer, LayerCard } from "./layer-card";

// /annotation-scheme — an organisation administrator edits the organisation's label scheme:
// its layers, their labels, what base annotators get (per layer and per label) and whether
// a layer's fragments may overlap. Saved with PUT /organisations/:id/annotation-scheme; the
// API's validation errors are shown in words, next to the form.

let keys = 0;
const newKey = () => ++keys;
const toDraft = (scheme: Scheme): DraftLayer[] =>
  scheme.layers.map((l) => ({ ...l, key: newKey(), labels: l.labels.map((x) => ({ ...x, key: newKey() })) }));
const toWire = (layers: DraftLayer[]) =>
  layers.map(({ name, freeText, allowOverlap, baseAllowed, labels }) => ({
    name,
    freeText,
    allowOverlap,
    baseAllowed,
    labels: labels.map(({ label, baseAllowed: b }) => ({ label, baseAllowed: b })),
  }));

export function SchemeEditor({ organisation }: { organisation: string }) {
  const path = `/api/organisations/${encodeURIComponent(organisation)}/annotation-scheme`;
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  const scheme = useApiQuery<Scheme>(path);
  const [layers, setLayers] = useState<DraftLayer[] | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scheme.data && layers === null) setLayers(toDraft(scheme.data));
  }, [scheme.data, layers]);
  useEffect(() => {
    if (errors.length) errorBox.current?.focus();
  }, [errors]);

  if (scheme.error)
    return (
      <ErrorState error={scheme.error} title="The label scheme could not be loaded" onRetry={() => scheme.refetch()} />
    );
  if (!scheme.data || !layers) return <LoadingBlock label="Loading the label scheme…" />;
  const saved = JSON.stringify(toWire(toDraft(scheme.data)));
  const dirty = JSON.stringify(toWire(layers)) !== saved;

  const save = async (method: "PUT" | "DELETE") => {
    setSaving(true);
    setErrors([]);
    try {
      const { data } = await apiFetch<Scheme>(
        path,
        method === "PUT" ? { method, json: { layers: toWire(layers) } } : { method },
      );
      queryClient.setQueryData(apiKey(scope, path), data);
      setLayers(toDraft(data));
      toast.success(method === "PUT" ? "The label scheme is saved" : "The default label scheme is back");
    } catch (error) {
      const e = error as ApiRequestError;
      const details = e.errors?.length
        ? e.errors.map((f) => schemeErrorInWords(f.message ?? `${f.field}: ${f.code}`, layers))
        : [e.message];
      setErrors(details);
    } finally {
      setSaving(false);
    }
  };
  const update = (i: number, layer: DraftLayer) => setLayers(layers.map((l, j) => (j === i ? layer : l)));
  const move = (i: number, d: -1 | 1) => {
    const next = [...layers];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    setLayers(next);
  };
  return (
    <>
      <PageHeader
        title="Label scheme"
        description={
          <>
            The layers annotators label in organisation <strong>{organisation}</strong>, their labels, which of them
            base annotators get, and whether a layer&apos;s fragments may overlap.{" "}
            {scheme.data.isDefault
              ? "This organisation uses the built-in default scheme."
              : `Last saved ${new Date(scheme.data.updated!).toLocaleString()}.`}
          </>
        }
      />
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save("PUT");
        }}
      >
        {errors.length > 0 && (
          <div
            ref={errorBox}
            tabIndex={-1}
            role="alert"
            className="rounded-md border border-red-400 bg-red-50 p-3 text-sm text-red-900"
            data-testid="scheme-errors"
          >
            <p className="font-semibold">The scheme was not saved:</p>
            <ul className="mt-1 list-disc pl-5">
              {errors.map((e, i) => (
                <li key={i}>{e}</li>
              ))}
            </ul>
          </div>
        )}
        {layers.map((layer, i) => (
          <LayerCard
            key={layer.key}
            layer={layer}
            index={i}
            count={layers.length}
            newKey={newKey}
            onChange={(l) => update(i, l)}
            onMove={(d) => move(i, d)}
            onRemove={() => setLayers(layers.filter((_, j) => j !== i))}
          />
        ))}
        <div className="flex flex-wrap items-center gap-2">
          <Button
            onClick={() =>
              setLayers([
                ...layers,
                {
                  key: newKey(),
                  name: "",
                  freeText: false,
                  allowOverlap: false,
                  baseAllowed: true,
                  labels: [{ key: newKey(), label: "", baseAllowed: true }],
                },
              ])
            }
          >
            Add a layer
          </Button>
          <Button type="submit" variant="primary" disabled={saving || !dirty}>
            {saving ? "Saving…" : "Save the scheme"}
          </Button>
          <Button
            variant="ghost"
            disabled={saving || !dirty}
            onClick={() => (setLayers(toDraft(scheme.data!)), setErrors([]))}
          >
            Discard changes
          </Button>
          {!scheme.data.isDefault && (
            <Button
              variant="ghost"
              disabled={saving}
              onClick={() =>
                window.confirm("Replace this organisation's scheme with the built-in default?") && void save("DELETE")
              }
            >
              Back to the default scheme
            </Button>
          )}
          <span className="text-sm text-slate-700" role="status">
            {dirty ? "Unsaved changes" : "No unsaved changes"}
          </span>
        </div>
      </form>
    </>
  );
}
