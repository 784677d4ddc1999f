-- CreateTable
CREATE TABLE "ProgressCell" (
    "ns" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "resultSetPk" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "newest" TIMESTAMP(3) NOT NULL,
    "attempts" INTEGER NOT NULL,
    "recordings" TEXT NOT NULL,

    CONSTRAINT "ProgressCell_pkey" PRIMARY KEY ("ns","userPk","challengePk")
);

-- CreateIndex
CREATE INDEX "ProgressCell_resultSetPk_idx" ON "ProgressCell"("resultSetPk");


-- The read model's upkeep (prisma/models.prisma, model ProgressCell). Each change of a
-- recording recomputes its cell from the recordings (deleted when none is left): the most
-- recent set (its newest recording created last, ties going to the larger internal key), the count
-- of recordings in all sets, and the chosen set's recordings in position order. A set's
-- duration or id is copied to the cells that show it.
-- PostgreSQL: a transaction-scoped advisory lock per cell makes concurrent writes to one cell
-- recompute one after the other, each from committed rows (a plpgsql statement in READ
-- COMMITTED sees what committed before it started), so the last writer's cell is complete.
-- The set trigger takes the same lock before it writes a cell: one lock order, no deadlock.
-- The function bodies are E'' strings with \x3B for each semicolon: prisma migrate deploy runs
-- a PostgreSQL script statement by statement, split at every semicolon (adapter-pg).
CREATE FUNCTION progress_cell_refresh(k_ns TEXT, k_user TEXT, k_challenge TEXT) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(''progress '' || k_ns || '' '' || k_user || '' '' || k_challenge, 0))\x3B
  DELETE FROM "ProgressCell" WHERE "ProgressCell".ns = k_ns AND "ProgressCell"."userPk" = k_user AND "ProgressCell"."challengePk" = k_challenge\x3B
  INSERT INTO "ProgressCell" (ns, "userPk", "challengePk", "resultSetPk", "setId", "durationMs", newest, attempts, recordings)
  SELECT b.ns, b."userPk", b."challengePk", b.pk, b.id, b."durationMs", b.newest,
    (SELECT COUNT(*) FROM "SpeechRecording" a WHERE a.ns = k_ns AND a."userPk" = k_user AND a."challengePk" = k_challenge),
    (SELECT string_agg(''{"id":"'' || x.id || ''","audioUrl":"'' || chr(1) || x."audioFilePk" || ''"}'', '','' ORDER BY x.position) FROM "SpeechRecording" x WHERE x.ns = k_ns AND x."userPk" = k_user AND x."challengePk" = k_challenge AND x."resultSetPk" = b.pk)
  FROM (SELECT r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs", MAX(r.created) AS newest
        FROM "SpeechRecording" r JOIN "ResultSet" rs ON rs.pk = r."resultSetPk"
        WHERE r.ns = k_ns AND r."userPk" = k_user AND r."challengePk" = k_challenge
        GROUP BY r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs"
        ORDER BY newest DESC, rs.pk COLLATE "C" DESC LIMIT 1) b\x3B
END ';

CREATE FUNCTION progress_cell_on_recording() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP <> ''INSERT'' THEN PERFORM progress_cell_refresh(OLD.ns, OLD."userPk", OLD."challengePk")\x3B END IF\x3B
  IF TG_OP <> ''DELETE'' THEN PERFORM progress_cell_refresh(NEW.ns, NEW."userPk", NEW."challengePk")\x3B END IF\x3B
  RETURN NULL\x3B
END ';

CREATE FUNCTION progress_cell_on_result_set() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  PERFORM progress_cell_refresh(c.ns, c."userPk", c."challengePk") FROM "ProgressCell" c WHERE c."resultSetPk" = NEW.pk\x3B
  RETURN NULL\x3B
END ';

CREATE TRIGGER "SpeechRecording_progress" AFTER INSERT OR DELETE OR UPDATE OF ns, "userPk", "challengePk", "resultSetPk", position, id, "audioFilePk", created ON "SpeechRecording"
  FOR EACH ROW EXECUTE FUNCTION progress_cell_on_recording();
CREATE TRIGGER "ResultSet_progress" AFTER UPDATE OF id, "durationMs" ON "ResultSet"
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD."durationMs" IS DISTINCT FROM NEW."durationMs") EXECUTE FUNCTION progress_cell_on_result_set();

-- Backfill: every recorded (organisation, user, challenge), by the same recomputation.
SELECT progress_cell_refresh(k.ns, k."userPk", k."challengePk") FROM (SELECT DISTINCT ns, "userPk", "challengePk" FROM "SpeechRecording") k;
