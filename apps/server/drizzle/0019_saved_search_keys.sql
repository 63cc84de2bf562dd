CREATE TABLE "saved_search_keys" (
	"key" text NOT NULL,
	"saved_search_id" integer NOT NULL,
	CONSTRAINT "saved_search_keys_key_saved_search_id_pk" PRIMARY KEY("key","saved_search_id")
);
--> statement-breakpoint
ALTER TABLE "saved_search_keys" ADD CONSTRAINT "saved_search_keys_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_keys_search_idx" ON "saved_search_keys" USING btree ("saved_search_id");--> statement-breakpoint
-- The one key every announcement a saved search matches must carry: its models, else its brands,
-- else the first plain (a-z, 0-9) word of its text (such a word is a word of the search rule as it
-- is), else its vehicle types, else 'any'.
CREATE FUNCTION saved_search_key_list(s saved_searches) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN cardinality(s.model_ids) > 0 THEN ARRAY(SELECT 'm:' || id FROM unnest(s.model_ids) id)
    WHEN cardinality(s.brand_ids) > 0 THEN ARRAY(SELECT 'b:' || id FROM unnest(s.brand_ids) id)
    WHEN w.word IS NOT NULL THEN ARRAY['w:' || w.word]
    WHEN cardinality(s.vehicle_type_ids) > 0
      THEN ARRAY(SELECT 't:' || id FROM unnest(s.vehicle_type_ids) id)
    ELSE ARRAY['any']
  END
  FROM (SELECT (SELECT word
                FROM regexp_split_to_table(lower(coalesce(s.research_text, '')),
                                           '[[:space:][:punct:]]+') word
                WHERE word ~ '^[a-z0-9]+$' LIMIT 1) AS word) w
$$;
--> statement-breakpoint
CREATE FUNCTION sync_saved_search_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM saved_search_keys WHERE saved_search_id = NEW.id;
  INSERT INTO saved_search_keys (key, saved_search_id)
  SELECT DISTINCT k, NEW.id FROM unnest(saved_search_key_list(NEW)) k;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER saved_searches_sync_keys AFTER INSERT OR UPDATE ON saved_searches
  FOR EACH ROW EXECUTE FUNCTION sync_saved_search_keys();
--> statement-breakpoint
INSERT INTO saved_search_keys (key, saved_search_id)
SELECT DISTINCT k, s.id FROM saved_searches s, unnest(saved_search_key_list(s)) k;
