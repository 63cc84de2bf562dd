-- Walking a masked identifier (issue 16): search shows "BB-111-**", and checking the 676 endings one
-- by one would recover the plate. getMatchResult counts, per visible prefix (the identifier without
-- its last two characters), the distinct identifiers checked without a hit in the last day, for the
-- caller and for everyone; this partial expression index makes both counts one index range.
CREATE INDEX IF NOT EXISTS "identifier_checks_walk_idx" ON "identifier_checks" ("identifier_type", left("identifier", -2), "created_at") WHERE "outcome" <> 'HIT';
