"use client";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { Button } from "@/components/button";
import { EmptyState, ErrorState, LoadingBlock } from "@/components/states";
import type { ChoiceChallenge, recognitionSchema } from "@/lib/challenges/choice/schemas";
import type { ApiRequestError } from "@/lib/web/api/api-client";
import { fetchAll } from "@/lib/web/api/fetch-all";
import { apiKey, useApiSession } from "@/lib/web/api/use-api";
import { itemPath, KINDS } from "@/lib/web/challenges/challenge-kinds";
import { formatDateTime } from "@/lib/web/ui/display-format";
import { userName, useUser } from "@/lib/web/users/use-users";
import { type CurrentPrincipal, usePrincipal } from "@/lib/web/views/use-principal";

// What the recognition engine does with a choice challenge, for the people who set it: which
// engine judges its answers (in words; its name as detail) and the answers it has judged, each
// with the student's name, the verdict, the engine's confidence and the answer to listen to.

type Recognition = z.output<typeof recognitionSchema>;

const SECTION = "space-y-3 rounded-lg border border-slate-200 bg-white p-4";

/** The engine's name in a teacher's words; unknown engines by their own name. */
function engineWords(engine: string): string {
  if (engine.startsWith("template") && engine.includes("+pocketsphinx"))
    return "Answers are recognised by comparing them with the choices' recordings where that is sure, otherwise by the English speech recogniser (CMU PocketSphinx)";
  if (engine.startsWith("template"))
    return "Answers are recognised by comparing them with the choices' recordings (template matching, any language)";
  if (engine.startsWith("pocketsphinx"))
    return "Answers are recognised by the English speech recogniser (CMU PocketSphinx)";
  return `Answers are recognised by the speech recogniser “${engine}”`;
}

/** Which engine judges this challenge's answers, or why none can (shown to those who set challenges). */
export function ChoiceEngine({ challenge }: { challenge: ChoiceChallenge }) {
  const principal = usePrincipal();
  // Students answer; the engine and other engines' refusals are for those who set the challenge.
  if (!principal.can(KINDS.choice.edit) && !principal.isAdministrator) return null;
  const { status, engine, engineNote } = challenge;
  return (
    <section aria-labelledby="choice-engine-heading" data-testid="choice-engine" className={`mb-4 ${SECTION}`}>
      <h2 id="choice-engine-heading" className="text-base font-semibold">
        Recognition engine
      </h2>
      {status === "preparing" ? (
        <p className="text-sm text-slate-700">
          The challenge is being prepared; the engine that will recognise its answers is chosen then.
        </p>
      ) : status === "unprepared" ? (
        <p className="text-sm text-slate-700">No engine recognises answers until the challenge is prepared.</p>
      ) : engine ? (
        <>
          <p className="text-sm text-slate-900">{engineWords(engine)}.</p>
          <p className="text-xs text-slate-600">
            Engine <code>{engine}</code>
            {engineNote && <> · Other engines could not take it: {engineNote}</>}
          </p>
        </>
      ) : (
        <p className="text-sm font-medium text-red-800">
          No engine on this server can recognise this challenge{engineNote ? `: ${engineNote}` : "."}
        </p>
      )}
    </section>
  );
}

/** Every recognition of the challenge the view may see, newest first (the API lists oldest first). */
function useRecognitions(challengeId: string, enabled: boolean) {
  const { scope } = useApiSession();
  const path = `${itemPath("choice", challengeId)}/recognitions`;
  return useQuery<Recognition[], ApiRequestError>({
    queryKey: apiKey(scope, path, { all: "pages" }),
    queryFn: async ({ signal }) => (await fetchAll<Recognition>(path, signal)).reverse(),
    enabled: enabled && !!scope,
  });
}

/**
 * Who answered, by name: the view's own user as it is, others through GET /api/users/:id where
 * the view may read users (USER_LIST); the id stands in where it may not.
 */
function useStudentName(principal: CurrentPrincipal, id: string): string | null {
  const own = principal.user?.id === id ? principal.user : null;
  const fetched = useUser(!own && principal.can("USER_LIST") ? id : null);
  const user = own ?? fetched.data;
  return user ? userName(user) || null : null;
}

function Row({ r, principal }: { r: Recognition; principal: CurrentPrincipal }) {
  const name = useStudentName(principal, r.userId);
  const when = formatDateTime(r.created);
  return (
    <tr data-testid="recognition" className="border-b border-slate-100 align-top last:border-0">
      <th scope="row" className="px-4 py-3 text-left font-normal">
        <span className="block font-medium text-slate-900">{name ?? r.userId}</span>
        <span className="block text-xs text-slate-600">
          id <code>{r.userId}</code>
        </span>
      </th>
      <td className="px-4 py-3">
        {r.recognised === null ? (
          <span className="text-slate-700 italic">Not recognised</span>
        ) : (
          <span className="text-slate-900">{r.recognised}</span>
        )}
        <span className="block text-xs text-slate-600">
          {r.engine ? (
            <>
              by <code>{r.engine}</code>
            </>
          ) : (
            "sent by the app"
          )}
        </span>
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        {r.confidence === null ? <span className="text-slate-600">—</span> : `${Math.round(r.confidence * 100)}%`}
      </td>
      <td className="px-4 py-3 whitespace-nowrap">
        <time dateTime={r.created}>{when}</time>
      </td>
      <td className="px-4 py-3">
        {/* Streamed same-origin, so the API answers it by the session cookie (as on the progress page). */}
        <audio
          controls
          preload="none"
          src={r.audioUrl}
          aria-label={`Answer of ${name ?? r.userId}, ${when}`}
          data-testid="recognition-audio"
          className="h-9 w-56 max-w-full"
        />
      </td>
    </tr>
  );
}

/** The challenge's stored recognitions, for views that may list them (AUDIO_RECOGNITION_LIST). */
export function ChoiceRecognitions({ challenge }: { challenge: ChoiceChallenge }) {
  const principal = usePrincipal();
  const allowed = principal.can("AUDIO_RECOGNITION_LIST");
  const list = useRecognitions(challenge.id, allowed);
  if (!allowed) return null;
  return (
    <section aria-labelledby="recognitions-heading" data-testid="choice-recognitions" className={`mt-6 ${SECTION}`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recognitions-heading" className="text-base font-semibold">
          Answers and what was recognised
        </h2>
        <Button variant="ghost" className="px-2 py-1" disabled={list.isFetching} onClick={() => void list.refetch()}>
          {list.isFetching ? "Refreshing…" : "Refresh"}
        </Button>
      </div>
      {list.isPending ? (
        <LoadingBlock label="Loading the answers…" lines={3} />
      ) : list.isError ? (
        <ErrorState title="The answers could not be loaded" error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <EmptyState title="No answers yet">
          <p>Students' answers appear here once the recognition server has judged them.</p>
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm" aria-busy={list.isFetching}>
            <caption className="sr-only">Answers to this challenge, newest first</caption>
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2">
                  Student
                </th>
                <th scope="col" className="px-4 py-2">
                  Recognised
                </th>
                <th scope="col" className="px-4 py-2">
                  Confidence
                </th>
                <th scope="col" className="px-4 py-2">
                  Answered
                </th>
                <th scope="col" className="px-4 py-2">
                  Answer
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((r) => (
                <Row key={r.id} r={r} principal={principal} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
