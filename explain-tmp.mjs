import Database from "better-sqlite3";
const db = new Database(process.argv[2]);
if (process.argv[3]) { const t=performance.now(); db.exec(process.argv[3]); console.log("index", (performance.now()-t).toFixed(0)); }
const ns = db.prepare(`SELECT ns FROM Category LIMIT 1`).get().ns;
const allUsers = db.prepare(`SELECT DISTINCT userPk AS pk FROM SpeechRecording WHERE ns=?`).all(ns).map(r=>r.pk);
const ch = db.prepare(`SELECT pk FROM SpeechChallenge WHERE ns=?`).all(ns).map(r=>r.pk);
const sql = `WITH u AS (SELECT CAST(key AS INTEGER) AS ord, value AS pk FROM json_each(?)), c AS (SELECT CAST(key AS INTEGER) AS ord, value AS pk FROM json_each(?)),
s AS (
  SELECT r."userPk" AS "userPk", r."challengePk" AS "challengePk", r."resultSetPk" AS "setPk", MAX(r.created) AS newest, COUNT(*) AS n, json_group_array(json_object('id', r.id, 'audioUrl', ? || r."audioFilePk") ORDER BY r.position) AS recs
  FROM "SpeechRecording" r
  WHERE r.ns = ? AND r."userPk" IN (SELECT pk FROM u) AND r."challengePk" IN (SELECT pk FROM c)
  GROUP BY r."userPk", r."challengePk", r."resultSetPk"
),
b AS (
  SELECT s.*, ROW_NUMBER() OVER (PARTITION BY "userPk", "challengePk" ORDER BY newest DESC, "setPk" DESC) AS rn,
         SUM(n) OVER (PARTITION BY "userPk", "challengePk") AS attempts
  FROM s
)
SELECT u.ord AS u, c.ord AS c, rs.id AS "setId", rs."durationMs" AS "durationMs", b.newest AS newest, b.attempts AS attempts, b.recs AS recs
FROM b JOIN u ON u.pk = b."userPk" JOIN c ON c.pk = b."challengePk" JOIN "ResultSet" rs ON rs.pk = b."setPk"
WHERE b.rn = 1
ORDER BY u.ord, c.ord`;
for (const row of db.prepare("EXPLAIN QUERY PLAN " + sql).all("[]", "[]", "x", ns)) console.log(row.detail);
for (let k = 0; k < 2; k++) for (let i = 0; i < allUsers.length; i += 500) {
  const t = performance.now();
  const rows = db.prepare(sql).all(JSON.stringify(allUsers.slice(i, i+500)), JSON.stringify(ch), "http://x/files/", ns);
  console.log("block", i, (performance.now()-t).toFixed(0), "ms", rows.length);
}
