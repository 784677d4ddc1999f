import Database from "better-sqlite3";
const db = new Database(process.argv[2]);
const ns = db.prepare(`SELECT ns FROM Category LIMIT 1`).get().ns;
const allUsers = db.prepare(`SELECT DISTINCT userPk AS pk FROM SpeechRecording WHERE ns=?`).all(ns).map(r=>r.pk);
const sql = `SELECT r.userPk, r.challengePk, r.resultSetPk, r.created, r.id, r.audioFilePk FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) ORDER BY r.userPk, r.challengePk, r.resultSetPk, r.position`;
for (const row of db.prepare("EXPLAIN QUERY PLAN " + sql).all(ns, "[]")) console.log(row.detail);
for (let k = 0; k < 3; k++) { let tot=0; for (let i = 0; i < allUsers.length; i += 500) {
  const t = performance.now();
  const rows = db.prepare(sql).raw().all(ns, JSON.stringify(allUsers.slice(i, i+500)));
  tot += performance.now()-t;
  if (k==2) console.log("block", i, (performance.now()-t).toFixed(0), "ms", rows.length);
} console.log("total", tot.toFixed(0)); }
const sql2 = `SELECT r.userPk, r.challengePk, r.resultSetPk, max(r.created), count(*), group_concat(r.id || ' ' || r.audioFilePk) FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) GROUP BY r.userPk, r.challengePk, r.resultSetPk`;
for (const row of db.prepare("EXPLAIN QUERY PLAN " + sql2).all(ns, "[]")) console.log(row.detail);
for (let k = 0; k < 3; k++) { let tot=0; for (let i = 0; i < allUsers.length; i += 500) {
  const t = performance.now();
  const rows = db.prepare(sql2).raw().all(ns, JSON.stringify(allUsers.slice(i, i+500)));
  tot += performance.now()-t;
} console.log("total grouped", tot.toFixed(0)); }
