-- Event tracking: a cheaper ingestion statement (ingestion ≥ 20,000 events/s on PGlite).
--
-- Measured on PGlite (server/domain/tracking/ingest.ts's statement alone, 4,000-row merges, paired
-- runs; docs/tracking.md): the whole statement ~58 µs CPU per event, of which the index
-- tracking_events (game, distinct_id, time) ~10 µs and the hourly presence (tracking_hour_players and
-- its share of the hourly upsert) ~15 µs.
--
-- * tracking_events_game_player_idx: nothing reads it (funnels read (game, event, time) INCLUDE
--   (distinct_id), sessions the primary key's time ranges, trends the rollups).
-- * tracking_hour_players and tracking_hourly.players: exact unique players per hour are counted from
--   the raw events instead (by-hour trends are at most 31 days; an index-only scan of
--   tracking_events_game_event_idx, which holds the player). Daily presence stays: it serves days,
--   weeks and whole ranges.
DROP INDEX tracking_events_game_player_idx;
DROP TABLE tracking_hour_players;
ALTER TABLE tracking_hourly DROP COLUMN players;

CREATE OR REPLACE FUNCTION tracking_rebuild_rollups(tz text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE tracking_hourly, tracking_daily, tracking_day_players;
  INSERT INTO tracking_day_players (game, event, day, distinct_id)
    SELECT DISTINCT game, event, (time AT TIME ZONE tz)::date, distinct_id FROM tracking_events;
  INSERT INTO tracking_hourly (game, event, hour, events, last_time)
    SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time)
    FROM tracking_events GROUP BY 1, 2, 3;
  INSERT INTO tracking_daily (game, event, day, events, players)
    SELECT game, event, (time AT TIME ZONE tz)::date, count(*), count(DISTINCT distinct_id)
    FROM tracking_events GROUP BY 1, 2, 3;
END;
$$;

-- Session analysis counts each day's events from the hourly rollup (sessions.ts: the fingerprint of a
-- kept day), over a range of hours of every game and event.
CREATE INDEX tracking_hourly_hour_idx ON tracking_hourly (hour);
-- The kept sessions were fingerprinted by raw counts before: computed again (in the background).
TRUNCATE tracking_session_days, tracking_sessions;
