import type { ChoiceEngine, EngineInfo, PronunciationEngine, ReadingEngine } from "./types";

// Which engines this installation has, and which one listens to a language. Engines are tried
// in order: the first available one that speaks the language judges its answers. English: the
// template engine where it is sure, then pocketsphinx (Debian packages); every other language:
// the template engine (pure JavaScript).

type Entry = { load: () => Promise<ChoiceEngine> };

const pocketsphinx = async () => (await import("./pocketsphinx/pocketsphinx-engine")).pocketsphinxEngine();
const template = async () => (await import("./template/template-engine")).templateEngine();
const templateAlone = async () => {
  const { templateEngine, DECIDING_ALONE } = await import("./template/template-engine");
  return templateEngine({ classify: DECIDING_ALONE });
};

const ENTRIES: Entry[] = [
  // English: template matching where it is sure, the recogniser for the rest (cascade-engine.ts).
  { load: async () => (await import("./cascade-engine")).cascadeEngine(await template(), await pocketsphinx()) },
  { load: pocketsphinx },
  // Every language: template matching deciding alone (bolder thresholds than as the cascade's first stage).
  { load: templateAlone },
];

const KEY = Symbol.for("speech-platform.engines");
type Loaded = { engine: ChoiceEngine; info: EngineInfo }[];

/** Every engine with what it says of itself (available or why not), loaded once per process. */
export function choiceEngines(): Promise<Loaded> {
  const g = globalThis as unknown as Record<symbol, Promise<Loaded> | undefined>;
  g[KEY] ??= Promise.all(
    ENTRIES.map(async (entry) => {
      const engine = await entry.load();
      return { engine, info: await engine.info() };
    }),
  );
  return g[KEY];
}

const speaks = (info: EngineInfo, language: string) =>
  info.languages === "*" || info.languages.includes(language.toLowerCase());

/** The available engines for a language, best first. */
export async function choiceEnginesFor(language: string): Promise<Loaded> {
  return (await choiceEngines()).filter(({ info }) => info.available && speaks(info, language));
}

/** The engine that prepared a challenge, by the name stored with it. */
export async function choiceEngineNamed(name: string): Promise<ChoiceEngine | null> {
  return (await choiceEngines()).find(({ info }) => info.available && info.name === name)?.engine ?? null;
}

/** For start-up and health: each engine, available or not, and why. */
export async function engineSummary(): Promise<EngineInfo[]> {
  return (await choiceEngines()).map(({ info }) => info);
}

// Pronunciation (forced alignment with goodness of pronunciation) and reading aloud (words heard,
// constrained by the text): pocketsphinx for English. Other languages have none here: their
// answers say so in words.

type Judging = { pronunciation: PronunciationEngine; reading: ReadingEngine; info: EngineInfo };
const JUDGING = Symbol.for("speech-platform.judging-engines");

function judgingEngines(): Promise<Judging[]> {
  const g = globalThis as unknown as Record<symbol, Promise<Judging[]> | undefined>;
  g[JUDGING] ??= (async () => {
    const sphinx = await import("./pocketsphinx/judging");
    const pronunciation = sphinx.pocketsphinxPronunciation();
    return [{ pronunciation, reading: sphinx.pocketsphinxReading(), info: await pronunciation.info() }];
  })();
  return g[JUDGING];
}

/** The engine that aligns and scores pronunciation in a language, or null with the reason. */
export async function pronunciationEngineFor(
  language: string,
): Promise<{ engine: PronunciationEngine; name: string } | { engine: null; reason: string }> {
  const found = (await judgingEngines()).find(({ info }) => info.available && speaks(info, language));
  if (found) return { engine: found.pronunciation, name: found.info.name };
  return { engine: null, reason: `no engine on this server aligns and scores phonemes in the language "${language}"` };
}

/** The engine that hears which words were read in a language, or null with the reason. */
export async function readingEngineFor(
  language: string,
): Promise<{ engine: ReadingEngine; name: string } | { engine: null; reason: string }> {
  const found = (await judgingEngines()).find(({ info }) => info.available && speaks(info, language));
  if (found) return { engine: found.reading, name: found.info.name };
  return { engine: null, reason: `no engine on this server recognises read speech in the language "${language}"` };
}
