ALTER TABLE "work_folders" ADD COLUMN "document_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Statement-level triggers with transition tables: one UPDATE per statement and folder, however
-- many rows a statement inserts (bulk loads stay fast). The folder row's lock orders concurrent
-- inserts into one folder, so the count is exact under concurrency.
CREATE FUNCTION "documents_count_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "work_folders" f SET "document_count" = f."document_count" + d.n
      FROM (SELECT "folder_id", count(*)::int AS n FROM new_rows GROUP BY "folder_id") d WHERE f."id" = d."folder_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "work_folders" f SET "document_count" = f."document_count" - d.n
      FROM (SELECT "folder_id", count(*)::int AS n FROM old_rows GROUP BY "folder_id") d WHERE f."id" = d."folder_id";
  ELSE
    UPDATE "work_folders" f SET "document_count" = f."document_count" + d.n
      FROM (SELECT "folder_id", sum(n)::int AS n FROM (SELECT "folder_id", 1 AS n FROM new_rows UNION ALL SELECT "folder_id", -1 FROM old_rows) moved
            GROUP BY "folder_id" HAVING sum(n) <> 0) d WHERE f."id" = d."folder_id";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "documents_count_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_changed"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_delete" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_changed"();
--> statement-breakpoint
CREATE TRIGGER "documents_count_move" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "documents_count_changed"();
--> statement-breakpoint
UPDATE "work_folders" f SET "document_count" = (SELECT count(*)::int FROM "documents" d WHERE d."folder_id" = f."id");
