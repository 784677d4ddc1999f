-- Progress counts attempts per answer (result set), not per recording: one answer of three
-- sentences is one attempt (issue 29). The read model's recomputation (0004) is replaced by the
-- same one with attempts = the number of distinct result sets holding a recording of the user for
-- the challenge, and the existing cells are recounted (no semicolon in a comment: the migration runner splits the script on them).
DROP TRIGGER "ProgressCellRefresh_insert";
CREATE TRIGGER "ProgressCellRefresh_insert" INSTEAD OF INSERT ON "ProgressCellRefresh" BEGIN
  DELETE FROM "ProgressCell" WHERE "ProgressCell".ns = NEW.ns AND "ProgressCell"."userPk" = NEW."userPk" AND "ProgressCell"."challengePk" = NEW."challengePk";
  INSERT INTO "ProgressCell" (ns, "userPk", "challengePk", "resultSetPk", "setId", "durationMs", newest, attempts, recordings)
  SELECT b.ns, b."userPk", b."challengePk", b.pk, b.id, b."durationMs", b.newest,
    (SELECT COUNT(DISTINCT a."resultSetPk") FROM "SpeechRecording" a WHERE a.ns = NEW.ns AND a."userPk" = NEW."userPk" AND a."challengePk" = NEW."challengePk"),
    (SELECT group_concat('{"id":"' || x.id || '","audioUrl":"' || char(1) || x."audioFilePk" || '"}', ',' ORDER BY x.position) FROM "SpeechRecording" x WHERE x.ns = NEW.ns AND x."userPk" = NEW."userPk" AND x."challengePk" = NEW."challengePk" AND x."resultSetPk" = b.pk)
  FROM (SELECT r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs", MAX(r.created) AS newest
        FROM "SpeechRecording" r JOIN "ResultSet" rs ON rs.pk = r."resultSetPk"
        WHERE r.ns = NEW.ns AND r."userPk" = NEW."userPk" AND r."challengePk" = NEW."challengePk"
        GROUP BY r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs"
        ORDER BY newest DESC, rs.pk DESC LIMIT 1) b;
END;

UPDATE "ProgressCell" SET attempts = (
  SELECT COUNT(DISTINCT a."resultSetPk") FROM "SpeechRecording" a
  WHERE a.ns = "ProgressCell".ns AND a."userPk" = "ProgressCell"."userPk" AND a."challengePk" = "ProgressCell"."challengePk"
);
