"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Category } from "@/lib/categories/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import { type ApiRequestError, apiFetch } from "../api/api-client";
import { apiSendParts, type Parts } from "../api/api-upload";
import { fetchAll, inParallel } from "../api/fetch-all";
import { useOptimisticMutation } from "../api/optimistic";
import { apiKey, useApiSession } from "../api/use-api";
import { toast } from "../ui/toast";
import { applyMoves, type MoveUpdate } from "./category-tree";

// The organisation's categories through the API: the whole tree (GET /api/categories, then
// GET /api/categories/:id/categories for each category, level by level), create (POST,
// multipart: image and icon are files), update (PUT, multipart) and moves (PUT order and
// parent, shown at once and put back when the API refuses). The organisation's speech
// challenges (GET /api/challenges/speech) are what a category may hold.

export const CATEGORIES_PATH = "/api/categories";
const SPEECH_PATH = "/api/challenges/speech";
/** Requests in flight at once while walking the tree. */
const PARALLEL = 6;

export const treeKey = (scope: string) => apiKey(scope, CATEGORIES_PATH, { tree: "all" });

async function loadTree(signal?: AbortSignal): Promise<Category[]> {
  const all: Category[] = [];
  let level = await fetchAll<Category>(CATEGORIES_PATH, signal);
  const seen = new Set<string>();
  while (level.length) {
    level = level.filter((c) => !seen.has(c.id));
    for (const c of level) seen.add(c.id);
    all.push(...level);
    const children = await inParallel(level, PARALLEL, (c) =>
      fetchAll<Category>(`${CATEGORIES_PATH}/${encodeURIComponent(c.id)}/categories`, signal),
    );
    level = children.flat();
  }
  return all;
}

/** All categories of the organisation (a flat list; lib/web/categories/category-tree.ts makes the tree). */
export function useCategoryTree(enabled = true) {
  const { scope } = useApiSession();
  return useQuery<Category[], ApiRequestError>({
    queryKey: treeKey(scope),
    queryFn: ({ signal }) => loadTree(signal),
    enabled: !!scope && enabled,
  });
}

/** The organisation's speech challenges (every page), for picking and for labels. */
export function useSpeechChallenges(enabled = true) {
  const { scope } = useApiSession();
  return useQuery<SpeechChallenge[], ApiRequestError>({
    queryKey: apiKey(scope, SPEECH_PATH, { all: "pages" }),
    queryFn: ({ signal }) => fetchAll<SpeechChallenge>(SPEECH_PATH, signal),
    enabled: !!scope && enabled,
    staleTime: 60_000,
  });
}

/** A create or update: the text fields as multipart parts, files, and the ordered challenge ids. */
export type CategoryInput = {
  id?: string;
  parent: string | null;
  name: string | null;
  description: string | null;
  color: string | null;
  order?: number;
  speechChallenges: string[];
  image?: File | null;
  icon?: File | null;
};

export function categoryParts(input: CategoryInput, creating: boolean): Parts {
  const parts: Parts = [];
  const text = (name: string, value: string | null | undefined) => {
    // An update sends blanks (they clear the field); a create leaves them out.
    if (value !== null && value !== undefined) parts.push([name, value]);
    else if (!creating) parts.push([name, ""]);
  };
  if (creating && input.id) parts.push(["id", input.id]);
  text("parent", input.parent);
  text("name", input.name);
  text("description", input.description);
  text("color", input.color);
  if (input.order !== undefined) parts.push(["order", String(input.order)]);
  // A lone blank value is the empty list.
  if (input.speechChallenges.length === 0) parts.push(["speechChallenges", ""]);
  for (const id of input.speechChallenges) parts.push(["speechChallenges", id]);
  if (input.image) parts.push(["image", input.image]);
  if (input.icon) parts.push(["icon", input.icon]);
  return parts;
}

/** Creates (no `editing`) or updates a category; the tree is fetched again afterwards. */
export function useSaveCategory(editing?: string) {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation<Category, ApiRequestError, CategoryInput>({
    mutationFn: (input) =>
      apiSendParts<Category>(editing ? `${CATEGORIES_PATH}/${encodeURIComponent(editing)}` : CATEGORIES_PATH, {
        method: editing ? "PUT" : "POST",
        parts: categoryParts(input, !editing),
      }),
    onSuccess: (category) => {
      queryClient.setQueryData<Category[]>(treeKey(scope), (list) =>
        list
          ? list.some((c) => c.id === category.id)
            ? list.map((c) => (c.id === category.id ? category : c))
            : [...list, category]
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: treeKey(scope) });
      toast.success(`Category ${category.name ?? category.id} ${editing ? "saved" : "created"}`);
    },
  });
}

/** Moves: the PUTs of lib/web/categories/category-tree.ts planMove, shown in the tree before they are sent. */
export function useMoveCategory() {
  const { scope } = useApiSession();
  return useOptimisticMutation<MoveUpdate[], Category[], Category[]>({
    mutationFn: (updates) =>
      Promise.all(
        updates.map(
          async (u) =>
            (
              await apiFetch<Category>(`${CATEGORIES_PATH}/${encodeURIComponent(u.id)}`, {
                method: "PUT",
                json: { order: u.order, ...(u.parent !== undefined ? { parent: u.parent } : {}) },
              })
            ).data,
        ),
      ),
    queryKey: treeKey(scope),
    apply: (list, updates) => applyMoves(list, updates),
  });
}
