CREATE TABLE "user_positions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"reachable" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_positions" ADD CONSTRAINT "user_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Everyone the fan-out may tell within 20 km: a GiST index over the reachable positions only.
CREATE INDEX "user_positions_reachable_idx" ON "user_positions"
  USING gist (ll_to_earth(latitude, longitude)) WHERE reachable;
--> statement-breakpoint
-- Kept from users: a position written (home, search) or a change of what makes a user reachable.
CREATE FUNCTION sync_user_position() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.last_latitude IS NULL OR NEW.last_longitude IS NULL THEN
    DELETE FROM user_positions WHERE user_id = NEW.id;
  ELSE
    INSERT INTO user_positions (user_id, latitude, longitude, reachable)
    VALUES (NEW.id, NEW.last_latitude, NEW.last_longitude,
            NEW.account_validated_at IS NOT NULL AND NEW.asked_to_be_deleted_at IS NULL
              AND NOT (NEW.roles && ARRAY['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']::text[]))
    ON CONFLICT (user_id) DO UPDATE
      SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
          reachable = EXCLUDED.reachable;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sync_position
  AFTER INSERT OR UPDATE OF last_latitude, last_longitude, account_validated_at,
    asked_to_be_deleted_at, roles
  ON users FOR EACH ROW EXECUTE FUNCTION sync_user_position();
--> statement-breakpoint
INSERT INTO user_positions (user_id, latitude, longitude, reachable)
SELECT id, last_latitude, last_longitude,
       account_validated_at IS NOT NULL AND asked_to_be_deleted_at IS NULL
         AND NOT (roles && ARRAY['ROLE_ADMIN', 'ROLE_SUPER_ADMIN']::text[])
FROM users WHERE last_latitude IS NOT NULL AND last_longitude IS NOT NULL;
