-- The full-text vector stored with the row: a walk along a sort index checks the words of each
-- visited announcement, and recomputing to_tsvector there cost ~40 µs a row (bench/results).
ALTER TABLE "annonces" ADD COLUMN IF NOT EXISTS "search_vector" tsvector;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonces_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := annonce_search_text(NEW.vehicle_type_id, NEW.brand_id, NEW.model_id,
    NEW.model_finish_id, NEW.color, NEW.theft_city, NEW.theft_department_code, NEW.description);
  NEW.search_vector := to_tsvector('simple', coalesce(NEW.search_text, ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonces_refresh_search_text_for_catalog() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Touching brand_id (to itself) fires annonces_search_text_trigger, which rebuilds both columns.
  IF TG_TABLE_NAME = 'brands' THEN
    UPDATE annonces SET brand_id = brand_id WHERE brand_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'models' THEN
    UPDATE annonces SET model_id = model_id WHERE model_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'model_finishes' THEN
    UPDATE annonces SET model_finish_id = model_finish_id WHERE model_finish_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE annonces SET search_vector = to_tsvector('simple', coalesce(search_text, ''));
--> statement-breakpoint
DROP INDEX IF EXISTS "annonces_validated_search_text_idx";
--> statement-breakpoint
CREATE INDEX "annonces_validated_search_vector_idx" ON "annonces" USING gin (search_vector)
  WHERE status = 'VALIDATED';
