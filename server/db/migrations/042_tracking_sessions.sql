-- Session analysis: the sessions of each calendar day, kept once computed from the raw
-- events (server/domain/tracking/sessions.ts), so a range of days reads a few hundred thousand
-- sessions instead of millions of events.
--
-- A day's sessions depend only on the events from 30 minutes before the day to 6 hours after it (see
-- the definition). `fingerprint` is the number of events in that window when the day was computed:
-- events are only ever added (or whole partitions dropped), so a different count means the day must be
-- computed again; the same count means nothing in that window changed. Days are per analytics time
-- zone (`tz`), so changing ANALYTICS_TZ never mixes two zones' days.

CREATE TABLE tracking_session_days (
  tz varchar(64) NOT NULL,
  day date NOT NULL,
  fingerprint bigint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tz, day)
);

CREATE TABLE tracking_sessions (
  tz varchar(64) NOT NULL,
  day date NOT NULL,
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  start_time timestamptz NOT NULL,
  seconds double precision NOT NULL,
  events integer NOT NULL
);
CREATE INDEX tracking_sessions_day_idx ON tracking_sessions (tz, day, game);

-- Funnels read, per step, one game's events of one name in a range and need only the player and the
-- time: with the player in the index those scans never visit the table (index-only). It replaces the
-- index of 040 with the same leading columns (trends and filters keep using it), so ingestion still
-- maintains the same number of indexes.
DROP INDEX tracking_events_game_event_idx;
CREATE INDEX tracking_events_game_event_idx ON tracking_events (game, event, time) INCLUDE (distinct_id);
