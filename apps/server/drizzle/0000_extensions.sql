-- Extensions DESIGN.md relies on: fuzzy search (pg_trgm), accent-insensitive search (unaccent),
-- distance queries (cube + earthdistance). PGlite loads them as contrib; PostgreSQL ships them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;
