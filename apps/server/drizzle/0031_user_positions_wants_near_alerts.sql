-- Finding the users near a new announcement read no preferences (issue 20): each user position
-- carries whether its user wants "new announcements near me" (notification_preferences, no row = on),
-- and the fan-out's index holds only the positions it may tell. The preference was a list of every
-- user who turned the group off, hashed for every fan-out: about a fifth of the search for a small
-- town (bench/results/notifications-2026-12-02-notes.md).
ALTER TABLE "user_positions" ADD COLUMN "wants_near_alerts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE user_positions up SET wants_near_alerts = false
  FROM notification_preferences p
  WHERE p.user_id = up.user_id AND NOT p.new_annonces_close_notifications;
--> statement-breakpoint
DROP INDEX "user_positions_cell_idx";--> statement-breakpoint
CREATE INDEX "user_positions_cell_idx" ON "user_positions" USING btree ("cell") INCLUDE ("user_id", "latitude", "longitude") WHERE reachable and wants_near_alerts;
--> statement-breakpoint
-- Kept from the preferences: a row written or changed sets it, a row removed (only with its user)
-- leaves the default.
CREATE FUNCTION sync_user_position_wants_near_alerts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE user_positions SET wants_near_alerts = true
      WHERE user_id = OLD.user_id AND NOT wants_near_alerts;
  ELSE
    UPDATE user_positions SET wants_near_alerts = NEW.new_annonces_close_notifications
      WHERE user_id = NEW.user_id AND wants_near_alerts IS DISTINCT FROM NEW.new_annonces_close_notifications;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notification_preferences_sync_position
  AFTER INSERT OR DELETE OR UPDATE OF new_annonces_close_notifications
  ON notification_preferences FOR EACH ROW EXECUTE FUNCTION sync_user_position_wants_near_alerts();
--> statement-breakpoint
-- And from users, as migration 0017 did. A position moved (every home and search that sends one)
-- is one update and reads no preferences; only a user's first position takes the preference of
-- the moment, and keeps what the trigger above keeps afterwards.
CREATE OR REPLACE FUNCTION sync_user_position() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_reachable boolean := NEW.account_validated_at IS NOT NULL AND NEW.asked_to_be_deleted_at IS NULL
    AND NOT (NEW.roles && ARRAY['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']::text[]);
BEGIN
  IF NEW.last_latitude IS NULL OR NEW.last_longitude IS NULL THEN
    DELETE FROM user_positions WHERE user_id = NEW.id;
    RETURN NULL;
  END IF;
  UPDATE user_positions
    SET latitude = NEW.last_latitude, longitude = NEW.last_longitude, reachable = v_reachable
    WHERE user_id = NEW.id;
  IF NOT FOUND THEN
    INSERT INTO user_positions (user_id, latitude, longitude, reachable, wants_near_alerts)
    VALUES (NEW.id, NEW.last_latitude, NEW.last_longitude, v_reachable,
            coalesce((SELECT p.new_annonces_close_notifications FROM notification_preferences p
                      WHERE p.user_id = NEW.id), true))
    -- Two first positions of one user at once: the later one moves the row the earlier wrote.
    ON CONFLICT (user_id) DO UPDATE
      SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
          reachable = EXCLUDED.reachable;
  END IF;
  RETURN NULL;
END
$$;
