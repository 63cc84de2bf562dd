-- Discovery at national scale (issue 7): the full-text vector also carries one token per filter
-- value (type, brand, model, finish, colour, energy) and the theft position's cell in four grids, so
-- that one GIN scan intersects the words, the filters and the area of a radius search, and counting
-- the matches of a search never walks every announcement of a region (bench/results/discovery-*.md).
-- Tokens contain ':' which the typed words (letters and digits only) never do: no word finds them.
-- Grid steps in degrees: 0.05, 0.2, 0.5, 2 (DISCOVERY_GRID_STEPS in search.repository.ts).
CREATE OR REPLACE FUNCTION annonce_search_tokens(
  p_vehicle_type_id integer, p_brand_id integer, p_model_id integer, p_model_finish_id integer,
  p_color text, p_energy text, p_latitude double precision, p_longitude double precision
) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT array_to_tsvector(array_remove(ARRAY[
    'type:' || p_vehicle_type_id,
    'brand:' || p_brand_id,
    'model:' || p_model_id,
    'finish:' || p_model_finish_id,
    'color:' || p_color,
    'energy:' || p_energy,
    'cell0:' || floor(p_latitude / 0.05)::int || ':' || floor(p_longitude / 0.05)::int,
    'cell1:' || floor(p_latitude / 0.2)::int || ':' || floor(p_longitude / 0.2)::int,
    'cell2:' || floor(p_latitude / 0.5)::int || ':' || floor(p_longitude / 0.5)::int,
    'cell3:' || floor(p_latitude / 2)::int || ':' || floor(p_longitude / 2)::int
  ], NULL))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION annonces_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := annonce_search_text(NEW.vehicle_type_id, NEW.brand_id, NEW.model_id,
    NEW.model_finish_id, NEW.color, NEW.theft_city, NEW.theft_department_code, NEW.description);
  NEW.search_vector := to_tsvector('simple', coalesce(NEW.search_text, ''))
    || annonce_search_tokens(NEW.vehicle_type_id, NEW.brand_id, NEW.model_id, NEW.model_finish_id,
      NEW.color, NEW.energy, NEW.theft_latitude, NEW.theft_longitude);
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS annonces_search_text_trigger ON annonces;
--> statement-breakpoint
CREATE TRIGGER annonces_search_text_trigger
  BEFORE INSERT OR UPDATE OF vehicle_type_id, brand_id, model_id, model_finish_id, color, energy,
    theft_city, theft_department_code, theft_latitude, theft_longitude, description
  ON annonces FOR EACH ROW EXECUTE FUNCTION annonces_set_search_text();
--> statement-breakpoint
DROP INDEX IF EXISTS "annonces_validated_search_vector_idx";
--> statement-breakpoint
UPDATE annonces SET search_vector = to_tsvector('simple', coalesce(search_text, ''))
  || annonce_search_tokens(vehicle_type_id, brand_id, model_id, model_finish_id, color, energy,
    theft_latitude, theft_longitude);
--> statement-breakpoint
CREATE INDEX "annonces_validated_search_vector_idx" ON "annonces" USING gin (search_vector)
  WHERE status = 'VALIDATED';
