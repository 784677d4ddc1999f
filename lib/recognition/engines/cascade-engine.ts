import {
  type AnswerSpan,
  type ChoiceEngine,
  type ChoiceInput,
  type ChoiceResult,
  type EngineInfo,
  type Pcm,
  spanOf,
} from "./types";

// Two choice engines in turn: the first (template matching: it rarely picks a wrong choice, but
// refuses many answers it is unsure of) answers when it recognises a choice; otherwise the second
// (a speech recogniser) decides whether the answer is one of the choices. On bench/recognition the
// template engine gave no wrong choice in English, so the cascade keeps the recogniser's accuracy
// where the template engine is unsure and adds the template engine's where it is sure, at a
// fraction of the engine time (most answers stop at the first, fast stage).
// Which choice, once the recogniser has accepted one: where it names another than the one the
// template engine ranked closest, the closest wins. The two disagree on near pairs ("I have" /
// "I had", "lives" / "lived"), where the recogniser's grammar path leans to one word on synthetic
// and accented voices while the whole-answer comparison with each choice's speech does not: on the
// English choice bench the template engine was right in 5 of 8 such disagreements and the
// recogniser in 2 (in set 89.3 → 92.0 % without reference audio, 92.9 % with; 91.1 % on the
// voices the template thresholds were not tuned on). Rejection stays the recogniser's alone.
// The closest wins only where the recogniser, asked about that choice alone (fits()), finds the
// answer could be it as a whole: the template engine's closest is sometimes another sentence
// altogether ("where is the station" for "what time is it"), which the recogniser's check refuses.
// The check is one more search, in 13 of the choice bench's 144 English answers; it gained one in-set
// answer there (105/112 with reference audio, 104 without), on a tuning voice, and lost none.

type Prepared = { first: unknown; second: unknown };

/** `first` then `second`, named "<first>+<second>", for the languages both speak. */
export function cascadeEngine(first: ChoiceEngine, second: ChoiceEngine): ChoiceEngine {
  return {
    async info(): Promise<EngineInfo> {
      const [a, b] = await Promise.all([first.info(), second.info()]);
      const languages =
        a.languages === "*"
          ? b.languages
          : b.languages === "*"
            ? a.languages
            : a.languages.filter((l) => (b.languages as readonly string[]).includes(l));
      const available = a.available && b.available;
      return {
        name: `${a.name}+${b.name}`,
        languages,
        available,
        ...(available ? {} : { reason: [a.reason, b.reason].filter(Boolean).join("; ") }),
      };
    },
    async prepare(input: ChoiceInput, signal?: AbortSignal): Promise<Prepared> {
      const [a, b] = await Promise.all([first.prepare(input, signal), second.prepare(input, signal)]);
      return { first: a, second: b };
    },
    span(prepared: unknown, answer: Pcm): AnswerSpan {
      const { first: a, second: b } = prepared as Prepared;
      const [x, y] = [spanOf(first, a, answer), spanOf(second, b, answer)];
      return { key: `${x.key}|${y.key}`, to: Math.max(x.to, y.to) };
    },
    async recognise(prepared: unknown, answer: Pcm, signal?: AbortSignal): Promise<ChoiceResult> {
      const { first: a, second: b } = prepared as Prepared;
      const sure = await first.recognise(a, answer, signal).catch(() => null);
      if (sure && sure.choice !== null) return sure;
      const decided = await second.recognise(b, answer, signal);
      const closest = sure?.closest ?? null;
      const disagree = decided.choice !== null && closest !== null && closest !== decided.choice;
      const check = disagree && second.fits ? await second.fits(b, answer, closest, signal) : null;
      const overruled = disagree && (check?.fits ?? true);
      const checked = check ? ` (${decided.engine} on its own: ${check.detail})` : "";
      return {
        ...decided,
        choice: overruled ? closest : decided.choice,
        ms: decided.ms + (sure?.ms ?? 0) + (check?.ms ?? 0),
        detail:
          `${sure ? `${sure.engine}: none (${sure.detail}); ` : ""}${decided.detail}` +
          (overruled
            ? `; choice ${closest! + 1}, which template matching ranked closest, over choice ${decided.choice! + 1}${checked}`
            : disagree
              ? `; not choice ${closest! + 1}, which template matching ranked closest${checked}`
              : ""),
      };
    },
  };
}
