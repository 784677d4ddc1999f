-- Progress counts attempts per answer (result set), not per recording: one answer of three
-- sentences is one attempt (issue 29). The read model's recomputation (0004) is replaced by the
-- same one with attempts = the number of distinct result sets holding a recording of the user for
-- the challenge, and the existing cells are recounted (no semicolon in a comment: the migration runner splits the script on them). (Function body: E'' string, \x3B for each
-- semicolon, as in 0004.)
CREATE OR REPLACE FUNCTION progress_cell_refresh(k_ns TEXT, k_user TEXT, k_challenge TEXT) RETURNS void LANGUAGE plpgsql AS E'
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(''progress '' || k_ns || '' '' || k_user || '' '' || k_challenge, 0))\x3B
  DELETE FROM "ProgressCell" WHERE "ProgressCell".ns = k_ns AND "ProgressCell"."userPk" = k_user AND "ProgressCell"."challengePk" = k_challenge\x3B
  INSERT INTO "ProgressCell" (ns, "userPk", "challengePk", "resultSetPk", "setId", "durationMs", newest, attempts, recordings)
  SELECT b.ns, b."userPk", b."challengePk", b.pk, b.id, b."durationMs", b.newest,
    (SELECT COUNT(DISTINCT a."resultSetPk") FROM "SpeechRecording" a WHERE a.ns = k_ns AND a."userPk" = k_user AND a."challengePk" = k_challenge),
    (SELECT string_agg(''{"id":"'' || x.id || ''","audioUrl":"'' || chr(1) || x."audioFilePk" || ''"}'', '','' ORDER BY x.position) FROM "SpeechRecording" x WHERE x.ns = k_ns AND x."userPk" = k_user AND x."challengePk" = k_challenge AND x."resultSetPk" = b.pk)
  FROM (SELECT r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs", MAX(r.created) AS newest
        FROM "SpeechRecording" r JOIN "ResultSet" rs ON rs.pk = r."resultSetPk"
        WHERE r.ns = k_ns AND r."userPk" = k_user AND r."challengePk" = k_challenge
        GROUP BY r.ns, r."userPk", r."challengePk", rs.pk, rs.id, rs."durationMs"
        ORDER BY newest DESC, rs.pk COLLATE "C" DESC LIMIT 1) b\x3B
END ';

UPDATE "ProgressCell" SET attempts = (
  SELECT COUNT(DISTINCT a."resultSetPk") FROM "SpeechRecording" a
  WHERE a.ns = "ProgressCell".ns AND a."userPk" = "ProgressCell"."userPk" AND a."challengePk" = "ProgressCell"."challengePk"
);
