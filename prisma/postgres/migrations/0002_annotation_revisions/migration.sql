-- CreateTable
CREATE TABLE "AnnotationRevision" (
    "annotationId" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "savedByPk" TEXT,
    "saved" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "fragments" TEXT NOT NULL,
    "doneBase" TIMESTAMP(3),
    "doneFull" TIMESTAMP(3),

    CONSTRAINT "AnnotationRevision_pkey" PRIMARY KEY ("annotationId","version")
);

-- AddForeignKey
ALTER TABLE "AnnotationRevision" ADD CONSTRAINT "AnnotationRevision_annotationId_fkey" FOREIGN KEY ("annotationId") REFERENCES "Annotation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

