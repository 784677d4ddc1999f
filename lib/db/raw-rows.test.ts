import { expect, test } from "@playwright/test";
import pg from "pg";
import { closeRawReaders, rawReader, readsDatabase } from "./raw-rows";
import { scratchPostgres } from "./test-db";

// The driver's reads on PostgreSQL are named prepared statements, kept by each connection. A
// migration that changes the type of a column such a read selects makes PostgreSQL refuse the kept
// statement ("cached plan must not change result type") for as long as the connection lives: the
// read must still answer, with the new type, without a restart. On PostgreSQL when the test run
// has one (TEST_PG_URL, set by `npm test`).

test("PostgreSQL: a prepared read whose column changed type answers with the new type, no restart", async () => {
  const scratch = await scratchPostgres("raw_rows");
  test.skip(!scratch, "no PostgreSQL in this run (TEST_DATABASES=sqlite)");
  const owner = new pg.Client({ connectionString: scratch!.url });
  const client = {};
  readsDatabase(client, scratch!.url);
  try {
    await owner.connect();
    await owner.query(`CREATE TABLE probe (pk text PRIMARY KEY, score integer NOT NULL)`);
    await owner.query(`INSERT INTO probe VALUES ('a', 7)`);
    const read = () => rawReader(client).rows(`SELECT pk, score FROM probe WHERE pk = $1`, ["a"]);
    // Three at once, so that several of the reader's connections prepare the statement; then once
    // more, which runs a kept statement.
    expect(await Promise.all([read(), read(), read()])).toEqual([[["a", 7]], [["a", 7]], [["a", 7]]]);
    expect(await read()).toEqual([["a", 7]]);

    await owner.query(`ALTER TABLE probe ALTER COLUMN score TYPE text USING score::text || ' points'`);
    // Each read meets a connection whose kept statement went stale, until every one was replaced.
    for (let i = 0; i < 4; i++) expect(await read()).toEqual([["a", "7 points"]]);
    // Other errors still reach the caller.
    await expect(rawReader(client).rows(`SELECT missing FROM probe`, [])).rejects.toThrow(/missing/);
  } finally {
    await closeRawReaders();
    await owner.end();
    await scratch!.drop();
  }
});
