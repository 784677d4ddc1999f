-- CreateTable
CREATE TABLE "AnnotationRevision" (
    "annotationId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "savedByPk" TEXT,
    "saved" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fragments" TEXT NOT NULL,
    "doneBase" DATETIME,
    "doneFull" DATETIME,

    PRIMARY KEY ("annotationId", "version"),
    CONSTRAINT "AnnotationRevision_annotationId_fkey" FOREIGN KEY ("annotationId") REFERENCES "Annotation" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

