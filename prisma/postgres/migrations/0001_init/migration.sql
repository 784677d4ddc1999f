-- CreateTable
CREATE TABLE "Tenant" (
    "pk" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tenant_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Organisation" (
    "pk" TEXT NOT NULL,
    "tenantPk" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Organisation_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "User" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "tenantPk" TEXT,
    "organisationPk" TEXT,
    "firstName" TEXT NOT NULL,
    "infix" TEXT,
    "lastName" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Profile" (
    "userPk" TEXT NOT NULL,
    "birthYear" INTEGER,
    "gender" TEXT,
    "country" TEXT,
    "language" TEXT,
    "cefr" INTEGER,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Profile_pkey" PRIMARY KEY ("userPk")
);

-- CreateTable
CREATE TABLE "Role" (
    "name" TEXT NOT NULL,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "Permission" (
    "name" TEXT NOT NULL,

    CONSTRAINT "Permission_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "RolePermission" (
    "roleName" TEXT NOT NULL,
    "permissionName" TEXT NOT NULL,

    CONSTRAINT "RolePermission_pkey" PRIMARY KEY ("roleName","permissionName")
);

-- CreateTable
CREATE TABLE "UserRole" (
    "userPk" TEXT NOT NULL,
    "roleName" TEXT NOT NULL,

    CONSTRAINT "UserRole_pkey" PRIMARY KEY ("userPk","roleName")
);

-- CreateTable
CREATE TABLE "Group" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Group_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "GroupMember" (
    "groupPk" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,

    CONSTRAINT "GroupMember_pkey" PRIMARY KEY ("groupPk","userPk")
);

-- CreateTable
CREATE TABLE "GroupCategory" (
    "groupPk" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "GroupCategory_pkey" PRIMARY KEY ("groupPk","categoryId")
);

-- CreateTable
CREATE TABLE "BasicAuth" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BasicAuth_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "EmailAuth" (
    "pk" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailAuth_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Token" (
    "pk" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "userPk" TEXT,
    "tenantPk" TEXT,
    "organisationPk" TEXT,
    "actorUserPk" TEXT,
    "parentTokenPk" TEXT,
    "familyPk" TEXT NOT NULL,
    "lineage" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "revokedAt" TIMESTAMP(3),
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Token_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL,
    "windowStart" BIGINT NOT NULL,
    "lockedUntil" BIGINT NOT NULL,

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "StoredFile" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "contentType" TEXT NOT NULL,
    "size" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "format" TEXT,
    "sampleRate" INTEGER,
    "channels" INTEGER,
    "durationMs" INTEGER,
    "normalisedPk" TEXT,
    "peaksPk" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StoredFile_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Category" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "parentPk" TEXT,
    "name" TEXT,
    "order" INTEGER NOT NULL DEFAULT 0,
    "description" TEXT,
    "color" TEXT,
    "imageFilePk" TEXT,
    "iconFilePk" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Category_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "CategoryChallenge" (
    "categoryPk" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "CategoryChallenge_pkey" PRIMARY KEY ("categoryPk","challengePk")
);

-- CreateTable
CREATE TABLE "ChoiceChallenge" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "question" TEXT,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "statusReason" TEXT,
    "grammarFilePk" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChoiceChallenge_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Choice" (
    "pk" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "audioFilePk" TEXT,
    "normalisedFilePk" TEXT,

    CONSTRAINT "Choice_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "ChoiceRecognition" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "audioFilePk" TEXT NOT NULL,
    "recognised" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ChoiceRecognition_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "PronunciationChallenge" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "transcription" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "referenceAudioFilePk" TEXT,
    "alignment" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PronunciationChallenge_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "PronunciationAnalysis" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "audioFilePk" TEXT NOT NULL,
    "console" TEXT,
    "pruningLevel" INTEGER,
    "score" DOUBLE PRECISION,
    "words" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PronunciationAnalysis_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "SpeechChallenge" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "topic" TEXT,
    "language" TEXT NOT NULL,
    "referenceAudioFilePk" TEXT,
    "srtFilePk" TEXT,
    "imageFilePk" TEXT,
    "metadata" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpeechChallenge_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "ResultSet" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "challengePk" TEXT,
    "recordingCount" INTEGER NOT NULL DEFAULT 0,
    "durationMs" INTEGER NOT NULL DEFAULT 0,
    "combinedFilePk" TEXT,
    "combinedCount" INTEGER NOT NULL DEFAULT 0,
    "combinedPeaksPk" TEXT,
    "combiningUntil" TIMESTAMP(3),
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ResultSet_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "SpeechRecording" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "resultSetPk" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "audioFilePk" TEXT NOT NULL,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpeechRecording_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Feedback" (
    "pk" TEXT NOT NULL,
    "ns" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "challengePk" TEXT NOT NULL,
    "userPk" TEXT NOT NULL,
    "resultSetPk" TEXT NOT NULL,
    "audioFilePk" TEXT NOT NULL,
    "sentences" TEXT NOT NULL,
    "extra" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Feedback_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Assignment" (
    "id" SERIAL NOT NULL,
    "tenantPk" TEXT NOT NULL,
    "organisationPk" TEXT,
    "name" TEXT,
    "baseAnnotatorPk" TEXT,
    "fullAnnotatorPk" TEXT NOT NULL,
    "baseDueDate" TEXT,
    "fullDueDate" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Assignment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AssignmentRecording" (
    "assignmentId" INTEGER NOT NULL,
    "recordingPk" TEXT NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "AssignmentRecording_pkey" PRIMARY KEY ("assignmentId","recordingPk")
);

-- CreateTable
CREATE TABLE "Annotation" (
    "id" SERIAL NOT NULL,
    "tenantPk" TEXT NOT NULL,
    "assignmentId" INTEGER NOT NULL,
    "recordingPk" TEXT NOT NULL,
    "fragments" TEXT NOT NULL,
    "doneBase" TIMESTAMP(3),
    "doneFull" TIMESTAMP(3),
    "version" INTEGER NOT NULL DEFAULT 1,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Annotation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReferenceAnnotation" (
    "recordingPk" TEXT NOT NULL,
    "fragments" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReferenceAnnotation_pkey" PRIMARY KEY ("recordingPk")
);

-- CreateTable
CREATE TABLE "AnnotationScheme" (
    "organisationPk" TEXT NOT NULL,
    "layers" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AnnotationScheme_pkey" PRIMARY KEY ("organisationPk")
);

-- CreateTable
CREATE TABLE "Job" (
    "pk" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "targetPk" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" TEXT,
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "created" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Job_pkey" PRIMARY KEY ("pk")
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "Setting_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX "Tenant_id_key" ON "Tenant"("id");

-- CreateIndex
CREATE INDEX "Organisation_tenantPk_created_idx" ON "Organisation"("tenantPk", "created");

-- CreateIndex
CREATE UNIQUE INDEX "Organisation_tenantPk_id_key" ON "Organisation"("tenantPk", "id");

-- CreateIndex
CREATE INDEX "User_ns_created_idx" ON "User"("ns", "created");

-- CreateIndex
CREATE UNIQUE INDEX "User_ns_id_key" ON "User"("ns", "id");

-- CreateIndex
CREATE INDEX "UserRole_roleName_idx" ON "UserRole"("roleName");

-- CreateIndex
CREATE UNIQUE INDEX "Group_ns_id_key" ON "Group"("ns", "id");

-- CreateIndex
CREATE INDEX "GroupMember_userPk_idx" ON "GroupMember"("userPk");

-- CreateIndex
CREATE INDEX "BasicAuth_userPk_idx" ON "BasicAuth"("userPk");

-- CreateIndex
CREATE UNIQUE INDEX "BasicAuth_ns_username_key" ON "BasicAuth"("ns", "username");

-- CreateIndex
CREATE UNIQUE INDEX "EmailAuth_email_key" ON "EmailAuth"("email");

-- CreateIndex
CREATE INDEX "EmailAuth_userPk_idx" ON "EmailAuth"("userPk");

-- CreateIndex
CREATE UNIQUE INDEX "Token_hash_key" ON "Token"("hash");

-- CreateIndex
CREATE INDEX "Token_userPk_idx" ON "Token"("userPk");

-- CreateIndex
CREATE INDEX "Token_parentTokenPk_idx" ON "Token"("parentTokenPk");

-- CreateIndex
CREATE INDEX "Token_familyPk_idx" ON "Token"("familyPk");

-- CreateIndex
CREATE UNIQUE INDEX "StoredFile_storageKey_key" ON "StoredFile"("storageKey");

-- CreateIndex
CREATE INDEX "StoredFile_ns_idx" ON "StoredFile"("ns");

-- CreateIndex
CREATE INDEX "Category_ns_parentPk_order_idx" ON "Category"("ns", "parentPk", "order");

-- CreateIndex
CREATE UNIQUE INDEX "Category_ns_id_key" ON "Category"("ns", "id");

-- CreateIndex
CREATE INDEX "CategoryChallenge_challengePk_idx" ON "CategoryChallenge"("challengePk");

-- CreateIndex
CREATE UNIQUE INDEX "ChoiceChallenge_ns_id_key" ON "ChoiceChallenge"("ns", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Choice_challengePk_position_key" ON "Choice"("challengePk", "position");

-- CreateIndex
CREATE INDEX "ChoiceRecognition_challengePk_created_idx" ON "ChoiceRecognition"("challengePk", "created");

-- CreateIndex
CREATE UNIQUE INDEX "ChoiceRecognition_ns_id_key" ON "ChoiceRecognition"("ns", "id");

-- CreateIndex
CREATE UNIQUE INDEX "PronunciationChallenge_ns_id_key" ON "PronunciationChallenge"("ns", "id");

-- CreateIndex
CREATE INDEX "PronunciationAnalysis_challengePk_userPk_idx" ON "PronunciationAnalysis"("challengePk", "userPk");

-- CreateIndex
CREATE UNIQUE INDEX "PronunciationAnalysis_ns_id_key" ON "PronunciationAnalysis"("ns", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SpeechChallenge_ns_id_key" ON "SpeechChallenge"("ns", "id");

-- CreateIndex
CREATE INDEX "ResultSet_userPk_challengePk_idx" ON "ResultSet"("userPk", "challengePk");

-- CreateIndex
CREATE UNIQUE INDEX "ResultSet_ns_id_key" ON "ResultSet"("ns", "id");

-- CreateIndex
CREATE INDEX "SpeechRecording_challengePk_userPk_idx" ON "SpeechRecording"("challengePk", "userPk");

-- CreateIndex
CREATE INDEX "SpeechRecording_ns_created_idx" ON "SpeechRecording"("ns", "created");

-- CreateIndex
CREATE INDEX "SpeechRecording_created_pk_idx" ON "SpeechRecording"("created", "pk");

-- CreateIndex
CREATE INDEX "SpeechRecording_audioFilePk_idx" ON "SpeechRecording"("audioFilePk");

-- CreateIndex
CREATE UNIQUE INDEX "SpeechRecording_ns_id_key" ON "SpeechRecording"("ns", "id");

-- CreateIndex
CREATE UNIQUE INDEX "SpeechRecording_resultSetPk_position_key" ON "SpeechRecording"("resultSetPk", "position");

-- CreateIndex
CREATE INDEX "Feedback_userPk_created_idx" ON "Feedback"("userPk", "created");

-- CreateIndex
CREATE UNIQUE INDEX "Feedback_ns_id_key" ON "Feedback"("ns", "id");

-- CreateIndex
CREATE INDEX "Assignment_tenantPk_organisationPk_idx" ON "Assignment"("tenantPk", "organisationPk");

-- CreateIndex
CREATE INDEX "Assignment_created_id_idx" ON "Assignment"("created", "id");

-- CreateIndex
CREATE INDEX "Assignment_fullAnnotatorPk_idx" ON "Assignment"("fullAnnotatorPk");

-- CreateIndex
CREATE INDEX "Assignment_baseAnnotatorPk_idx" ON "Assignment"("baseAnnotatorPk");

-- CreateIndex
CREATE INDEX "AssignmentRecording_recordingPk_idx" ON "AssignmentRecording"("recordingPk");

-- CreateIndex
CREATE INDEX "Annotation_created_id_idx" ON "Annotation"("created", "id");

-- CreateIndex
CREATE INDEX "Annotation_tenantPk_created_id_idx" ON "Annotation"("tenantPk", "created", "id");

-- CreateIndex
CREATE INDEX "Annotation_assignmentId_created_id_idx" ON "Annotation"("assignmentId", "created", "id");

-- CreateIndex
CREATE INDEX "Annotation_doneFull_created_id_idx" ON "Annotation"("doneFull", "created", "id");

-- CreateIndex
CREATE INDEX "Annotation_tenantPk_doneFull_created_id_idx" ON "Annotation"("tenantPk", "doneFull", "created", "id");

-- CreateIndex
CREATE INDEX "Annotation_recordingPk_idx" ON "Annotation"("recordingPk");

-- CreateIndex
CREATE UNIQUE INDEX "Annotation_assignmentId_recordingPk_key" ON "Annotation"("assignmentId", "recordingPk");

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_targetPk_idx" ON "Job"("targetPk");

-- AddForeignKey
ALTER TABLE "Organisation" ADD CONSTRAINT "Organisation_tenantPk_fkey" FOREIGN KEY ("tenantPk") REFERENCES "Tenant"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_tenantPk_fkey" FOREIGN KEY ("tenantPk") REFERENCES "Tenant"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_organisationPk_fkey" FOREIGN KEY ("organisationPk") REFERENCES "Organisation"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Profile" ADD CONSTRAINT "Profile_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RolePermission" ADD CONSTRAINT "RolePermission_roleName_fkey" FOREIGN KEY ("roleName") REFERENCES "Role"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RolePermission" ADD CONSTRAINT "RolePermission_permissionName_fkey" FOREIGN KEY ("permissionName") REFERENCES "Permission"("name") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserRole" ADD CONSTRAINT "UserRole_roleName_fkey" FOREIGN KEY ("roleName") REFERENCES "Role"("name") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_groupPk_fkey" FOREIGN KEY ("groupPk") REFERENCES "Group"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupMember" ADD CONSTRAINT "GroupMember_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "GroupCategory" ADD CONSTRAINT "GroupCategory_groupPk_fkey" FOREIGN KEY ("groupPk") REFERENCES "Group"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BasicAuth" ADD CONSTRAINT "BasicAuth_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EmailAuth" ADD CONSTRAINT "EmailAuth_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Token" ADD CONSTRAINT "Token_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Token" ADD CONSTRAINT "Token_tenantPk_fkey" FOREIGN KEY ("tenantPk") REFERENCES "Tenant"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Token" ADD CONSTRAINT "Token_organisationPk_fkey" FOREIGN KEY ("organisationPk") REFERENCES "Organisation"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Token" ADD CONSTRAINT "Token_actorUserPk_fkey" FOREIGN KEY ("actorUserPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Category" ADD CONSTRAINT "Category_parentPk_fkey" FOREIGN KEY ("parentPk") REFERENCES "Category"("pk") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CategoryChallenge" ADD CONSTRAINT "CategoryChallenge_categoryPk_fkey" FOREIGN KEY ("categoryPk") REFERENCES "Category"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CategoryChallenge" ADD CONSTRAINT "CategoryChallenge_challengePk_fkey" FOREIGN KEY ("challengePk") REFERENCES "SpeechChallenge"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Choice" ADD CONSTRAINT "Choice_challengePk_fkey" FOREIGN KEY ("challengePk") REFERENCES "ChoiceChallenge"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChoiceRecognition" ADD CONSTRAINT "ChoiceRecognition_challengePk_fkey" FOREIGN KEY ("challengePk") REFERENCES "ChoiceChallenge"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChoiceRecognition" ADD CONSTRAINT "ChoiceRecognition_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PronunciationAnalysis" ADD CONSTRAINT "PronunciationAnalysis_challengePk_fkey" FOREIGN KEY ("challengePk") REFERENCES "PronunciationChallenge"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PronunciationAnalysis" ADD CONSTRAINT "PronunciationAnalysis_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeechRecording" ADD CONSTRAINT "SpeechRecording_challengePk_fkey" FOREIGN KEY ("challengePk") REFERENCES "SpeechChallenge"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeechRecording" ADD CONSTRAINT "SpeechRecording_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SpeechRecording" ADD CONSTRAINT "SpeechRecording_resultSetPk_fkey" FOREIGN KEY ("resultSetPk") REFERENCES "ResultSet"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_userPk_fkey" FOREIGN KEY ("userPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Feedback" ADD CONSTRAINT "Feedback_resultSetPk_fkey" FOREIGN KEY ("resultSetPk") REFERENCES "ResultSet"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_tenantPk_fkey" FOREIGN KEY ("tenantPk") REFERENCES "Tenant"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_baseAnnotatorPk_fkey" FOREIGN KEY ("baseAnnotatorPk") REFERENCES "User"("pk") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assignment" ADD CONSTRAINT "Assignment_fullAnnotatorPk_fkey" FOREIGN KEY ("fullAnnotatorPk") REFERENCES "User"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentRecording" ADD CONSTRAINT "AssignmentRecording_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AssignmentRecording" ADD CONSTRAINT "AssignmentRecording_recordingPk_fkey" FOREIGN KEY ("recordingPk") REFERENCES "SpeechRecording"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_assignmentId_fkey" FOREIGN KEY ("assignmentId") REFERENCES "Assignment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Annotation" ADD CONSTRAINT "Annotation_recordingPk_fkey" FOREIGN KEY ("recordingPk") REFERENCES "SpeechRecording"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferenceAnnotation" ADD CONSTRAINT "ReferenceAnnotation_recordingPk_fkey" FOREIGN KEY ("recordingPk") REFERENCES "SpeechRecording"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AnnotationScheme" ADD CONSTRAINT "AnnotationScheme_organisationPk_fkey" FOREIGN KEY ("organisationPk") REFERENCES "Organisation"("pk") ON DELETE CASCADE ON UPDATE CASCADE;

