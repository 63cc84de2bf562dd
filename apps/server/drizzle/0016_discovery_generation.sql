-- Discovery (issue 7): a counter the home feeds' cache compares (discovery.service.ts): any change
-- to what the lists may show (an announcement entering or leaving VALIDATED, a boost bought, its
-- searchable fields edited) moves it on, so a cached list never outlives a validation.
CREATE SEQUENCE IF NOT EXISTS "discovery_generation";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonces_bump_discovery_generation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('discovery_generation');
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS annonces_discovery_generation_insert ON annonces;
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_generation_insert AFTER INSERT ON annonces
  FOR EACH ROW WHEN (NEW.status = 'VALIDATED')
  EXECUTE FUNCTION annonces_bump_discovery_generation();
--> statement-breakpoint
DROP TRIGGER IF EXISTS annonces_discovery_generation_update ON annonces;
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_generation_update AFTER UPDATE ON annonces
  FOR EACH ROW WHEN ((OLD.status = 'VALIDATED' OR NEW.status = 'VALIDATED') AND (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.boost_end_date IS DISTINCT FROM NEW.boost_end_date
    OR OLD.validated_at IS DISTINCT FROM NEW.validated_at
    OR OLD.additional_reward_level IS DISTINCT FROM NEW.additional_reward_level
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION annonces_bump_discovery_generation();
--> statement-breakpoint
DROP TRIGGER IF EXISTS annonces_discovery_generation_delete ON annonces;
--> statement-breakpoint
CREATE TRIGGER annonces_discovery_generation_delete AFTER DELETE ON annonces
  FOR EACH ROW WHEN (OLD.status = 'VALIDATED')
  EXECUTE FUNCTION annonces_bump_discovery_generation();
