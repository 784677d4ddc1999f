"use client";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { AssignmentOut } from "@/lib/annotations/schemas";
import type { SpeechChallenge } from "@/lib/challenges/speech/schemas";
import type { User } from "@/lib/users/schemas";
import type { ApiRequestError } from "@/lib/web/api/api-client";
import { fetchAll } from "@/lib/web/api/fetch-all";
import { useApiSession } from "@/lib/web/api/use-api";
import { useGroups } from "@/lib/web/groups/use-groups";

// What the recording picker shows, fetched whole (pages of 100) and joined in the browser:
// the recordings of the organisation (GET /api/recordings, with their durations), the
// students' names as the API gives them (GET /api/users; whatever name the caller may see),
// groups, speech challenges, and which recordings an assignment already holds.

export type PickerRecording = {
  id: string;
  challenge: string;
  challengeName: string;
  userId: string | null;
  student: string;
  groups: readonly string[];
  created: string;
  duration: number | null;
  audioUrl: string | null;
  assigned: boolean;
};

type AdminRecording = {
  id: string;
  userId: string | null;
  audioUrl: string | null;
  duration?: number | null;
  created: string;
  challenge: { id: string; organisationId: string | null };
};

function useAll<T>(path: string, enabled = true, query: Record<string, string> = {}) {
  const { scope } = useApiSession();
  return useQuery<T[], ApiRequestError>({
    queryKey: ["api-all", scope, path, query],
    queryFn: ({ signal }) => fetchAll<T>(path, signal, query),
    enabled: enabled && !!scope,
    staleTime: 30_000,
  });
}

export const personName = (u: Pick<User, "firstName" | "infix" | "lastName">) =>
  [u.firstName, u.infix, u.lastName].filter(Boolean).join(" ");

export const recordingKey = (challenge: string, recording: string) => `${challenge}/${recording}`;

export function usePickerData(organisation: string, exceptAssignment?: number) {
  const recordings = useAll<AdminRecording>("/api/recordings");
  const users = useAll<User>("/api/users");
  const groups = useGroups();
  const challenges = useAll<SpeechChallenge>("/api/challenges/speech");
  const assignments = useAll<AssignmentOut>("/api/assignments");

  const rows = useMemo<PickerRecording[]>(() => {
    const people = new Map((users.data ?? []).map((u) => [u.id, u]));
    const topics = new Map((challenges.data ?? []).map((c) => [c.id, c.topic]));
    const assigned = new Set(
      (assignments.data ?? [])
        .filter((a) => a.id !== exceptAssignment)
        .flatMap((a) => a.recordings.map((r) => recordingKey(r.challenge, r.recording))),
    );
    return (recordings.data ?? [])
      .filter((r) => r.challenge.organisationId === null || r.challenge.organisationId === organisation)
      .map((r) => {
        const user = r.userId ? people.get(r.userId) : undefined;
        return {
          id: r.id,
          challenge: r.challenge.id,
          challengeName: topics.get(r.challenge.id) ?? "Untitled challenge",
          userId: r.userId,
          student: user ? personName(user) : "Unknown student",
          groups: user?.groups ?? [],
          created: r.created,
          duration: r.duration ?? null,
          audioUrl: r.audioUrl,
          assigned: assigned.has(recordingKey(r.challenge.id, r.id)),
        };
      })
      .sort((a, b) => b.created.localeCompare(a.created));
  }, [recordings.data, users.data, challenges.data, assignments.data, organisation, exceptAssignment]);

  return {
    rows,
    groups: groups.data ?? [],
    challenges: challenges.data ?? [],
    // Names, groups and assignments only enrich the list: the recordings alone make it usable.
    isPending: recordings.isPending,
    error: recordings.error,
    refetch: () => void recordings.refetch(),
  };
}
