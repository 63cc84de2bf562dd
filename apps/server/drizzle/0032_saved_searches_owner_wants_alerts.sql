-- The alert fan-out reads no users row per alert owner (issue 20): each saved search carries whether
-- its owner may be told and has the "my alerts" group on. Checking Paris's 6,700 owners in users
-- (a wide table: four buffers an owner) was a third of the recipients' search
-- (bench/results/notifications-2026-12-02-notes.md).
ALTER TABLE "saved_searches" ADD COLUMN "owner_wants_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- What the fan-out asked of users and notification_preferences (alert-fan-out.ts until now); false
-- for a user who no longer exists.
CREATE FUNCTION user_wants_alerts(p_user_id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT u.account_validated_at IS NOT NULL AND u.asked_to_be_deleted_at IS NULL
      AND NOT (u.roles && ARRAY['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']::text[])
      AND coalesce(p.my_alerts_notifications, true)
    FROM users u LEFT JOIN notification_preferences p ON p.user_id = u.id
    WHERE u.id = p_user_id), false)
$$;
--> statement-breakpoint
-- The keys' trigger (migration 0019) files a search again on every update; the flag changes
-- nothing the keys hold, and only the triggers below change it. Split so that an update of the
-- flag alone files nothing.
DROP TRIGGER saved_searches_sync_keys ON saved_searches;
--> statement-breakpoint
CREATE TRIGGER saved_searches_sync_keys AFTER INSERT ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION sync_saved_search_keys();
--> statement-breakpoint
CREATE TRIGGER saved_searches_sync_keys_on_update AFTER UPDATE ON saved_searches
  FOR EACH ROW WHEN (OLD.owner_wants_alerts IS NOT DISTINCT FROM NEW.owner_wants_alerts)
  EXECUTE FUNCTION sync_saved_search_keys();
--> statement-breakpoint
-- Existing searches.
UPDATE saved_searches SET owner_wants_alerts = false WHERE NOT user_wants_alerts(user_id);
--> statement-breakpoint
-- A new search takes its owner's state of the moment.
CREATE FUNCTION set_saved_search_owner_wants_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_wants_alerts := user_wants_alerts(NEW.user_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER saved_searches_set_owner_wants_alerts BEFORE INSERT ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION set_saved_search_owner_wants_alerts();
--> statement-breakpoint
-- An owner's state changed (rarely: an account validated, a deletion asked, a role, the group
-- turned off or on): their searches follow. Only the searches whose flag changes are written.
CREATE FUNCTION sync_saved_searches_owner_wants_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_user_id integer;
  v_wants boolean;
BEGIN
  -- Each branch names only the fields its table has (a statement is prepared when first run).
  IF TG_TABLE_NAME = 'users' THEN
    v_user_id := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    v_user_id := OLD.user_id;
  ELSE
    v_user_id := NEW.user_id;
  END IF;
  v_wants := user_wants_alerts(v_user_id);
  UPDATE saved_searches SET owner_wants_alerts = v_wants
    WHERE user_id = v_user_id AND owner_wants_alerts IS DISTINCT FROM v_wants;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_saved_searches_owner
  AFTER UPDATE OF account_validated_at, asked_to_be_deleted_at, roles
  ON users FOR EACH ROW EXECUTE FUNCTION sync_saved_searches_owner_wants_alerts();
--> statement-breakpoint
CREATE TRIGGER notification_preferences_sync_saved_searches
  AFTER INSERT OR DELETE OR UPDATE OF my_alerts_notifications
  ON notification_preferences FOR EACH ROW EXECUTE FUNCTION sync_saved_searches_owner_wants_alerts();
