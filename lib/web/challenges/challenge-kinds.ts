"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import type { PronunciationChallenge } from "@/lib/challenges/pronunciation/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import { apiFetch } from "../api/api-client";
import { apiSendParts, type Parts } from "../api/api-upload";
import { apiKey, useApiQuery, useApiSession } from "../api/use-api";
import { toast } from "../ui/toast";

// The three kinds of challenges in the web app: their API paths and permissions, the
// detail query (a choice challenge is polled while it is being prepared), and the
// create, update and delete requests, which keep the cached lists and details current.

export type ChallengeKind = "choice" | "pronunciation" | "speech";
export type ChallengeOf<K extends ChallengeKind> = K extends "choice"
  ? ChoiceChallenge
  : K extends "pronunciation"
    ? PronunciationChallenge
    : SpeechChallenge;

type KindInfo = {
  title: string;
  singular: string;
  description: string;
  apiPath: string;
  href: string;
  list: string;
  create: string;
  edit: string;
  remove: string;
};

export const KINDS: Record<ChallengeKind, KindInfo> = {
  choice: {
    title: "Choice challenges",
    singular: "choice challenge",
    description: "A question and the sentences a student may answer with; one of them is recognised.",
    apiPath: "/api/challenges/choice",
    href: "/challenges/choice",
    list: "CHOICE_CHALLENGE_LIST",
    create: "CHOICE_CHALLENGE_CREATE",
    edit: "CHALLENGE_EDIT",
    remove: "CHOICE_CHALLENGE_DELETE",
  },
  pronunciation: {
    title: "Pronunciation challenges",
    singular: "pronunciation challenge",
    description: "A sentence to read aloud, with reference audio; its pronunciation is assessed phoneme by phoneme.",
    apiPath: "/api/challenges/pronunciation",
    href: "/challenges/pronunciation",
    list: "CHALLENGE_LIST",
    create: "CHALLENGE_CREATE",
    edit: "CHALLENGE_EDIT",
    remove: "CHALLENGE_DELETE",
  },
  speech: {
    title: "Speech challenges",
    singular: "speech challenge",
    description:
      "A topic to speak about freely, with optional reference audio, subtitles (SRT), an image and metadata.",
    apiPath: "/api/challenges/speech",
    href: "/challenges/speech",
    list: "CHALLENGE_LIST",
    create: "CHALLENGE_CREATE",
    edit: "CHALLENGE_EDIT",
    remove: "CHALLENGE_DELETE",
  },
};

export const CHALLENGE_KINDS = Object.keys(KINDS) as ChallengeKind[];

export const itemPath = (kind: ChallengeKind, id: string) => `${KINDS[kind].apiPath}/${encodeURIComponent(id)}`;

/** How often a preparing choice challenge is asked for again. */
export const PREPARING_POLL_MS = 1000;

/** One challenge; a choice challenge is fetched again every second while it is `preparing`. */
export function useChallenge<K extends ChallengeKind>(kind: K, id: string) {
  return useApiQuery<ChallengeOf<K>>(itemPath(kind, id), undefined, {
    refetchInterval: (query) =>
      kind === "choice" && (query.state.data as ChoiceChallenge | undefined)?.status === "preparing"
        ? PREPARING_POLL_MS
        : false,
    // Polling only means something while the page is seen.
    refetchIntervalInBackground: false,
  });
}

/** A challenge request: multipart parts (files), or a JSON body; `id` absent: create. */
export type SaveRequest = { id?: string; parts?: Parts; json?: Record<string, unknown> };

/** Creates (POST) or updates (PUT) a challenge; the answer becomes the cached detail at once. */
export function useSaveChallenge<K extends ChallengeKind>(kind: K) {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: SaveRequest): Promise<ChallengeOf<K>> => {
      const path = request.id ? itemPath(kind, request.id) : KINDS[kind].apiPath;
      const method = request.id ? "PUT" : "POST";
      if (request.parts) return apiSendParts<ChallengeOf<K>>(path, { method, parts: request.parts });
      return (await apiFetch<ChallengeOf<K>>(path, { method, json: request.json ?? {} })).data;
    },
    onSuccess: (challenge) => {
      // The detail page shows the answer (e.g. status "preparing") and polls from there.
      queryClient.setQueryData(apiKey(scope, itemPath(kind, challenge.id)), challenge);
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, KINDS[kind].apiPath).slice(0, 3) });
    },
  });
}

export function useDeleteChallenge(kind: ChallengeKind) {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: string }) => {
      await apiFetch(itemPath(kind, id), { method: "DELETE" });
      return { id, name };
    },
    onSuccess: ({ id, name }) => {
      queryClient.removeQueries({ queryKey: apiKey(scope, itemPath(kind, id)) });
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, KINDS[kind].apiPath).slice(0, 3) });
      toast.success(`The ${KINDS[kind].singular} “${name}” was deleted`);
    },
    onError: (error) => toast.error(error.message),
  });
}
