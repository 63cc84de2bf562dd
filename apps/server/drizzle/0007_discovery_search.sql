-- Discovery (issue 7): what the search reads, kept by the database itself so every writer of
-- annonces (wizard, back office, seeds) gets it for free.
-- search_text: lower-case, unaccented words of the vehicle type, brand, model, finish, colour
-- (French label), city, department (code and name) and description. The search matches each typed
-- word as a word prefix through the GIN full-text index below (docs/decisions.md "Search").
ALTER TABLE "annonces" ADD COLUMN IF NOT EXISTS "search_text" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonce_search_text(
  p_vehicle_type_id integer, p_brand_id integer, p_model_id integer, p_model_finish_id integer,
  p_color text, p_city text, p_department_code text, p_description text
) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT trim(regexp_replace(lower(unaccent(concat_ws(' ',
    (SELECT name_fr FROM vehicle_types WHERE id = p_vehicle_type_id),
    (SELECT name FROM brands WHERE id = p_brand_id),
    (SELECT name FROM models WHERE id = p_model_id),
    (SELECT name FROM model_finishes WHERE id = p_model_finish_id),
    CASE p_color
      WHEN 'SILVER' THEN 'Argent' WHEN 'BEIGE' THEN 'Beige' WHEN 'WHITE' THEN 'Blanc'
      WHEN 'BLUE' THEN 'Bleu' WHEN 'BURGUNDY' THEN 'Bordeaux' WHEN 'GREY' THEN 'Gris'
      WHEN 'IVORY' THEN 'Ivoire' WHEN 'YELLOW' THEN 'Jaune' WHEN 'BROWN' THEN 'Marron'
      WHEN 'BLACK' THEN 'Noir' WHEN 'ORANGE' THEN 'Orange' WHEN 'PINK' THEN 'Rose'
      WHEN 'RED' THEN 'Rouge' WHEN 'GREEN' THEN 'Vert' WHEN 'PURPLE' THEN 'Violet'
    END,
    p_city,
    p_department_code,
    (SELECT name FROM departments WHERE code = p_department_code),
    p_description
  ))), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonces_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := annonce_search_text(NEW.vehicle_type_id, NEW.brand_id, NEW.model_id,
    NEW.model_finish_id, NEW.color, NEW.theft_city, NEW.theft_department_code, NEW.description);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER annonces_search_text_trigger
  BEFORE INSERT OR UPDATE OF vehicle_type_id, brand_id, model_id, model_finish_id, color,
    theft_city, theft_department_code, description
  ON annonces FOR EACH ROW EXECUTE FUNCTION annonces_set_search_text();
--> statement-breakpoint
-- A renamed catalogue item (an admin's correction) is found under its new name.
CREATE OR REPLACE FUNCTION annonces_refresh_search_text_for_catalog() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'brands' THEN
    UPDATE annonces SET search_text = annonce_search_text(vehicle_type_id, brand_id, model_id,
      model_finish_id, color, theft_city, theft_department_code, description) WHERE brand_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'models' THEN
    UPDATE annonces SET search_text = annonce_search_text(vehicle_type_id, brand_id, model_id,
      model_finish_id, color, theft_city, theft_department_code, description) WHERE model_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'model_finishes' THEN
    UPDATE annonces SET search_text = annonce_search_text(vehicle_type_id, brand_id, model_id,
      model_finish_id, color, theft_city, theft_department_code, description)
      WHERE model_finish_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER brands_rename_search_text_trigger AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION annonces_refresh_search_text_for_catalog();
--> statement-breakpoint
CREATE TRIGGER models_rename_search_text_trigger AFTER UPDATE OF name ON models
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION annonces_refresh_search_text_for_catalog();
--> statement-breakpoint
CREATE TRIGGER model_finishes_rename_search_text_trigger AFTER UPDATE OF name ON model_finishes
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION annonces_refresh_search_text_for_catalog();
--> statement-breakpoint
UPDATE annonces SET search_text = annonce_search_text(vehicle_type_id, brand_id, model_id,
  model_finish_id, color, theft_city, theft_department_code, description);
--> statement-breakpoint
-- Only VALIDATED announcements are ever searched: partial indexes stay a fraction of the table.
CREATE INDEX "annonces_validated_search_text_idx" ON "annonces"
  USING gin (to_tsvector('simple', coalesce(search_text, ''))) WHERE status = 'VALIDATED';
--> statement-breakpoint
-- Radius filters (earth_box) and proximity order (KNN <->) on the theft position.
CREATE INDEX "annonces_validated_position_idx" ON "annonces"
  USING gist (ll_to_earth(theft_latitude, theft_longitude)) WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_recent_idx" ON "annonces" (validated_at, id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_views_idx" ON "annonces" (nb_views, id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_reward_idx" ON "annonces" (additional_reward_level, validated_at, id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_top_idx" ON "annonces"
  (additional_reward_level, nb_views, validated_at, id) WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_boost_idx" ON "annonces" (boost_end_date)
  WHERE status = 'VALIDATED' AND boost_end_date IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "annonces_validated_type_recent_idx" ON "annonces" (vehicle_type_id, validated_at, id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_brand_recent_idx" ON "annonces" (brand_id, validated_at, id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
CREATE INDEX "annonces_validated_model_idx" ON "annonces" (model_id, model_finish_id)
  WHERE status = 'VALIDATED';
--> statement-breakpoint
-- New announcements near a user (NEW_NEAR_VEHICLES): users by last known position.
CREATE INDEX "users_last_position_idx" ON "users"
  USING gist (ll_to_earth(last_latitude, last_longitude)) WHERE last_latitude IS NOT NULL;
