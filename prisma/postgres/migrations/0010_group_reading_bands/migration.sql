-- AlterTable
ALTER TABLE "Group" ADD COLUMN     "readingBands" TEXT;

