CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Résumés are PDF/DOCX, already compressed: keep them out of line without a pointless second compression.
ALTER TABLE "stored_files" ALTER COLUMN "content" SET STORAGE EXTERNAL;
