-- The player upkeep's presence queue (throughput): the trigger of 057 queued every new
-- tracking_day_players row, one per (game, event, day, player), and the upkeep reduced them to
-- (game, day, player) player_active_days rows. One statement's new rows now go in as that reduction
-- (a hash aggregate over at most one statement's rows): up to one entry per player-day instead of one
-- per event name, so the upkeep reads, sorts and probes player_active_days fewer times. Same rows result.
CREATE OR REPLACE FUNCTION player_active_days_from_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_upkeep_pending (games, days, players)
    SELECT array_agg(game), array_agg(day), array_agg(distinct_id)
    FROM (SELECT DISTINCT game, day, distinct_id FROM new_presence) p HAVING count(*) > 0;
  RETURN NULL;
END;
$$;

-- A player's active days by player: the cohort triggers (046/057) join the new days' players with their
-- other active days (retention of a new or moved cohort: days after the cohort day, ≤ 30), which the key
-- (day, game, distinct_id) cannot serve, so each such statement hashed all of player_active_days.
CREATE INDEX player_active_days_player_idx ON player_active_days (game, distinct_id, day);
