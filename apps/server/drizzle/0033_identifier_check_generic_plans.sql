-- The identifier check (migrations 0026, 0030) on this machine's national set, its statements timed one
-- by one (pg_stat_statements, track = all and track_planning): the masked-prefix count was planned
-- again on every call, 0.10 ms of planning for 0.03 ms of work, a seventh of the function. PL/pgSQL
-- keeps a generic plan only when its estimated cost is near the custom plans', and the estimate for
-- `left(identifier, -2) = $prefix` without its value is a few thousand rows where the real answer is
-- a handful; the generic plan is the same index scan. Every statement of the function now keeps its
-- generic plan (the others already did). And a check past the daily cap writes no ledger row: it
-- earns nothing, its attempt row says so (lampions_gained 0), and that second insert was a tenth of
-- the function for most of an active watcher's checks (issue 20,
-- bench/results/matches-2026-12-03-notes.md).
CREATE OR REPLACE FUNCTION identifier_check(
  p_user_id integer,
  p_identity_statuses text[],
  p_rate_since timestamptz[],
  p_rate_max integer[],
  p_type text,
  p_identifier text,
  p_key text,
  p_prefix text,
  p_walk_since timestamptz,
  p_walk_per_account integer,
  p_walk_everyone integer,
  p_day text,
  p_check_points integer,
  p_checks_counted_per_day integer,
  p_points_per_level integer,
  p_super_watcher_level integer,
  p_notice_since timestamptz,
  p_latitude double precision,
  p_longitude double precision,
  p_is_ocr boolean,
  p_is_vocal_command boolean,
  p_is_text boolean,
  p_now timestamptz
)
-- outcome: NO_USER, IDENTITY, TOO_MANY, WALK_ACCOUNT, WALK_EVERYONE, OWN, SLOW or DONE.
RETURNS TABLE (outcome text, hit_id integer, close_id integer, lampions_gained integer)
LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  v_identity text;
  v_roles text[];
  v_window integer;
  v_walk_mine integer;
  v_walk_everyone integer;
  v_candidate record;
  v_hit integer;
  v_first_other integer;
  v_own boolean := false;
  v_found integer;
  v_total bigint;
  v_counted integer;
  v_points integer;
BEGIN
  -- An attempt lost in a crash in the last milliseconds is harmless; waiting for the disk on every
  -- check is not.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- Locked: concurrent checks of one watcher are counted one after the other.
  SELECT u.identity_status, u.roles INTO v_identity, v_roles FROM users u
    WHERE u.id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'NO_USER', NULL::integer, NULL::integer, 0;
    RETURN;
  END IF;
  IF NOT (v_identity = ANY (p_identity_statuses)) THEN
    RETURN QUERY SELECT 'IDENTITY', NULL::integer, NULL::integer, 0;
    RETURN;
  END IF;
  FOR v_window IN 1 .. coalesce(array_length(p_rate_since, 1), 0) LOOP
    IF (SELECT count(*) FROM identifier_checks c
        WHERE c.user_id = p_user_id AND c.created_at > p_rate_since[v_window]) >= p_rate_max[v_window]
    THEN
      RETURN QUERY SELECT 'TOO_MANY', NULL::integer, NULL::integer, 0;
      RETURN;
    END IF;
  END LOOP;
  -- Refused before the lookup, so a refusal says nothing about this identifier
  -- (identifier_checks_walk_idx).
  IF p_prefix IS NOT NULL THEN
    SELECT count(DISTINCT c.identifier) FILTER (WHERE c.user_id = p_user_id),
        count(DISTINCT c.identifier)
      INTO v_walk_mine, v_walk_everyone
      FROM identifier_checks c
      WHERE c.identifier_type = p_type AND left(c.identifier, -2) = p_prefix
        AND c.outcome <> 'HIT' AND c.created_at > p_walk_since AND c.identifier <> p_identifier;
    IF v_walk_mine >= p_walk_per_account THEN
      RETURN QUERY SELECT 'WALK_ACCOUNT', NULL::integer, NULL::integer, 0;
      RETURN;
    END IF;
    IF v_walk_everyone >= p_walk_everyone AND v_walk_mine > 0 THEN
      RETURN QUERY SELECT 'WALK_EVERYONE', NULL::integer, NULL::integer, 0;
      RETURN;
    END IF;
  END IF;

  FOR v_candidate IN SELECT * FROM identifier_candidates(p_type, p_identifier, p_key) LOOP
    IF v_candidate.owner_id = p_user_id THEN
      v_own := v_own OR v_candidate.exact;
    ELSE
      IF v_candidate.exact AND v_hit IS NULL THEN
        v_hit := v_candidate.id;
      END IF;
      IF v_first_other IS NULL THEN
        v_first_other := v_candidate.id;
      END IF;
    END IF;
  END LOOP;
  IF v_hit IS NULL AND v_own THEN
    RETURN QUERY SELECT 'OWN', NULL::integer, NULL::integer, 0;
    RETURN;
  END IF;
  v_found := coalesce(v_hit, v_first_other);

  -- The owner's notice is due (none this hour): the application sends it.
  IF v_found IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM annonce_sighting_notices n
    WHERE n.annonce_id = v_found AND n.notified_at > p_notice_since
  ) THEN
    RETURN QUERY SELECT 'SLOW', NULL::integer, NULL::integer, 0;
    RETURN;
  END IF;

  SELECT coalesce(sum(e.points), 0) INTO v_total FROM lampion_events e
    WHERE e.user_id = p_user_id AND e.points <> 0;
  SELECT count(*) INTO v_counted FROM lampion_events e
    WHERE e.user_id = p_user_id AND e.kind = 'IDENTIFIER_CHECK' AND e.day = p_day AND e.points > 0;
  v_points := CASE WHEN v_counted >= p_checks_counted_per_day THEN 0 ELSE p_check_points END;
  -- A new level (its notification) or the super-watcher role: the application grants them.
  IF greatest(0, v_total + v_points) / p_points_per_level > greatest(0, v_total) / p_points_per_level
    OR (greatest(0, v_total + v_points) / p_points_per_level + 1 >= p_super_watcher_level
      AND 'ROLE_INDIVIDUAL_CONFIRMED' = ANY (v_roles)
      AND NOT ('ROLE_INDIVIDUAL_SUPER_WATCHER' = ANY (v_roles)))
  THEN
    RETURN QUERY SELECT 'SLOW', NULL::integer, NULL::integer, 0;
    RETURN;
  END IF;

  -- Past the daily cap the check earns nothing: no ledger row, its attempt row says 0.
  IF v_points <> 0 THEN
    INSERT INTO lampion_events (user_id, kind, points, object_type, object_id, day, created_at)
      VALUES (p_user_id, 'IDENTIFIER_CHECK', v_points,
        CASE WHEN v_found IS NULL THEN NULL ELSE 'Annonce' END, v_found, p_day, p_now);
  END IF;
  INSERT INTO identifier_checks (user_id, identifier_type, identifier, annonce_id, outcome,
      latitude, longitude, is_ocr, is_vocal_command, is_text, lampions_gained, created_at)
    VALUES (p_user_id, p_type, p_identifier, v_found,
      CASE WHEN v_hit IS NOT NULL THEN 'HIT' WHEN v_found IS NOT NULL THEN 'CLOSE' ELSE 'MISS' END,
      p_latitude, p_longitude, p_is_ocr, p_is_vocal_command, p_is_text, v_points, p_now);
  RETURN QUERY SELECT 'DONE', v_hit, CASE WHEN v_hit IS NULL THEN v_found END, v_points;
END;
$$;
