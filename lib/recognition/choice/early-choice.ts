import type { ChoiceChallengeRow } from "@/lib/challenges/choice/choice-challenges";
import { metrics } from "@/lib/metrics/registry";
import { type Pcm, spanOf } from "../engines/types";
import { type ChoiceJudge, type ChoiceVerdict, choiceJudge, runChoiceEngine } from "./judge-choice";

// Judging a choice answer while its last chunks are still arriving. A student stops speaking well
// before the recorder stops, and an engine reads only the speech its trimming keeps (its span):
// once the audio so far holds quiet after that span, the engine runs on it. When the answer is
// complete, the early verdict is used only if the engine would read exactly the same samples from
// the whole answer (the same span, and equal samples up to its end), so it is the verdict the whole
// answer would get, sooner. Otherwise it is dropped and the whole answer is judged as usual.

/** Quiet after the span's end before judging early: a shorter pause is more often mid-sentence. */
export const EARLY_QUIET_SECONDS = 0.2;
/** Early judgements per answer at most (each pause that ends with more speech costs one). */
export const MAX_EARLY_JUDGEMENTS = 3;

type Early = { key: string; to: number; samples: Float32Array; verdict: Promise<ChoiceVerdict>; stop: AbortController };

/** The early judgement of one answer to `challenge` (as init_challenge read it). */
export class EarlyChoice {
  private current: Early | null = null;
  private started = 0;
  private busy = false;
  private closed = false;

  constructor(
    private readonly challenge: ChoiceChallengeRow,
    private readonly judgeOf: (challenge: ChoiceChallengeRow) => Promise<ChoiceJudge> = choiceJudge,
  ) {}

  /** After a chunk: judges the audio so far when its speech has ended and that speech is not being judged yet. */
  async consider(audioSoFar: () => Promise<Pcm | null>): Promise<void> {
    if (this.busy || this.closed || this.started >= MAX_EARLY_JUDGEMENTS) return;
    this.busy = true;
    try {
      const judge = await this.judgeOf(this.challenge).catch(() => null);
      const pcm = judge && (await audioSoFar());
      if (!judge || !pcm || this.closed) return;
      const span = spanOf(judge.engine, judge.prepared, pcm);
      // The student spoke on past the speech being judged: that verdict cannot be used, stop its search.
      if (this.current && span.to > this.current.to) this.drop("superseded");
      if (span.to > pcm.samples.length - EARLY_QUIET_SECONDS * pcm.sampleRate) return;
      if (this.current?.key === span.key) return;
      this.drop("superseded");
      this.started++;
      const stop = new AbortController();
      const verdict = runChoiceEngine(judge, this.challenge, pcm, stop.signal);
      verdict.catch(() => {});
      this.current = { key: span.key, to: span.to, samples: pcm.samples, verdict, stop };
    } finally {
      this.busy = false;
    }
  }

  /**
   * The early verdict when the engine reads the same samples of the whole answer `pcm` as it read
   * early, else null (and the early judgement stops). Ends early judging of this answer.
   */
  take(challenge: ChoiceChallengeRow, judge: ChoiceJudge, pcm: Pcm): Promise<ChoiceVerdict> | null {
    this.closed = true;
    const early = this.current;
    if (!early) return null;
    const span = spanOf(judge.engine, judge.prepared, pcm);
    const same =
      span.key === early.key &&
      span.to <= early.samples.length &&
      challenge.grammarFilePk === this.challenge.grammarFilePk &&
      sameChoices(challenge, this.challenge) &&
      samePrefix(early.samples, pcm.samples, span.to);
    if (!same) {
      this.drop("changed");
      return null;
    }
    this.current = null;
    metrics().earlyJudgements.inc({ outcome: "used" });
    return early.verdict;
  }

  /** Stops an early judgement nobody will use (the answer was dropped or failed). */
  cancel(): void {
    this.closed = true;
    this.drop("unused");
  }

  private drop(outcome: "superseded" | "changed" | "unused") {
    if (!this.current) return;
    this.current.stop.abort();
    this.current = null;
    metrics().earlyJudgements.inc({ outcome });
  }
}

const sameChoices = (a: ChoiceChallengeRow, b: ChoiceChallengeRow) =>
  a.choices.length === b.choices.length && a.choices.every((c, i) => c.text === b.choices[i]!.text);

function samePrefix(a: Float32Array, b: Float32Array, length: number): boolean {
  if (a.length < length || b.length < length) return false;
  const bytes = (x: Float32Array) => Buffer.from(x.buffer, x.byteOffset, length * 4);
  return bytes(a).equals(bytes(b));
}
