-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_SpeechChallenge" (
    "pk" TEXT NOT NULL PRIMARY KEY,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "topic" TEXT,
    "language" TEXT NOT NULL,
    "referenceAudioFilePk" TEXT,
    "srtFilePk" TEXT,
    "imageFilePk" TEXT,
    "metadata" TEXT,
    "passage" TEXT,
    "srtGenerated" BOOLEAN NOT NULL DEFAULT false,
    "readingStop" TEXT NOT NULL DEFAULT 'lastRead',
    "created" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" DATETIME NOT NULL
);
INSERT INTO "new_SpeechChallenge" ("created", "id", "imageFilePk", "language", "metadata", "ns", "passage", "pk", "referenceAudioFilePk", "srtFilePk", "srtGenerated", "topic", "updated") SELECT "created", "id", "imageFilePk", "language", "metadata", "ns", "passage", "pk", "referenceAudioFilePk", "srtFilePk", "srtGenerated", "topic", "updated" FROM "SpeechChallenge";
DROP TABLE "SpeechChallenge";
ALTER TABLE "new_SpeechChallenge" RENAME TO "SpeechChallenge";
CREATE UNIQUE INDEX "SpeechChallenge_ns_id_key" ON "SpeechChallenge"("ns", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

