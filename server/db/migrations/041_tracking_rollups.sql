-- Event tracking rollups: what trend screens read instead of raw events.
--
-- tracking_hourly: per game, event and UTC hour: events and exact unique players, plus the latest
-- event time (the tracking-app list's "last event"). tracking_daily: the same per calendar day in the
-- analytics time zone (server config ANALYTICS_TZ, fixed when the rows were written: changing it
-- needs tracking_rebuild_rollups). Unique players stay exact because each (bucket, player) pair is
-- recorded once in a presence table (tracking_hour_players, tracking_day_players): a batch adds to
-- `players` only the pairs it inserted there. The ingestion keeps all of them current in the same
-- statement (and so the same transaction) as the raw rows it stores.

CREATE TABLE tracking_hourly (
  game integer NOT NULL,
  event varchar(64) NOT NULL,
  hour timestamptz NOT NULL,
  events bigint NOT NULL,
  players integer NOT NULL,
  last_time timestamptz NOT NULL,
  PRIMARY KEY (game, event, hour)
);
CREATE INDEX tracking_hourly_event_idx ON tracking_hourly (event);

CREATE TABLE tracking_hour_players (
  game integer NOT NULL,
  event varchar(64) NOT NULL,
  hour timestamptz NOT NULL,
  distinct_id varchar(128) NOT NULL,
  PRIMARY KEY (game, event, hour, distinct_id)
);

CREATE TABLE tracking_daily (
  game integer NOT NULL,
  event varchar(64) NOT NULL,
  day date NOT NULL,
  events bigint NOT NULL,
  players integer NOT NULL,
  PRIMARY KEY (game, event, day)
);

CREATE TABLE tracking_day_players (
  game integer NOT NULL,
  event varchar(64) NOT NULL,
  day date NOT NULL,
  distinct_id varchar(128) NOT NULL,
  PRIMARY KEY (game, event, day, distinct_id)
);

-- The last 4 characters of the app's secret, for the masked display (the secret itself is sealed).
ALTER TABLE tracking_apps ADD COLUMN secret_last4 varchar(4) NOT NULL DEFAULT '';

-- Rebuilds every rollup from the raw events, days in time zone `tz` (bulk loads, a changed ANALYTICS_TZ).
CREATE FUNCTION tracking_rebuild_rollups(tz text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE tracking_hourly, tracking_hour_players, tracking_daily, tracking_day_players;
  INSERT INTO tracking_hour_players (game, event, hour, distinct_id)
    SELECT DISTINCT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', distinct_id FROM tracking_events;
  INSERT INTO tracking_day_players (game, event, day, distinct_id)
    SELECT DISTINCT game, event, (time AT TIME ZONE tz)::date, distinct_id FROM tracking_events;
  INSERT INTO tracking_hourly (game, event, hour, events, players, last_time)
    SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), count(DISTINCT distinct_id), max(time)
    FROM tracking_events GROUP BY 1, 2, 3;
  INSERT INTO tracking_daily (game, event, day, events, players)
    SELECT game, event, (time AT TIME ZONE tz)::date, count(*), count(DISTINCT distinct_id)
    FROM tracking_events GROUP BY 1, 2, 3;
END;
$$;
