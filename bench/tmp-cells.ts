import Database from "better-sqlite3";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaClient } from "../lib/db/generated/sqlite/client";
const file = process.argv[2]!;
const raw = new Database(file);
const prisma = new PrismaClient({ adapter: new PrismaBetterSQLite3({ url: "file:" + file }) });
const ns = (raw.prepare(`SELECT ns FROM Category LIMIT 1`).get() as any).ns;
const users = (raw.prepare(`SELECT DISTINCT userPk AS pk FROM SpeechRecording WHERE ns=?`).all(ns) as any[]).map(r=>r.pk);
const blocks = [users.slice(0,500), users.slice(500)];
const variants: Record<string,string> = {
  ordered: `SELECT r.userPk, r.challengePk, r.resultSetPk, MAX(r.created) AS newest, COUNT(*) AS n, json_group_array(json_object('id', r.id, 'audioUrl', ? || r.audioFilePk) ORDER BY r.position) AS recs FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) GROUP BY r.userPk, r.challengePk, r.resultSetPk`,
  unordered: `SELECT r.userPk, r.challengePk, r.resultSetPk, MAX(r.created) AS newest, COUNT(*) AS n, json_group_array(json_object('id', r.id, 'audioUrl', ? || r.audioFilePk)) AS recs FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) GROUP BY r.userPk, r.challengePk, r.resultSetPk`,
  concat: `SELECT r.userPk, r.challengePk, r.resultSetPk, MAX(r.created) AS newest, COUNT(*) AS n, group_concat(? || r.id || ' ' || r.audioFilePk, ' ') AS recs FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) GROUP BY r.userPk, r.challengePk, r.resultSetPk`,
  plain: `SELECT ? AS x, r.userPk, r.challengePk, r.resultSetPk, r.created, r.id, r.audioFilePk FROM SpeechRecording r WHERE r.ns=? AND r.userPk IN (SELECT value FROM json_each(?)) ORDER BY r.userPk, r.challengePk, r.resultSetPk, r.position`,
};
for (const [name, sql] of Object.entries(variants)) {
  for (const via of ["raw", "prisma"]) {
    let best = Infinity;
    for (let k = 0; k < 2; k++) {
      const t = performance.now();
      for (const b of blocks) {
        if (via === "raw") raw.prepare(sql).raw().all("http://x/", ns, JSON.stringify(b));
        else await prisma.$queryRawUnsafe(sql, "http://x/", ns, JSON.stringify(b));
      }
      best = Math.min(best, performance.now() - t);
    }
    console.log(name.padEnd(10), via.padEnd(7), best.toFixed(0), "ms");
  }
}
