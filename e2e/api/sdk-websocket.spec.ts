// The real, unchanged `@itslanguage/api` 5.7.0 SDK against the recognition server (/ws): all 21
// of its websocket functions, with synthesised speech (espeak-ng, sox, opusenc) sent as the SDK's
// WAV recorder sends it (each chunk a whole WAV) and as MediaRecorder's Ogg Opus chunks, pulled
// through the SDK's own registered stream procedure and written with `*.write`. Every result is
// then read back through REST. The SDK keeps one connection in module state: tests run in order.
import { uniqueId } from "../support/api";
import { ADMIN_PASSWORD } from "../support/env";
import { expect, test } from "../support/fixtures";
import { type ItslSdk, loadSdk } from "../support/sdk";
import { FakeRecorder, installBrowserGlobals } from "../support/sdk-websocket";
import { byteChunks, joinWavs, speakOgg, speakWav, wavChunks } from "../support/speech";
import { WampClient } from "../support/wamp-client";

test.describe.configure({ mode: "serial" });

type Json = Record<string, unknown>;
type Call = (
  rpc: string,
  options?: { args?: unknown[]; kwargs?: Json; progressCb?: (v: unknown) => void },
) => Promise<unknown>;
type WsSdk = ItslSdk & {
  websocket: {
    openWebsocketConnection(): Promise<string>;
    closeWebsocketConnection(): Promise<string>;
    getWebsocketConnection(): Promise<{ session: { id: number; isOpen: boolean } }>;
    makeWebsocketCall: Call;
  };
  challenges: Record<string, Record<string, (...args: never[]) => Promise<unknown>>>;
};
type Alignment = { words: { chunks: { graphemes: string; phonemes: unknown[] }[] }[] };
type Recognition = { id: string; audioUrl: string; recognised: string | null; engine?: string | null };

const CHOICES = ["the cat is black", "my brother plays football", "we eat green apples"];
const TRANSCRIPTION = "banana";
const SRT =
  "1\n00:00:00,000 --> 00:00:02,000\nThe sun is warm.\n\n2\n00:00:02,000 --> 00:00:04,000\nBirds sing in the trees.\n";

let sdk: WsSdk;
let removeGlobals: () => void;
const tenantId = uniqueId("ws-tenant");
const orgId = uniqueId("ws-org");
const studentId = uniqueId("ws-student");
let choiceId: string;
let dutchId: string;
let pronunciationId: string;
let speechId: string;
let baseURL: string;
let orgToken: string;
let studentToken: string;
/** Acts with another token: the SDK's connection is opened again with it. */
async function actAs(token: string) {
  await sdk.websocket.closeWebsocketConnection();
  sdk.communication.updateSettings({ authorizationToken: token });
}

/** Whether this server judges English pronunciation and reading (pocketsphinx installed). */
const englishJudged = async () => {
  const health = (await (await fetch(`${baseURL}/api/health`)).json()) as {
    recognition?: { engines: { name: string; available: boolean }[] };
  };
  return health.recognition?.engines.some((e) => e.name.startsWith("pocketsphinx") && e.available) ?? false;
};
/** The choice challenge once its preparation (a background job) has finished. */
async function whenPrepared(id: string) {
  let challenge: { status: string; engine: string | null } = { status: "preparing", engine: null };
  for (let i = 0; i < 120 && challenge.status === "preparing"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    challenge = (await ch().choice!.getById!(id)) as typeof challenge;
  }
  return challenge;
}
const ch = () => sdk.challenges as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
const rest = <T>(path: string) => sdk.communication.authorisedRequest("GET", path) as Promise<T>;

test.beforeAll(async ({}, testInfo) => {
  test.setTimeout(180_000);
  removeGlobals = installBrowserGlobals();
  baseURL = testInfo.project.use.baseURL!;
  sdk = loadSdk(baseURL) as WsSdk;
  sdk.communication.updateSettings({ wsUrl: `${baseURL.replace(/^http/, "ws")}/ws` });
  await sdk.authentication.authenticate("admin", ADMIN_PASSWORD);
  await sdk.tenants.create({ id: tenantId, name: "Recognition school trust" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId));
  await sdk.organisations.create({ id: orgId, name: "Recognition school" });
  await sdk.authentication.impersonate(sdk.authentication.assembleScope(tenantId, orgId));

  const choice = new FormData();
  for (const text of CHOICES) choice.append("choices", text);
  for (const text of CHOICES)
    choice.append("audio", new Blob([new Uint8Array(await speakWav(text))], { type: "audio/wav" }), "c.wav");
  choice.append("language", "eng");
  choiceId = ((await ch().choice!.create!(choice)) as { id: string }).id;

  const pronunciation = new FormData();
  pronunciation.append("transcription", TRANSCRIPTION);
  pronunciation.append("language", "eng");
  pronunciation.append(
    "referenceAudio",
    new Blob([new Uint8Array(await speakWav(TRANSCRIPTION))], { type: "audio/wav" }),
    "r.wav",
  );
  pronunciationId = ((await ch().pronunciation!.create!(pronunciation)) as { id: string }).id;

  const speech = new FormData();
  speech.append("language", "eng");
  speech.append("topic", "Read the text aloud");
  speech.append("srt", new Blob([SRT], { type: "application/x-subrip" }), "text.srt");
  speechId = ((await ch().speech!.create!(speech)) as { id: string }).id;

  await sdk.users.create({ id: studentId, firstName: "Sam", infix: null, lastName: "Speaker", roles: ["STUDENT"] });
  for (let i = 0; i < 120; i++) {
    const { status } = (await ch().choice!.getById!(choiceId)) as { status: string };
    if (status === "prepared") break;
    expect(status, "the choice challenge is prepared by the background job").not.toBe("unprepared");
    await new Promise((r) => setTimeout(r, 500));
  }
  orgToken = sdk.communication.settings.authorizationToken!;
  await sdk.authentication.impersonate(`tenant/${tenantId}/organisation/${orgId}/student/${studentId}`);
  studentToken = sdk.communication.settings.authorizationToken!;
});

test.afterAll(async () => {
  await sdk?.websocket.closeWebsocketConnection();
  removeGlobals?.();
});

test("websocket: open, get, call and close the connection with the SDK's own functions", async () => {
  expect(await sdk.websocket.openWebsocketConnection()).toBe("Successfully established a websocket connection.");
  const connection = await sdk.websocket.getWebsocketConnection();
  expect(connection.session.isOpen).toBe(true);
  const id = await sdk.websocket.makeWebsocketCall("choice.init_recognition");
  expect(id).toEqual(expect.any(String));
  const error = await sdk.websocket
    .makeWebsocketCall("choice.recognise", { args: ["not-initialised"] })
    .catch((e) => e);
  expect((error as Error).message).toBe("nl.itslanguage.session_not_initialised");
  expect(await sdk.websocket.closeWebsocketConnection()).toBe("The websocket connection has been closed successfully.");
});

test("choice.recognise: streamed WAV chunks are recognised as the choice said, and stored as a REST recognition", async () => {
  const answer = await speakWav(CHOICES[1]!, { voice: "en-us+f3", pitch: 150 });
  const recorder = new FakeRecorder(wavChunks(answer, 6), "audio/wav");
  const result = (await ch().choiceRecognition!.recognise!(choiceId, recorder)) as Recognition;
  expect(result.recognised).toBe(CHOICES[1]);
  const stored = await rest<Recognition>(`/challenges/choice/${choiceId}/recognitions/${result.id}`);
  expect(stored).toMatchObject({ id: result.id, recognised: CHOICES[1], audioUrl: result.audioUrl, userId: studentId });
  expect(stored.engine).toEqual(expect.any(String));
  const audio = await fetch(sdk.communication.addAccessToken(result.audioUrl));
  expect(audio.status).toBe(200);
  expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
});

test("choice: prepare, prepareChallenge and recogniseAudioStream with Ogg Opus chunks; an answer outside the choices is not recognised", async () => {
  const id = (await ch().choiceRecognition!.prepare!()) as string;
  await ch().choiceRecognition!.prepareChallenge!(id, choiceId);
  const ogg = await speakOgg(CHOICES[2]!, { voice: "en-gb", speed: 140 });
  const result = (await ch().choiceRecognition!.recogniseAudioStream!(
    id,
    new FakeRecorder(byteChunks(ogg, 4), "audio/ogg"),
  )) as Recognition;
  expect(result).toMatchObject({ id, recognised: CHOICES[2] });

  const outside = await speakWav("seven hundred kilometres of motorway", { voice: "en-us" });
  const rejected = (await ch().choiceRecognition!.recognise!(
    choiceId,
    new FakeRecorder(wavChunks(outside, 4), "audio/wav"),
  )) as Recognition;
  expect(rejected.recognised).toBeNull();
  expect((await rest<Recognition>(`/challenges/choice/${choiceId}/recognitions/${rejected.id}`)).recognised).toBeNull();
});

test("choice.recogniseNonStreaming: init_audio and written base64 chunks", async () => {
  const answer = await speakWav(CHOICES[0]!, { voice: "en-us+m3", tempo: 1.1 });
  const result = (await ch().choiceRecognition!.recogniseNonStreaming!(
    choiceId,
    new FakeRecorder(wavChunks(answer, 5), "audio/wav"),
  )) as Recognition;
  expect(result.recognised).toBe(CHOICES[0]);
  const all = (await rest<Recognition[]>(`/challenges/choice/${choiceId}/recognitions`)).map((r) => r.id);
  expect(all).toContain(result.id);
});

test("choice in Dutch: the engine for the language (template matching with the choices' recordings) recognises another voice", async () => {
  await actAs(orgToken);
  const dutch = ["de kat is zwart", "mijn broer speelt voetbal", "wij eten groene appels"];
  const form = new FormData();
  for (const text of dutch) form.append("choices", text);
  for (const text of dutch)
    form.append(
      "audio",
      new Blob([new Uint8Array(await speakWav(text, { voice: "nl" }))], { type: "audio/wav" }),
      "c.wav",
    );
  form.append("language", "nld");
  const id = ((await ch().choice!.create!(form)) as { id: string }).id;
  dutchId = id;
  expect(await whenPrepared(id)).toMatchObject({
    status: "prepared",
    engine: expect.stringMatching(/^template-mfcc-dtw/),
  });
  await actAs(studentToken);
  const answer = await speakWav(dutch[2]!, { voice: "nl+f3", pitch: 120, tempo: 1.1 });
  const result = (await ch().choiceRecognition!.recognise!(
    id,
    new FakeRecorder(wavChunks(answer, 5), "audio/wav"),
  )) as Recognition;
  expect(result.recognised).toBe(dutch[2]);
  expect((await rest<Recognition>(`/challenges/choice/${id}/recognitions/${result.id}`)).engine).toMatch(
    /^template-mfcc-dtw/,
  );
});

test("choices changed between init_challenge and recognise: the answer is refused in words and nothing is stored", async () => {
  const { client, reply } = await WampClient.session(`${baseURL.replace(/^http/, "ws")}/ws`, studentToken);
  expect(reply[0], "WELCOME").toBe(2);
  try {
    const id = (await client.call("nl.itslanguage.choice.init_recognition")) as string;
    await client.call("nl.itslanguage.choice.init_challenge", [id, dutchId]);
    await client.call("nl.itslanguage.choice.init_audio", [id, "audio/wav"], {
      channels: 1,
      sampleWidth: 2,
      frameRate: 16000,
    });
    for (const chunk of wavChunks(await speakWav("de kat is zwart", { voice: "nl+m3" }), 4))
      await client.call("nl.itslanguage.choice.write", [id, chunk.toString("base64"), "base64"]);
    // The teacher replaces a choice meanwhile; the challenge is prepared again with the new ones.
    const changed = await fetch(`${baseURL}/api/challenges/choice/${dutchId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${orgToken}`, "content-type": "application/json" },
      body: JSON.stringify({ choices: ["de kat is wit", "mijn broer speelt voetbal", "wij eten groene appels"] }),
    });
    expect(changed.status).toBe(200);
    await actAs(orgToken);
    expect((await whenPrepared(dutchId)).status).toBe("prepared");
    await actAs(studentToken);
    const refused = (await client.call("nl.itslanguage.choice.recognise", [id]).catch((e) => e)) as Error & {
      data: { args: unknown[] };
    };
    expect(refused).toBeInstanceOf(Error);
    expect(JSON.stringify(refused.data.args)).toMatch(/choices changed while this answer was made/);
    const all = (await rest<Recognition[]>(`/challenges/choice/${dutchId}/recognitions`)).map((r) => r.id);
    expect(all).not.toContain(id);
  } finally {
    client.close();
  }
});

test("pronunciation: prepare, prepareChallenge, alignChallenge, prepareAudio, streamAudio and endStreamAudio", async () => {
  const api = ch().pronunciationAnalysis!;
  const id = (await api.prepare!()) as string;
  await api.prepareChallenge!(id, pronunciationId);
  // The background job aligns the reference audio (where an engine speaks the language).
  let challenge = await rest<{ status: string; alignment: Alignment | null }>(
    `/challenges/pronunciation/${pronunciationId}`,
  );
  for (let i = 0; i < 120 && challenge.status === "preparing"; i++) {
    await new Promise((r) => setTimeout(r, 500));
    challenge = await rest(`/challenges/pronunciation/${pronunciationId}`);
  }
  expect(challenge.status).toBe("prepared");
  const alignment = (await api.alignChallenge!(id)) as Alignment | null;
  expect(alignment).toEqual(challenge.alignment);
  if (await englishJudged()) {
    expect(alignment!.words).toHaveLength(1);
    expect(alignment!.words[0]!.chunks.map((c) => c.graphemes).join("")).toBe(TRANSCRIPTION);
    expect(alignment!.words[0]!.chunks.flatMap((c) => c.phonemes).length).toBeGreaterThanOrEqual(5);
  }
  const recorder = new FakeRecorder(byteChunks(await speakOgg(TRANSCRIPTION, { voice: "en-us+f2" }), 3), "audio/ogg");
  await api.prepareAudio!(id, recorder);
  await api.streamAudio!(id, recorder);
  const progress: unknown[] = [];
  const analysis = (await api.endStreamAudio!(id, (p: unknown) => progress.push(p))) as Json;
  expect(progress.length).toBeGreaterThan(0);
  const stored = await rest<Json>(`/challenges/pronunciation/${pronunciationId}/analyses/${id}`);
  expect(stored).toMatchObject({ id, audioUrl: analysis.audioUrl, userId: studentId });
  if (await englishJudged()) {
    // Scored from the audio: every phoneme with a score, the graphemes spelling the word.
    expect(analysis.score).toEqual(expect.any(Number));
    expect(stored.score).toBe(analysis.score);
    const chunks = (stored.words as { chunks: { graphemes: string; phonemes: { score: number }[] }[] }[])[0]!.chunks;
    expect(chunks.map((c) => c.graphemes).join("")).toBe(TRANSCRIPTION);
    expect(stored.console).toMatch(/pocketsphinx/);
  } else {
    expect(stored.console).toMatch(/Not assessed/);
    expect(stored.words).toBeNull();
  }
});

test("a language without an engine for pronunciation or reading says so in words, with no numbers", async () => {
  await actAs(orgToken);
  const pronunciation = new FormData();
  pronunciation.append("transcription", "fiets");
  pronunciation.append("language", "nld");
  pronunciation.append(
    "referenceAudio",
    new Blob([new Uint8Array(await speakWav("fiets", { voice: "nl" }))], { type: "audio/wav" }),
    "r.wav",
  );
  const challengeId = ((await ch().pronunciation!.create!(pronunciation)) as { id: string }).id;
  const speech = new FormData();
  speech.append("language", "nld");
  speech.append("topic", "De fiets is rood.");
  const speechChallengeId = ((await ch().speech!.create!(speech)) as { id: string }).id;
  await actAs(studentToken);

  const api = ch().pronunciationAnalysis!;
  const id = (await api.prepare!()) as string;
  await api.prepareChallenge!(id, challengeId);
  const recorder = new FakeRecorder(wavChunks(await speakWav("fiets", { voice: "nl+f3" }), 3), "audio/wav");
  await api.prepareAudio!(id, recorder);
  await api.streamAudio!(id, recorder);
  const analysis = (await api.endStreamAudio!(id, () => {})) as Json;
  expect(analysis).toMatchObject({
    score: null,
    words: null,
    console: expect.stringMatching(/^Not assessed: no engine .* "nld"/),
  });
  // What can be measured is offered, and named: likeness to the teacher's recording, not a score.
  expect(analysis.console).toMatch(/Similarity to the reference recording: \d{1,3} % \(template-mfcc-dtw/);
  expect(analysis.console).toMatch(/not pronunciation\.$/);

  const progress: Json[] = [];
  const wav = await speakWav("De fiets is rood.", { voice: "nl" });
  const feedback = (await ch().feedbackSpeech!.feedback!(
    speechChallengeId,
    (_id: string, s: Json) => progress.push(s),
    new FakeRecorder(wavChunks(wav, 3), "audio/wav"),
  )) as Json;
  const words = progress.flatMap((s) => s.words as Json[]);
  expect(words.map((w) => [w.expected, w.label, w.recognized])).toEqual([
    ["De", "NA", null],
    ["fiets", "NA", null],
    ["is", "NA", null],
    ["rood", "NA", null],
  ]);
  expect(progress[0]).toMatchObject({ confidence: null, errors: 0 });
  expect((await rest<Json>(`/feedback/${feedback.id}`)).extra).toMatchObject({ assessed: false });
});

test("a language without a reading engine: each sentence compared with the teacher's recording, in words, and every word NA", async () => {
  // A Dutch text, its reference recording (one voice) and an SRT that says where each sentence is in it.
  const sentences = ["De fiets is rood.", "De hond slaapt in de tuin."];
  const reference = joinWavs(await Promise.all(sentences.map((t) => speakWav(t, { voice: "nl" }))), 0.4);
  const time = (ms: number) => new Date(Math.round(ms)).toISOString().slice(11, 23).replace(".", ",");
  const srt = reference.spansMs
    .map((c, i) => `${i + 1}\n${time(c.startMs)} --> ${time(c.endMs)}\n${sentences[i]}\n`)
    .join("\n");
  await actAs(orgToken);
  const speech = new FormData();
  speech.append("language", "nld");
  speech.append("topic", "De fiets en de hond");
  speech.append("srt", new Blob([srt], { type: "application/x-subrip" }), "text.srt");
  speech.append("referenceAudio", new Blob([new Uint8Array(reference.wav)], { type: "audio/wav" }), "r.wav");
  const challengeId = ((await ch().speech!.create!(speech)) as { id: string }).id;
  await actAs(studentToken);

  /** A reading by another voice (a woman's, slower) through the SDK: the feedback's words and what it says of each sentence. */
  const read = async (texts: string[]) => {
    const progress: Json[] = [];
    const reading = joinWavs(await Promise.all(texts.map((t) => speakWav(t, { voice: "nl+f3", speed: 140 }))), 0.5);
    const feedback = (await ch().feedbackSpeech!.feedback!(
      challengeId,
      (_id: string, s: Json) => progress.push(s),
      new FakeRecorder(wavChunks(reading.wav, 4), "audio/wav"),
    )) as Json;
    const words = progress.flatMap((s) => s.words as Json[]);
    expect(words.map((w) => [w.label, w.recognized])).toEqual(words.map(() => ["NA", null]));
    expect(progress.map((s) => s.confidence)).toEqual(progress.map(() => null));
    const percent = (sentence: number) => {
      const notes = words.filter((w) => w.sentenceIndex === sentence).map((w) => w.explanation as string);
      expect(new Set(notes).size, "one note per sentence").toBe(1);
      expect(notes[0]).toMatch(/^No engine on this server judges reading aloud in this language \(nld\) yet\. /);
      expect(notes[0]).toMatch(/It measures likeness to one speaker, not reading\.$/);
      return Number(
        notes[0]!.match(/Similarity of this sentence to the reference recording: (\d{1,3}) % \(template-mfcc-dtw/)![1],
      );
    };
    return { feedback, percents: [percent(0), percent(1)] };
  };

  const asWritten = await read(sentences);
  expect(asWritten.percents[0]).toBeGreaterThanOrEqual(15);
  expect(asWritten.percents[1]).toBeGreaterThanOrEqual(15);
  expect((await rest<Json>(`/feedback/${asWritten.feedback.id}`)).extra).toMatchObject({
    assessed: false,
    measured: "similarity per sentence to the reference recording (template-mfcc-dtw/1)",
  });
  // The student stopped after the first sentence: the second is no closer than the recording backwards.
  const stopped = await read(sentences.slice(0, 1));
  expect(stopped.percents[1]).toBeLessThan(10);

  // Without an uploaded SRT the sentences cannot be found in the recording: the whole reading is compared.
  await actAs(orgToken);
  const topic = new FormData();
  topic.append("language", "nld");
  topic.append("topic", sentences.join(" "));
  topic.append("referenceAudio", new Blob([new Uint8Array(reference.wav)], { type: "audio/wav" }), "r.wav");
  const topicId = ((await ch().speech!.create!(topic)) as { id: string }).id;
  await actAs(studentToken);
  const progress: Json[] = [];
  const whole = (await ch().feedbackSpeech!.feedback!(
    topicId,
    (_id: string, s: Json) => progress.push(s),
    new FakeRecorder(wavChunks(reference.wav, 4), "audio/wav"),
  )) as Json;
  const notes = new Set(progress.flatMap((s) => (s.words as Json[]).map((w) => w.explanation)));
  expect([...notes]).toEqual([
    expect.stringMatching(/ Similarity of the whole reading to the reference recording: 100 % \(template-mfcc-dtw\/1;/),
  ]);
  expect((await rest<Json>(`/feedback/${whole.id}`)).extra).toMatchObject({
    measured: "similarity of the whole reading to the reference recording (template-mfcc-dtw/1)",
  });
});

test("a pronunciation challenge's transcription changed between init_challenge and analyse: the answer is refused in words and nothing is stored", async () => {
  await actAs(orgToken);
  const form = new FormData();
  form.append("transcription", "fiets");
  form.append("language", "nld");
  form.append(
    "referenceAudio",
    new Blob([new Uint8Array(await speakWav("fiets", { voice: "nl" }))], { type: "audio/wav" }),
    "r.wav",
  );
  const challengeId = ((await ch().pronunciation!.create!(form)) as { id: string }).id;
  await actAs(studentToken);
  const { client, reply } = await WampClient.session(`${baseURL.replace(/^http/, "ws")}/ws`, studentToken);
  expect(reply[0], "WELCOME").toBe(2);
  try {
    const id = (await client.call("nl.itslanguage.pronunciation.init_analysis")) as string;
    await client.call("nl.itslanguage.pronunciation.init_challenge", [id, challengeId]);
    await client.call("nl.itslanguage.pronunciation.init_audio", [id, "audio/wav"], {
      channels: 1,
      sampleWidth: 2,
      frameRate: 16000,
    });
    for (const chunk of wavChunks(await speakWav("fiets", { voice: "nl+m3" }), 3))
      await client.call("nl.itslanguage.pronunciation.write", [id, chunk.toString("base64"), "base64"]);
    // The teacher changes the word meanwhile: a verdict on "fiets" must not be stored as one on "auto".
    const changed = await fetch(`${baseURL}/api/challenges/pronunciation/${challengeId}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${orgToken}`, "content-type": "application/json" },
      body: JSON.stringify({ transcription: "auto" }),
    });
    expect(changed.status).toBe(200);
    const refused = (await client.call("nl.itslanguage.pronunciation.analyse", [id]).catch((e) => e)) as Error & {
      data: { args: unknown[] };
    };
    expect(refused).toBeInstanceOf(Error);
    expect(JSON.stringify(refused.data.args)).toMatch(/transcription, language or reference audio changed/);
    const all = (await rest<Json[]>(`/challenges/pronunciation/${challengeId}/analyses`)).map((a) => a.id);
    expect(all).not.toContain(id);
  } finally {
    client.close();
  }
});

test("feedback.feedback: the speech challenge's sentences come back one by one and the feedback is stored", async () => {
  const api = ch().feedbackSpeech!;
  const progress: Json[] = [];
  const wav = await speakWav("The sun is warm. Birds sing in the trees.", { voice: "en-us" });
  const result = (await api.feedback!(
    speechId,
    (_id: string, sentence: Json) => progress.push(sentence),
    new FakeRecorder(wavChunks(wav, 6), "audio/wav"),
  )) as Json;
  expect(progress.map((p) => p.sentence)).toEqual([0, 1]);
  const words = (progress[0]!.words as Json[]).filter((w) => w.expected !== "");
  expect(words.map((w) => w.expected)).toEqual(["The", "sun", "is", "warm"]);
  if (await englishJudged()) {
    // Read as written by a clear voice: most words correct, each with its timing in the audio.
    const all = progress.flatMap((s) => s.words as Json[]).filter((w) => w.expected !== "");
    expect(all.filter((w) => w.label === "CW" || w.label === "PC").length).toBeGreaterThanOrEqual(6);
    for (const w of all.filter((w) => w.label === "CW"))
      expect(w.endTiming as number).toBeGreaterThan(w.startTiming as number);
    expect(all[0]).toHaveProperty("correct");
  }
  const stored = await rest<Json>(`/feedback/${result.id}`);
  expect(stored).toMatchObject({ id: result.id, challengeId: speechId, audioUrl: result.audioUrl });
  expect((stored.sentences as Json[]).length).toBe(2);
});

test("feedback while reading: each sentence comes once the next is begun, timed in the whole answer as stored", async () => {
  test.skip(!(await englishJudged()), "needs pocketsphinx to judge English while the student reads");
  const text = [
    "The sun is warm today.",
    "Birds sing in the tall trees.",
    "We walk to the park.",
    "The grass is green and soft.",
  ];
  const created = await fetch(`${baseURL}/api/challenges/speech`, {
    method: "POST",
    headers: { authorization: `Bearer ${orgToken}`, "content-type": "application/json" },
    body: JSON.stringify({ language: "eng", sentences: text }),
  });
  expect(created.status).toBe(201);
  const challengeId = ((await created.json()) as { id: string }).id;
  // Read at the pace of speech (250-ms chunks 250 ms apart), then 2 s of quiet before "stop".
  const spoken = await speakWav(text.join(" "), { voice: "en-us", speed: 140 });
  const dataAt = spoken.indexOf("data") + 8;
  const bytesPerSecond = spoken.readUInt32LE(28);
  const wav = Buffer.concat([spoken, Buffer.alloc(2 * bytesPerSecond)]);
  wav.writeUInt32LE(wav.length - 8, 4);
  wav.writeUInt32LE(wav.length - dataAt, dataAt - 4);
  const chunks = wavChunks(wav, Math.ceil((wav.length - dataAt) / (bytesPerSecond / 4)));
  const recorder = new FakeRecorder(chunks, "audio/wav", null, 250);
  const started = Date.now();
  let stopped = Number.POSITIVE_INFINITY;
  recorder.addEventListener("stop", () => {
    stopped = Date.now() - started;
  });
  const arrived: { sentence: number; at: number; words: Json[] }[] = [];
  const result = (await ch().feedbackSpeech!.feedback!(
    challengeId,
    (_id: string, s: Json) =>
      arrived.push({ sentence: s.sentence as number, at: Date.now() - started, words: s.words as Json[] }),
    recorder,
  )) as Json;
  expect(arrived.map((a) => a.sentence)).toEqual([0, 1, 2, 3]);
  // The first two come while the student still reads; the second was judged on the audio after the first.
  expect(arrived[1]!.at).toBeLessThan(stopped);
  const stored = await rest<{ sentences: { sentence: number; words: Json[] }[] }>(`/feedback/${result.id}`);
  for (const { sentence, words } of arrived) {
    const final = stored.sentences.find((s) => s.sentence === sentence)!.words;
    for (const w of words.filter((w) => w.label === "CW")) {
      const same = final.find((f) => f.expected === w.expected && f.label === "CW");
      if (same) expect(Math.abs((w.startTiming as number) - (same.startTiming as number))).toBeLessThan(250);
    }
  }
  const second = arrived[1]!.words.filter((w) => w.label === "CW");
  expect(second.length, "the second sentence was heard").toBeGreaterThan(2);
  const firstEnd = Math.max(...arrived[0]!.words.map((w) => w.endTiming as number));
  expect(second[0]!.startTiming as number).toBeGreaterThanOrEqual(firstEnd - 100);
});

test("feedback: prepare, listenAndReply, pause and resume; the paused part is not kept", async () => {
  const api = ch().feedbackSpeech!;
  const id = (await api.prepare!(speechId)) as string;
  const first = await speakOgg("The sun is warm.");
  const second = await speakOgg("Birds sing in the trees.");
  const chunks = [...byteChunks(first, 3), ...byteChunks(second, 3)];
  const recorder = new FakeRecorder(chunks, "audio/ogg", 3);
  const progress: Json[] = [];
  const done = api.listenAndReply!(id, (_id: string, s: Json) => progress.push(s), recorder) as Promise<Json>;
  await new Promise((r) => setTimeout(r, 300));
  await api.pause!(id);
  await api.resume!(id, 1);
  recorder.resumeChunks();
  const result = await done;
  expect(progress.map((p) => p.sentence)).toEqual([1]);
  const stored = await rest<Json>(`/feedback/${result.id}`);
  expect(stored.id).toBe(id);
});

test("speechRecording.record: written chunks become a speech recording in its result set", async () => {
  const wav = await speakWav("Today I went to the market with my mother.");
  const recording = (await ch().speechRecording!.record!(
    speechId,
    new FakeRecorder(wavChunks(wav, 4), "audio/wav"),
  )) as Json;
  expect(recording).toMatchObject({ userId: studentId, resultSet: { id: expect.any(String) } });
  const stored = await rest<Json>(`/challenges/speech/${speechId}/recordings/${recording.id}`);
  expect(stored).toEqual(recording);
});
