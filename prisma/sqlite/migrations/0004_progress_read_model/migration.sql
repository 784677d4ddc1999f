-- CreateTable
CREATE TABLE "ProgressCell" (
    "ns" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "resultSetPk" TEXT NOT NULL,
    "setId" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "newest" DATETIME NOT NULL,
    "attempts" INTEGER NOT NULL,
    "recordings" TEXT NOT NULL,

    PRIMARY KEY ("ns", "userPk", "challengePk")
);

-- CreateIndex
CREATE INDEX "ProgressCell_resultSetPk_idx" ON "ProgressCell"("resultSetPk");


-- The read model's upkeep (prisma/models.prisma, model ProgressCell). Each change of a
-- recording recomputes its cell from the recordings (deleted when none is left): the most
-- recent set (its newest recording created last, ties going to the larger internal key), the count
-- of recordings in all sets, and the chosen set's recordings in position order. A set's
-- duration or id is copied to the cells that show it.
-- SQLite has no procedures: the recomputation is written once, as the INSTEAD OF INSERT trigger
-- of a view that stores nothing, and each recording trigger inserts the cell's key into it.
CREATE VIEW "ProgressCellRefresh" AS SELECT NULL AS ns, NULL AS "userPk", NULL AS "challengePk";
CREATE TRIGGER "ProgressCellRefresh_insert" INSTEAD OF INSERT ON "ProgressCellRefresh" BEGIN
  DELETE FROM "ProgressCell" WHERE "ProgressCell".ns = NEW.ns AND "ProgressCell"."userPk" = NEW."userPk" AND "ProgressCell"."challengePk" = NEW."challengePk";
  INSERT INTO "ProgressCell" (ns, "userPk", "challengePk", "resultSetPk", "setId", "durationMs", newest, attempts, recordings)
  SELECT b.ns, b."userPk", b."challengePk", b.pk, b.id, b."durationMs", b.newest,
    (SELECT COUNT(*) FROM "SpeechRecording" a WHERE a.ns = NEW.ns AND a."userPk" = NEW."userPk" AND a."challengePk" = NEW."challengePk"),
    (SELECT group_concat('{"id":"' || x.id || '","audioUrl":"' || char(1) || x."audioFilePk" || '"}', ',' ORDER BY x.position) FROM "SpeechRecording" x WHERE x.ns = NEW.ns AND x."userPk" = NEW."userPk" AND x."challengePk" = NEW."challengePk" AND x."resultSetPk" = b.pk)
  FROM (SELECT r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs", MAX(r.created) AS newest
        FROM "SpeechRecording" r JOIN "ResultSet" rs ON rs.pk = r."resultSetPk"
        WHERE r.ns = NEW.ns AND r."userPk" = NEW."userPk" AND r."challengePk" = NEW."challengePk"
        GROUP BY r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs"
        ORDER BY newest DESC, rs.pk DESC LIMIT 1) b;
END;
CREATE TRIGGER "SpeechRecording_progress_insert" AFTER INSERT ON "SpeechRecording" BEGIN
  INSERT INTO "ProgressCellRefresh" VALUES (NEW.ns, NEW."userPk", NEW."challengePk");
END;
CREATE TRIGGER "SpeechRecording_progress_delete" AFTER DELETE ON "SpeechRecording" BEGIN
  INSERT INTO "ProgressCellRefresh" VALUES (OLD.ns, OLD."userPk", OLD."challengePk");
END;
CREATE TRIGGER "SpeechRecording_progress_update" AFTER UPDATE OF ns, "userPk", "challengePk", "resultSetPk", position, id, "audioFilePk", created ON "SpeechRecording" BEGIN
  INSERT INTO "ProgressCellRefresh" VALUES (OLD.ns, OLD."userPk", OLD."challengePk");
  INSERT INTO "ProgressCellRefresh" VALUES (NEW.ns, NEW."userPk", NEW."challengePk");
END;
CREATE TRIGGER "ResultSet_progress_update" AFTER UPDATE OF id, "durationMs" ON "ResultSet" BEGIN
  UPDATE "ProgressCell" SET "setId" = NEW.id, "durationMs" = NEW."durationMs" WHERE "resultSetPk" = NEW.pk;
END;

-- Backfill: every recorded (organisation, user, challenge), by the same recomputation.
INSERT INTO "ProgressCellRefresh" SELECT DISTINCT ns, "userPk", "challengePk" FROM "SpeechRecording";
