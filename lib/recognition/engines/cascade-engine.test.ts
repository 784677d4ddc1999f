import { expect, test } from "@playwright/test";
import { cascadeEngine } from "./cascade-engine";
import type { ChoiceEngine, ChoiceFit, ChoiceResult } from "./types";

// The cascade's decisions on fixed verdicts of its two stages.

const answer = { samples: new Float32Array(16000), sampleRate: 16000 as const };

function engine(name: string, verdict: Partial<ChoiceResult> | Error): ChoiceEngine & { calls: number } {
  const e = {
    calls: 0,
    info: async () => ({ name, languages: "*" as const, available: true }),
    prepare: async () => name,
    recognise: async (): Promise<ChoiceResult> => {
      e.calls++;
      if (verdict instanceof Error) throw verdict;
      return { choice: null, confidence: 0.5, engine: name, ms: 10, detail: `${name} detail`, ...verdict };
    },
  };
  return e;
}

async function judge(first: ChoiceEngine, second: ChoiceEngine) {
  const cascade = cascadeEngine(first, second);
  return cascade.recognise(await cascade.prepare({ language: "eng", choices: [] }), answer);
}

test("a choice the first stage is sure of is the answer; the second stage is not asked", async () => {
  const second = engine("sphinx", { choice: 2 });
  const result = await judge(engine("template", { choice: 1, closest: 1 }), second);
  expect(result).toMatchObject({ choice: 1, engine: "template" });
  expect(second.calls).toBe(0);
});

test("the second stage decides when the first is unsure, rejection included", async () => {
  const rejected = await judge(engine("template", { choice: null, closest: 0 }), engine("sphinx", { choice: null }));
  expect(rejected.choice).toBeNull();
  const agreed = await judge(engine("template", { choice: null, closest: 2 }), engine("sphinx", { choice: 2 }));
  expect(agreed).toMatchObject({ choice: 2, engine: "sphinx", ms: 20 });
  expect(agreed.detail).toBe("template: none (template detail); sphinx detail");
});

test("once the second stage accepts a choice, the one the first ranked closest wins a disagreement", async () => {
  const result = await judge(engine("template", { choice: null, closest: 0 }), engine("sphinx", { choice: 3 }));
  expect(result.choice).toBe(0);
  expect(result.detail).toContain("choice 1, which template matching ranked closest, over choice 4");
});

test("without a ranking from the first stage (no speech, or it failed) the second stage's choice stands", async () => {
  const noSpeech = await judge(engine("template", { choice: null, closest: null }), engine("sphinx", { choice: 1 }));
  expect(noSpeech.choice).toBe(1);
  const failed = await judge(engine("template", new Error("worker died")), engine("sphinx", { choice: 1 }));
  expect(failed).toMatchObject({ choice: 1, detail: "sphinx detail" });
});

/** A second stage that can check a given choice: `fitting` are the choices it finds the answer could be. */
function checking(name: string, verdict: Partial<ChoiceResult>, fitting: number[]) {
  const e = engine(name, verdict);
  const asked: number[] = [];
  const fits = async (_prepared: unknown, _answer: unknown, choice: number): Promise<ChoiceFit> => {
    asked.push(choice);
    return { fits: fitting.includes(choice), ms: 5, detail: `checked ${choice + 1}` };
  };
  return Object.assign(e, { fits, asked });
}

test("where the second stage can check a choice, the closest wins only if it fits the answer as a whole", async () => {
  const fitting = checking("sphinx", { choice: 3 }, [0]);
  const won = await judge(engine("template", { choice: null, closest: 0 }), fitting);
  expect(won).toMatchObject({ choice: 0, ms: 25 });
  expect(won.detail).toContain(
    "choice 1, which template matching ranked closest, over choice 4 (sphinx on its own: checked 1)",
  );
  expect(fitting.asked).toEqual([0]);

  const refusing = checking("sphinx", { choice: 3 }, []);
  const kept = await judge(engine("template", { choice: null, closest: 2 }), refusing);
  expect(kept.choice).toBe(3);
  expect(kept.detail).toContain("not choice 3, which template matching ranked closest (sphinx on its own: checked 3)");

  // Asked only where the two disagree on an accepted answer.
  const agreeing = checking("sphinx", { choice: 2 }, []);
  expect((await judge(engine("template", { choice: null, closest: 2 }), agreeing)).choice).toBe(2);
  const rejecting = checking("sphinx", { choice: null }, []);
  expect((await judge(engine("template", { choice: null, closest: 2 }), rejecting)).choice).toBeNull();
  expect([...agreeing.asked, ...rejecting.asked]).toEqual([]);
});
