import { invalid } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import type { Db, Tx } from "@/lib/db/client";
import { ns } from "@/lib/db/ids";
import { fileUrl, peaksUrl } from "@/lib/downloads/urls";
import type { RecordingRef, RecordingRefInput } from "./schemas";

// Recording references (tenant / organisation / challenge / recording) name one speech
// recording. A reference outside the caller's reach (another tenant, or another
// organisation for organisation-level callers) reads exactly like one that does not exist.

export type ResolvedRecording = { pk: string; tenantPk: string; organisationPk: string };

const refText = (r: RecordingRefInput) => `${r.tenant}/${r.organisation}/${r.challenge}/${r.recording}`;

const REF_BATCH = 50;

/** The recordings the references name, in order (duplicates dropped), else 422 on `field`. */
export async function resolveRecordingRefs(
  db: Db | Tx,
  caller: Principal,
  refs: RecordingRefInput[],
  resource: string,
  field: string,
): Promise<ResolvedRecording[]> {
  const tenantIds = [...new Set(refs.map((r) => r.tenant))];
  const tenants = await db.tenant.findMany({ where: { id: { in: tenantIds } }, select: { pk: true, id: true } });
  const tenantPk = new Map(tenants.filter((t) => reachesTenant(caller, t.pk)).map((t) => [t.id, t.pk]));
  const orgs = await db.organisation.findMany({
    where: { tenantPk: { in: [...tenantPk.values()] }, id: { in: [...new Set(refs.map((r) => r.organisation))] } },
    select: { pk: true, id: true, tenantPk: true },
  });
  const orgPk = new Map(
    orgs
      .filter((o) => caller.level !== "organisation" || o.pk === caller.organisation!.pk)
      .map((o) => [`${o.tenantPk}/${o.id}`, o.pk]),
  );
  const wanted = refs.map((r) => {
    const t = tenantPk.get(r.tenant);
    const o = t ? orgPk.get(`${t}/${r.organisation}`) : undefined;
    return { ref: r, tenantPk: t, organisationPk: o };
  });
  const reachable = wanted.filter((w) => w.organisationPk);
  // A batch at a time: SQLite joins the challenges once per alternative, and allows 64 tables in a join.
  const rows: { pk: string; ns: string; id: string; challenge: { id: string } }[] = [];
  for (let i = 0; i < reachable.length; i += REF_BATCH) {
    const batch = reachable.slice(i, i + REF_BATCH);
    rows.push(
      ...(await db.speechRecording.findMany({
        where: {
          OR: batch.map((w) => ({
            ns: ns.organisation(w.organisationPk!),
            id: w.ref.recording,
            challenge: { id: w.ref.challenge },
          })),
        },
        select: { pk: true, ns: true, id: true, challenge: { select: { id: true } } },
      })),
    );
  }
  const byKey = new Map(rows.map((r) => [`${r.ns}/${r.challenge.id}/${r.id}`, r.pk]));
  const out: ResolvedRecording[] = [];
  const seen = new Set<string>();
  const missing: string[] = [];
  for (const w of wanted) {
    const pk = w.organisationPk
      ? byKey.get(`${ns.organisation(w.organisationPk)}/${w.ref.challenge}/${w.ref.recording}`)
      : undefined;
    if (!pk) missing.push(refText(w.ref));
    else if (!seen.has(pk)) {
      seen.add(pk);
      out.push({ pk, tenantPk: w.tenantPk!, organisationPk: w.organisationPk! });
    }
  }
  if (missing.length)
    throw invalid(resource, field, "missing", `Unknown speech recording(s): ${missing.slice(0, 10).join(", ")}`);
  return out;
}

function reachesTenant(caller: Principal, tenantPk: string): boolean {
  return caller.level === "top" || caller.tenant?.pk === tenantPk;
}

/** peaksUrl and normalisedAudioUrl serve editors: waveform peaks and a seekable mono Ogg Opus of the audio. */
export type RecordingInfo = {
  ref: RecordingRef;
  audioUrl: string | null;
  peaksUrl: string | null;
  normalisedAudioUrl: string | null;
  durationMs: number | null;
  organisationPk: string;
};

/** What responses say about each recording (reference with digest, audio URL, duration), by pk. */
export async function describeRecordings(db: Db | Tx, pks: string[]): Promise<Map<string, RecordingInfo>> {
  const unique = [...new Set(pks)];
  if (unique.length === 0) return new Map();
  const recordings = await db.speechRecording.findMany({
    where: { pk: { in: unique } },
    select: { pk: true, ns: true, id: true, audioFilePk: true, challenge: { select: { id: true } } },
  });
  const orgPks = [...new Set(recordings.map((r) => r.ns.slice(2)))];
  const [orgs, files] = await Promise.all([
    db.organisation.findMany({
      where: { pk: { in: orgPks } },
      select: { pk: true, id: true, tenant: { select: { id: true } } },
    }),
    db.storedFile.findMany({
      where: { pk: { in: recordings.map((r) => r.audioFilePk) } },
      select: { pk: true, sha256: true, durationMs: true, peaksPk: true, normalisedPk: true },
    }),
  ]);
  const orgByPk = new Map(orgs.map((o) => [o.pk, o]));
  const fileByPk = new Map(files.map((f) => [f.pk, f]));
  const out = new Map<string, RecordingInfo>();
  for (const r of recordings) {
    const org = orgByPk.get(r.ns.slice(2));
    const file = fileByPk.get(r.audioFilePk);
    out.set(r.pk, {
      ref: {
        tenant: org?.tenant.id ?? null,
        organisation: org?.id ?? "",
        challenge: r.challenge.id,
        recording: r.id,
        digest: file?.sha256 ?? null,
      },
      audioUrl: fileUrl(r.audioFilePk),
      peaksUrl: file ? peaksUrl(r.audioFilePk, file.peaksPk) : null,
      normalisedAudioUrl: fileUrl(file?.normalisedPk),
      durationMs: file?.durationMs ?? null,
      organisationPk: r.ns.slice(2),
    });
  }
  return out;
}
