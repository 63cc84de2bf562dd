CREATE TABLE "viewer_mark_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "viewer_mark_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "viewer_mark_changes_transaction_idx" ON "viewer_mark_changes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "viewer_mark_changes_changed_at_idx" ON "viewer_mark_changes" USING btree ("changed_at");--> statement-breakpoint
-- Discovery (issue 20): every favourite or view added or removed logs its user for the servers'
-- in-memory copies of each viewer's marks (modules/discovery/card-cache.ts), read by the same sync
-- as discovery_changes, so that a search on any instance sees a mark written before it began.
CREATE OR REPLACE FUNCTION log_viewer_mark_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO viewer_mark_changes (user_id) VALUES (OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    INSERT INTO viewer_mark_changes (user_id) VALUES (NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER favourites_viewer_mark_change AFTER INSERT OR UPDATE OR DELETE ON favourites
  FOR EACH ROW EXECUTE FUNCTION log_viewer_mark_change();
--> statement-breakpoint
CREATE TRIGGER annonce_views_viewer_mark_change AFTER INSERT OR UPDATE OR DELETE ON annonce_views
  FOR EACH ROW EXECUTE FUNCTION log_viewer_mark_change();
