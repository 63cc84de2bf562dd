CREATE TABLE "discovery_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discovery_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"annonce_id" integer NOT NULL,
	"transaction_id" bigint DEFAULT (pg_current_xact_id()::text)::bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "discovery_changes_transaction_idx" ON "discovery_changes" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "discovery_changes_changed_at_idx" ON "discovery_changes" USING btree ("changed_at");--> statement-breakpoint
-- Discovery (issue 7): every write that changes what a search over VALIDATED announcements reads
-- (entering or leaving VALIDATED, position, vehicle, colour, energy, fiscal power, words, reward,
-- boost, validation date) logs the announcement's id for the servers' in-memory search indexes.
CREATE OR REPLACE FUNCTION annonces_log_discovery_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO discovery_changes (annonce_id)
    VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_change_insert AFTER INSERT ON annonces
  FOR EACH ROW WHEN (NEW.status = 'VALIDATED')
  EXECUTE FUNCTION annonces_log_discovery_change();
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_change_update AFTER UPDATE ON annonces
  FOR EACH ROW WHEN ((OLD.status = 'VALIDATED' OR NEW.status = 'VALIDATED') AND (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.theft_latitude IS DISTINCT FROM NEW.theft_latitude
    OR OLD.theft_longitude IS DISTINCT FROM NEW.theft_longitude
    OR OLD.vehicle_type_id IS DISTINCT FROM NEW.vehicle_type_id
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.model_id IS DISTINCT FROM NEW.model_id
    OR OLD.model_finish_id IS DISTINCT FROM NEW.model_finish_id
    OR OLD.color IS DISTINCT FROM NEW.color
    OR OLD.energy IS DISTINCT FROM NEW.energy
    OR OLD.fiscal_power IS DISTINCT FROM NEW.fiscal_power
    OR OLD.validated_at IS DISTINCT FROM NEW.validated_at
    OR OLD.additional_reward_level IS DISTINCT FROM NEW.additional_reward_level
    OR OLD.boost_end_date IS DISTINCT FROM NEW.boost_end_date
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION annonces_log_discovery_change();
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_change_delete AFTER DELETE ON annonces
  FOR EACH ROW WHEN (OLD.status = 'VALIDATED')
  EXECUTE FUNCTION annonces_log_discovery_change();
