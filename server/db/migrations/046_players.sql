-- Players (issue 16, part B): registrations and retention cohorts, kept at ingestion so the retention
-- matrix and the reports read a few hundred rollup rows, never the events.
--
-- player_registrations: per game and player, the earliest `register` event (its time, channel and
--   device properties); written by the event ingestion's statement (domain/tracking/ingest.ts).
-- player_cohorts: per game and player, the cohort day = the first calendar day (ANALYTICS_TZ, as
--   player_active_days) with any tracked event or paid order, and the channel of the registration
--   ('' when the player sent no register event with a channel).
-- cohort_daily: players per (game, cohort day, channel).
-- retention_daily: players of (game, cohort day, channel) active on cohort day + n, n = 1..30
--   (a player is retained on day N if active on that calendar day).
--
-- Kept current by a statement trigger on player_active_days (events arrive there through the trigger of
-- migration 044, orders directly): a new player's cohort is counted from all its active days; a player
-- whose new day lies before its cohort day (late events) moves: its counts are taken off the old day
-- and made again at the new one; otherwise only the new days are counted. A register event with a
-- channel moves the player's counts to that channel (row trigger on player_registrations).
-- players_rebuild_cohorts() redoes everything from player_active_days and the raw register events
-- (bulk loads; after income_rebuild_rollups, which empties player_active_days: its TRUNCATE empties these).

CREATE TABLE player_registrations (
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  time timestamptz NOT NULL,
  channel varchar(128) NOT NULL DEFAULT '',
  device_id varchar(128) NOT NULL DEFAULT '',
  device_model varchar(128) NOT NULL DEFAULT '',
  os varchar(32) NOT NULL DEFAULT '',
  os_version varchar(32) NOT NULL DEFAULT '',
  PRIMARY KEY (game, distinct_id)
);

CREATE TABLE player_cohorts (
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  day date NOT NULL,
  channel varchar(128) NOT NULL,
  PRIMARY KEY (game, distinct_id)
);
CREATE INDEX player_cohorts_day_idx ON player_cohorts (game, day);

CREATE TABLE cohort_daily (
  game integer NOT NULL,
  day date NOT NULL,
  channel varchar(128) NOT NULL,
  players integer NOT NULL,
  PRIMARY KEY (game, day, channel)
);
CREATE INDEX cohort_daily_day_idx ON cohort_daily (day);

CREATE TABLE retention_daily (
  game integer NOT NULL,
  day date NOT NULL,
  channel varchar(128) NOT NULL,
  n smallint NOT NULL CHECK (n BETWEEN 1 AND 30),
  retained integer NOT NULL,
  PRIMARY KEY (game, day, channel, n)
);
CREATE INDEX retention_daily_day_idx ON retention_daily (day);

-- Adds (sign 1) or takes off (sign -1) one player's counts at a cohort day and channel, from its active days.
CREATE FUNCTION players_cohort_count(p_game integer, p_player varchar, p_day date, p_channel varchar, p_sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cohort_daily AS r (game, day, channel, players) VALUES (p_game, p_day, p_channel, p_sign)
    ON CONFLICT (game, day, channel) DO UPDATE SET players = r.players + excluded.players;
  INSERT INTO retention_daily AS r (game, day, channel, n, retained)
    SELECT p_game, p_day, p_channel, (a.day - p_day)::smallint, p_sign FROM player_active_days a
    WHERE a.day > p_day AND a.day <= p_day + 30 AND a.game = p_game AND a.distinct_id = p_player
    ORDER BY 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = r.retained + excluded.retained;
END;
$$;

-- The cohort of one player whose earliest new active day is p_day (the cohort row locked, or created).
CREATE FUNCTION players_cohort_touch(p_game integer, p_player varchar, p_day date) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  LOOP
    SELECT day, channel INTO c FROM player_cohorts WHERE game = p_game AND distinct_id = p_player FOR UPDATE;
    IF FOUND THEN
      EXIT;
    END IF;
    INSERT INTO player_cohorts (game, distinct_id, day, channel)
      VALUES (p_game, p_player, p_day, COALESCE((SELECT channel FROM player_registrations WHERE game = p_game AND distinct_id = p_player), ''))
      ON CONFLICT DO NOTHING RETURNING day, channel INTO c;
    IF FOUND THEN
      PERFORM players_cohort_count(p_game, p_player, c.day, c.channel, 1);
      RETURN;
    END IF;
  END LOOP;
  IF p_day < c.day THEN
    PERFORM players_cohort_count(p_game, p_player, c.day, c.channel, -1);
    UPDATE player_cohorts SET day = p_day WHERE game = p_game AND distinct_id = p_player;
    PERFORM players_cohort_count(p_game, p_player, p_day, c.channel, 1);
  END IF;
END;
$$;

CREATE FUNCTION players_cohorts_from_active() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  -- Players whose cohort exists and stays: lock the cohorts (in key order), count only the new days.
  PERFORM 1 FROM player_cohorts c
    WHERE (c.game, c.distinct_id) IN (SELECT game, distinct_id FROM new_days)
    ORDER BY c.game, c.distinct_id FOR UPDATE;
  INSERT INTO retention_daily AS t (game, day, channel, n, retained)
    SELECT c.game, c.day, c.channel, (d.day - c.day)::smallint, count(*)::int
    FROM new_days d JOIN player_cohorts c ON c.game = d.game AND c.distinct_id = d.distinct_id
    WHERE d.day > c.day AND d.day <= c.day + 30
      AND NOT EXISTS (SELECT 1 FROM new_days e WHERE e.game = d.game AND e.distinct_id = d.distinct_id AND e.day < c.day)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained;
  -- New players and players whose cohort moves earlier: one by one (rare after the first day).
  FOR r IN
    SELECT n.game, n.distinct_id, n.day FROM (SELECT game, distinct_id, min(day) AS day FROM new_days GROUP BY 1, 2) n
    LEFT JOIN player_cohorts c ON c.game = n.game AND c.distinct_id = n.distinct_id
    WHERE c.day IS NULL OR n.day < c.day
    ORDER BY 1, 2
  LOOP
    PERFORM players_cohort_touch(r.game, r.distinct_id, r.day);
  END LOOP;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_cohorts AFTER INSERT ON player_active_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION players_cohorts_from_active();

-- income_rebuild_rollups empties player_active_days and fills it again: the cohorts start over with it.
CREATE FUNCTION players_cohorts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE player_cohorts, cohort_daily, retention_daily;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_truncated AFTER TRUNCATE ON player_active_days
  FOR EACH STATEMENT EXECUTE FUNCTION players_cohorts_truncated();

-- A registration's channel (first or changed) moves an existing cohort's counts to it.
CREATE FUNCTION players_registration_channel() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  c record;
BEGIN
  SELECT day, channel INTO c FROM player_cohorts WHERE game = NEW.game AND distinct_id = NEW.distinct_id FOR UPDATE;
  IF FOUND AND c.channel <> NEW.channel THEN
    PERFORM players_cohort_count(NEW.game, NEW.distinct_id, c.day, c.channel, -1);
    UPDATE player_cohorts SET channel = NEW.channel WHERE game = NEW.game AND distinct_id = NEW.distinct_id;
    PERFORM players_cohort_count(NEW.game, NEW.distinct_id, c.day, NEW.channel, 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_registrations_channel AFTER INSERT OR UPDATE OF channel ON player_registrations
  FOR EACH ROW EXECUTE FUNCTION players_registration_channel();

-- Everything again from the register events and player_active_days (bulk loads).
CREATE FUNCTION players_rebuild_cohorts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  ALTER TABLE player_registrations DISABLE TRIGGER player_registrations_channel;
  TRUNCATE player_registrations, player_cohorts, cohort_daily, retention_daily;
  INSERT INTO player_registrations (game, distinct_id, time, channel, device_id, device_model, os, os_version)
    SELECT DISTINCT ON (game, distinct_id) game, distinct_id, time,
      left(COALESCE(properties->>'channel', ''), 128), left(COALESCE(properties->>'device_id', ''), 128),
      left(COALESCE(properties->>'device_model', ''), 128), left(COALESCE(properties->>'os', ''), 32), left(COALESCE(properties->>'os_version', ''), 32)
    FROM tracking_events WHERE event = 'register' ORDER BY game, distinct_id, time;
  ALTER TABLE player_registrations ENABLE TRIGGER player_registrations_channel;
  INSERT INTO player_cohorts (game, distinct_id, day, channel)
    SELECT a.game, a.distinct_id, min(a.day), COALESCE(min(r.channel), '')
    FROM player_active_days a LEFT JOIN player_registrations r ON r.game = a.game AND r.distinct_id = a.distinct_id
    GROUP BY 1, 2;
  INSERT INTO cohort_daily (game, day, channel, players) SELECT game, day, channel, count(*) FROM player_cohorts GROUP BY 1, 2, 3;
  INSERT INTO retention_daily (game, day, channel, n, retained)
    SELECT c.game, c.day, c.channel, (a.day - c.day)::smallint, count(*)
    FROM player_cohorts c JOIN player_active_days a ON a.game = c.game AND a.distinct_id = c.distinct_id AND a.day > c.day AND a.day <= c.day + 30
    GROUP BY 1, 2, 3, 4;
END;
$$;

-- Databases that already hold events and orders: their registrations and cohorts now.
SELECT players_rebuild_cohorts();
