import type { ChallengeKind, ChallengeOf } from "@/lib/web/challenges/challenge-kinds";

// What people call a challenge: its question, transcription or topic (ids are secondary text).

const clip = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function challengeName<K extends ChallengeKind>(kind: K, challenge: ChallengeOf<K>): string {
  const c = challenge as ChallengeOf<ChallengeKind>;
  let name: string | null | undefined;
  if (kind === "choice") {
    const choice = c as ChallengeOf<"choice">;
    name = choice.question?.trim() || (choice.choices.length ? choice.choices.map((x) => x.choice).join(" / ") : null);
  } else if (kind === "pronunciation") name = (c as ChallengeOf<"pronunciation">).transcription?.trim();
  else name = (c as ChallengeOf<"speech">).topic?.trim();
  return name ? clip(name) : `Untitled (${challenge.id})`;
}
