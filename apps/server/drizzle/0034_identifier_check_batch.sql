-- Several identifier checks in one call and one transaction (issue 20). Under load the server sends
-- the checks that wait for a connection together (fast-check-batcher.ts). Measured with pgbench on
-- the national set (bench/results/matches-2026-12-03-notes.md, session 37): a check alone in its
-- call cost 700-840 µs of machine CPU, one of eight in a call 280-350 µs; what a call costs besides
-- its checks (the round trip, the transaction's start and commit, waking the WAL writer) was more
-- than half of it on a two-core machine.
--
-- Each check is identifier_check() itself, with the same rules and the same answers; the arrays
-- hold one element per check, except p_rate_since, which holds each check's windows one after the
-- other (as many as p_rate_max has). The watchers' rows are locked in the order of their ids, so two
-- calls that lock the same watchers never wait for each other in a circle; a watcher's checks keep
-- their order, and each one counts the checks before it (a new snapshot per statement). Any error
-- undoes the whole call: the server then runs its checks one by one.
CREATE OR REPLACE FUNCTION identifier_check_batch(
  p_user_ids integer[],
  p_identity_statuses text[],
  p_rate_since timestamptz[],
  p_rate_max integer[],
  p_types text[],
  p_identifiers text[],
  p_keys text[],
  p_prefixes text[],
  p_walk_since timestamptz[],
  p_walk_per_account integer,
  p_walk_everyone integer,
  p_days text[],
  p_check_points integer,
  p_checks_counted_per_day integer,
  p_points_per_level integer,
  p_super_watcher_level integer,
  p_notice_since timestamptz[],
  p_latitudes double precision[],
  p_longitudes double precision[],
  p_is_ocr boolean[],
  p_is_vocal_command boolean[],
  p_is_text boolean[],
  p_now timestamptz[]
)
-- item: the check's place in the arrays, from 1.
RETURNS TABLE (item integer, outcome text, hit_id integer, close_id integer, lampions_gained integer)
LANGUAGE plpgsql
AS $$
DECLARE
  v_windows integer := coalesce(array_length(p_rate_max, 1), 0);
  v_item integer;
BEGIN
  FOR v_item IN
    SELECT u.ord FROM unnest(p_user_ids) WITH ORDINALITY AS u(id, ord) ORDER BY u.id, u.ord
  LOOP
    RETURN QUERY SELECT v_item, c.outcome, c.hit_id, c.close_id, c.lampions_gained
      FROM identifier_check(p_user_ids[v_item], p_identity_statuses,
        p_rate_since[(v_item - 1) * v_windows + 1 : v_item * v_windows], p_rate_max,
        p_types[v_item], p_identifiers[v_item], p_keys[v_item], p_prefixes[v_item],
        p_walk_since[v_item], p_walk_per_account, p_walk_everyone, p_days[v_item],
        p_check_points, p_checks_counted_per_day, p_points_per_level, p_super_watcher_level,
        p_notice_since[v_item], p_latitudes[v_item], p_longitudes[v_item], p_is_ocr[v_item],
        p_is_vocal_command[v_item], p_is_text[v_item], p_now[v_item]) c;
  END LOOP;
END;
$$;
