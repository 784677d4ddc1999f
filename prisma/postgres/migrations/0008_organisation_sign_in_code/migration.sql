-- AlterTable
ALTER TABLE "Organisation" ADD COLUMN     "signInCode" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_signInCode_key" ON "Organisation"("signInCode");

