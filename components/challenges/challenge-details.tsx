"use client";
import type { ReactNode } from "react";
import type { ChoiceChallenge } from "@/lib/challenges/choice/schemas";
import { useApiQuery } from "@/lib/web/api/use-api";
import { type ChallengeKind, itemPath, KINDS, useChallenge } from "@/lib/web/challenges/challenge-kinds";
import { usePrincipal } from "@/lib/web/views/use-principal";
import { ChallengeDetailFrame } from "./challenge-frame";
import { EditChoiceForm } from "./choice-form";
import { ChoiceEngine, ChoiceRecognitions } from "./choice-recognitions";
import { PronunciationForm } from "./pronunciation-form";
import { SpeechForm } from "./speech-form";
import { StatusBadge } from "./status-badge";

// The detail pages: the challenge as the API has it, in its edit form. A choice challenge's
// status badge follows its preparation live (useChallenge polls while it is "preparing"), and
// those who set it see which engine judges its answers and what it made of them.

/** Views that may not edit see the form disabled. */
function Editable({ kind, children }: { kind: ChallengeKind; children: ReactNode }) {
  const principal = usePrincipal();
  if (principal.can(KINDS[kind].edit)) return <>{children}</>;
  return (
    <>
      <p className="mb-4 rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-700">
        This view may look at this challenge but not change it.
      </p>
      <fieldset disabled className="contents">
        {children}
      </fieldset>
    </>
  );
}

/** Why preparation failed: the admin-only preparation resource. */
function PreparationProblem({ challenge }: { challenge: ChoiceChallenge }) {
  const principal = usePrincipal();
  const admin = principal.isAdministrator && challenge.status === "unprepared";
  const preparation = useApiQuery<{ reason: string | null }>(
    admin ? `${itemPath("choice", challenge.id)}/preparation` : null,
  );
  if (challenge.status !== "unprepared") return null;
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
      This challenge could not be prepared{preparation.data?.reason ? `: ${preparation.data.reason}` : ""}. Change its
      choices and save to try again.
    </div>
  );
}

export function ChoiceDetail({ id }: { id: string }) {
  const query = useChallenge("choice", id);
  return (
    <ChallengeDetailFrame kind="choice" id={id} query={query} badge={(c) => <StatusBadge status={c.status} live />}>
      {(c) => (
        <>
          <PreparationProblem challenge={c} />
          <ChoiceEngine challenge={c} />
          <Editable kind="choice">
            <EditChoiceForm challenge={c} />
          </Editable>
          <ChoiceRecognitions challenge={c} />
        </>
      )}
    </ChallengeDetailFrame>
  );
}

export function PronunciationDetail({ id }: { id: string }) {
  const query = useChallenge("pronunciation", id);
  return (
    <ChallengeDetailFrame kind="pronunciation" id={id} query={query}>
      {(c) => (
        <Editable kind="pronunciation">
          <PronunciationForm challenge={c} />
        </Editable>
      )}
    </ChallengeDetailFrame>
  );
}

export function SpeechDetail({ id }: { id: string }) {
  const query = useChallenge("speech", id);
  return (
    <ChallengeDetailFrame kind="speech" id={id} query={query}>
      {(c) => (
        <Editable kind="speech">
          <SpeechForm challenge={c} />
        </Editable>
      )}
    </ChallengeDetailFrame>
  );
}
