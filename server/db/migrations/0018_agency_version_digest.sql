ALTER TABLE "agency_versions" ADD COLUMN "digest" text;--> statement-breakpoint
-- By hand (decision 099): the file's status shares the whole file's version, kept as `file`. The
-- rows keep their versions and have no digest yet, so each counts up once when next read: what
-- the file was when its ETag was given out is not known.
UPDATE "agency_versions" SET "resource" = 'file' WHERE "resource" = 'fileStatus';
