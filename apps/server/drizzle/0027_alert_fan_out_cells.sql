-- The alert fan-out's recipients in under 100 ms for Paris (issue 20, bench/results/notifications-*.md).
--
-- 1. A saved search's text words the fan-out can test in SQL, computed once when the search is
--    written instead of a regexp_split per candidate at every validation.
ALTER TABLE "saved_searches" ADD COLUMN "research_words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Carried by each key too (with the index below), so that a search the text rules out is dropped
-- from the index alone, its row never read.
ALTER TABLE "saved_search_keys" ADD COLUMN "words" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE INDEX "saved_search_keys_lookup_idx" ON "saved_search_keys" USING btree ("key") INCLUDE ("saved_search_id", "words");
--> statement-breakpoint
-- 2. Each user position's square of 0.02°, numbered as alert-fan-out.ts's positionCell does; the
--    index carries what the fan-out reads, so "everyone within 20 km" is an index-only scan of the
--    squares the disc reaches (those wholly inside it need no distance test).
ALTER TABLE "user_positions" ADD COLUMN "cell" integer GENERATED ALWAYS AS ((floor(latitude * 50)::integer + 4500) * 20000 + floor(longitude * 50)::integer + 9000) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "user_positions_cell_idx" ON "user_positions" USING btree ("cell") INCLUDE ("user_id", "latitude", "longitude") WHERE reachable;
--> statement-breakpoint
-- The words of a search's text that are words of the search rule as they are once lower-cased and
-- stripped of the accents French uses (NFD without marks gives the same letters for these): made
-- of a-z and 0-9 only, between spaces or punctuation. Any other word (another script, a decomposed
-- accent) is left to the rule in memory: a word kept here is always one the rule requires.
CREATE FUNCTION saved_search_plain_words(research_text text) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT word), '{}')
  FROM regexp_split_to_table(
         translate(lower(coalesce(research_text, '')),
                   'àâäáãåéèêëíìîïóòôöõúùûüýÿçñ', 'aaaaaaeeeeiiiiooooouuuuyycn'),
         '[[:space:][:punct:]]+') word
  WHERE word ~ '^[a-z0-9]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION set_saved_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.research_words := saved_search_plain_words(NEW.research_text);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER saved_searches_set_words BEFORE INSERT OR UPDATE ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION set_saved_search_words();
--> statement-breakpoint
-- The 0.5° squares (as 'floor(latitude × 2):floor(longitude × 2)') a disc of `radius_km` around a
-- place reaches, with a margin (2 % and 1 km, 111 km a degree of latitude, the longitude's degrees
-- widened at the disc's edge nearest a pole); null when it reaches more than 64 squares, a pole or
-- the antimeridian: such a search stays under its keys alone.
CREATE FUNCTION saved_search_cells(latitude float8, longitude float8, radius_km float8)
RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN latitude IS NULL OR longitude IS NULL THEN NULL
    WHEN abs(latitude) + box.dlat >= 80 OR abs(longitude) + box.dlat * 6 >= 180 THEN NULL
    ELSE (SELECT CASE WHEN count(*) > 64 THEN NULL ELSE array_agg(la || ':' || lo) END
          FROM generate_series(floor((latitude - box.dlat) * 2)::integer,
                               floor((latitude + box.dlat) * 2)::integer) la,
               generate_series(floor((longitude - box.dlng) * 2)::integer,
                               floor((longitude + box.dlng) * 2)::integer) lo)
  END
  FROM (SELECT d AS dlat, d / cos(radians(least(abs(latitude) + d, 80))) AS dlng
        FROM (SELECT (coalesce(radius_km, 1) * 1.02 + 1) / 111.0 AS d) r) box
$$;
--> statement-breakpoint
-- Migration 0019's keys, each once per square the search's disc reaches (at most 256 rows a
-- search, else the keys alone); the first plain word is now one of research_words. In PL/pgSQL:
-- as a SQL function calling SQL functions it planned them again for every search (2 ms each).
CREATE OR REPLACE FUNCTION saved_search_key_list(s saved_searches) RETURNS text[]
LANGUAGE plpgsql STABLE AS $$
DECLARE
  words text[] := saved_search_plain_words(s.research_text);
  cells text[] := saved_search_cells(s.latitude, s.longitude, s.location_radius);
  keys text[];
BEGIN
  keys := CASE
    WHEN cardinality(s.model_ids) > 0 THEN ARRAY(SELECT 'm:' || id FROM unnest(s.model_ids) id)
    WHEN cardinality(s.brand_ids) > 0 THEN ARRAY(SELECT 'b:' || id FROM unnest(s.brand_ids) id)
    WHEN cardinality(words) > 0 THEN ARRAY['w:' || words[1]]
    WHEN cardinality(s.vehicle_type_ids) > 0
      THEN ARRAY(SELECT 't:' || id FROM unnest(s.vehicle_type_ids) id)
    ELSE ARRAY['any']
  END;
  IF cells IS NULL OR cardinality(cells) * cardinality(keys) > 256 THEN
    RETURN keys;
  END IF;
  RETURN ARRAY(SELECT key || '@' || cell FROM unnest(keys) key, unnest(cells) cell);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_saved_search_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM saved_search_keys WHERE saved_search_id = NEW.id;
  INSERT INTO saved_search_keys (key, saved_search_id, words)
  SELECT DISTINCT k, NEW.id, NEW.research_words FROM unnest(saved_search_key_list(NEW)) k;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Existing searches: their words, then every key filed again in one statement (the keys' trigger
-- would refile them one search at a time).
ALTER TABLE saved_searches DISABLE TRIGGER saved_searches_sync_keys;
--> statement-breakpoint
UPDATE saved_searches SET research_words = saved_search_plain_words(research_text);
--> statement-breakpoint
ALTER TABLE saved_searches ENABLE TRIGGER saved_searches_sync_keys;
--> statement-breakpoint
DELETE FROM saved_search_keys;
--> statement-breakpoint
INSERT INTO saved_search_keys (key, saved_search_id, words)
SELECT DISTINCT k, s.id, s.research_words FROM saved_searches s, unnest(saved_search_key_list(s)) k;
