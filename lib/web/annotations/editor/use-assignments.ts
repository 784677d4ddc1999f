"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateAssignment, UpdateAssignment } from "@/lib/annotations/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import type { SpeechRecordingOut } from "@/lib/recordings/schemas";
import type { User } from "@/lib/users/schemas";
import type { ApiRequestError } from "../../api/api-client";
import { fetchAll } from "../../api/fetch-all";
import { apiKey, useApi, useApiQuery, useApiSession, useServerList } from "../../api/use-api";
import { scopeInfo } from "../../session/session";
import { toast } from "../../ui/toast";
import { userName } from "../../views/view-targets";
import type { Assignment } from "../model/types";
import { assignmentPath } from "./editor-data";

// Assignments through the API: the paginated list (GET /api/assignments, next page in Link),
// one assignment (GET /api/assignment/:id), the create request (POST /api/assignments), and
// what the create form picks from: annotators (GET /api/users?role=...) and the organisation's
// speech challenges and their recordings.

const PATH = "/api/assignments";

export { assignmentPath };

export const useAssignmentList = () => useServerList<Assignment>(PATH, { sort: null, perPage: 20 });

export const useAssignment = (id: number | string | null) =>
  useApiQuery<Assignment>(id === null ? null : assignmentPath(id));

export function useCreateAssignment() {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return useMutation<Assignment, ApiRequestError, CreateAssignment>({
    mutationFn: async (input) => (await api<Assignment>(PATH, { method: "POST", json: input })).data,
    onSuccess: (created) => {
      toast.success(`Assignment ${created.name ?? created.id} created`);
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, PATH) });
    },
  });
}

/** Every cached copy of assignments in this view: the list, the detail, the picker's "already assigned". */
function useForgetAssignments() {
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  return (id: number, removed: boolean) => {
    // Marked stale, not refetched: a detail page still showing a deleted one is leaving.
    if (removed)
      void queryClient.invalidateQueries({ queryKey: apiKey(scope, assignmentPath(id)), refetchType: "none" });
    void queryClient.invalidateQueries({ queryKey: apiKey(scope, PATH) });
    void queryClient.invalidateQueries({ queryKey: ["api-all", scope, PATH] });
  };
}

/** PUT /api/assignments/:id with the fields that changed; the answer becomes the cached detail. */
export function useUpdateAssignment(id: number) {
  const api = useApi();
  const { scope } = useApiSession();
  const queryClient = useQueryClient();
  const forget = useForgetAssignments();
  return useMutation<Assignment, ApiRequestError, UpdateAssignment>({
    mutationFn: async (input) => (await api<Assignment>(`${PATH}/${id}`, { method: "PUT", json: input })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(apiKey(scope, assignmentPath(id)), saved);
      forget(id, false);
      toast.success(`Assignment “${saved.name ?? saved.id}” saved`);
    },
  });
}

/** DELETE /api/assignments/:id (the API refuses with 409 once annotation has started). */
export function useDeleteAssignment() {
  const api = useApi();
  const forget = useForgetAssignments();
  return useMutation<{ id: number; label: string }, ApiRequestError, { id: number; label: string }>({
    mutationFn: async (target) => {
      await api(`${PATH}/${target.id}`, { method: "DELETE" });
      return target;
    },
    onSuccess: ({ id, label }) => {
      forget(id, true);
      toast.success(`Assignment “${label}” deleted`);
    },
  });
}

/** Progress of an assignment from its annotations list. */
export function progressOf(a: Pick<Assignment, "recordings" | "annotations">) {
  return {
    recordings: a.recordings.length,
    annotated: a.annotations.length,
    doneBase: a.annotations.filter((n) => n.doneBase).length,
    doneFull: a.annotations.filter((n) => n.doneFull).length,
  };
}

/** The tenant and organisation of the current view (recording references need both). */
export function useViewPlace(): { tenant: string | null; organisation: string | null } {
  const { scope } = useApiSession();
  const parsed = scopeInfo(scope).parsed;
  return {
    tenant: parsed && "tenantId" in parsed ? parsed.tenantId : null,
    organisation: parsed && "organisationId" in parsed ? parsed.organisationId : null,
  };
}

/** Every user of this view holding one of `roles` (annotator choices). */
export function useUsersWithRoles(roles: readonly string[], enabled = true) {
  const { scope } = useApiSession();
  return useQuery<User[], ApiRequestError>({
    queryKey: ["api-all", scope, "/api/users", roles],
    queryFn: ({ signal }) => fetchAll<User>("/api/users", signal, { role: roles, sort: "lastName" }),
    enabled: enabled && !!scope,
    staleTime: 60_000,
  });
}

export function useSpeechChallenges(enabled: boolean) {
  const { scope } = useApiSession();
  return useQuery<SpeechChallenge[], ApiRequestError>({
    queryKey: ["api-all", scope, "/api/challenges/speech"],
    queryFn: ({ signal }) => fetchAll<SpeechChallenge>("/api/challenges/speech", signal),
    enabled: enabled && !!scope,
    staleTime: 60_000,
  });
}

export function useChallengeRecordings(challenge: string | null) {
  const { scope } = useApiSession();
  const path = challenge ? `/api/challenges/speech/${encodeURIComponent(challenge)}/recordings` : "";
  return useQuery<SpeechRecordingOut[], ApiRequestError>({
    queryKey: ["api-all", scope, path],
    queryFn: ({ signal }) => fetchAll<SpeechRecordingOut>(path, signal),
    enabled: !!challenge && !!scope,
    staleTime: 30_000,
  });
}

/** Names of this view's annotators by user id (ids stay as they are where the list is not readable). */
export function useAnnotatorNames(enabled: boolean): (id: string | null) => string {
  const users = useUsersWithRoles(["ANNOTATOR_BASE", "ANNOTATOR_FULL", "ADMIN"], enabled);
  const names = new Map((users.data ?? []).map((u) => [u.id, userName(u) || u.id]));
  return (id) => (id === null ? "—" : (names.get(id) ?? id));
}
