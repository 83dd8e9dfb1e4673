-- Players: registrations and retention cohorts, kept at ingestion so the retention
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
-- migration 044, orders directly): new days of a player with a cohort are counted against its cohort
-- day; a player whose new day lies before its cohort day (late events) then moves: its counts are taken
-- off the old day and made again at the new one; new players are inserted and counted set-based from
-- all their active days (so refilling the table after a rebuild stays one pass). A register event with a
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
  gs integer[];
  ps varchar[];
  ds date[];
  cday date;
BEGIN
  -- 1. Players with a cohort: lock them (key order), count every new day against the cohort day as it is.
  PERFORM 1 FROM player_cohorts c
    WHERE (c.game, c.distinct_id) IN (SELECT game, distinct_id FROM new_days)
    ORDER BY c.game, c.distinct_id FOR UPDATE;
  INSERT INTO retention_daily AS t (game, day, channel, n, retained)
    SELECT c.game, c.day, c.channel, (d.day - c.day)::smallint, count(*)::int
    FROM new_days d JOIN player_cohorts c ON c.game = d.game AND c.distinct_id = d.distinct_id
    WHERE d.day > c.day AND d.day <= c.day + 30
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained;
  -- 2. Of those, the ones whose new day is earlier than the cohort day move (all their counts, rare).
  FOR r IN
    SELECT n.game, n.distinct_id, n.day FROM (SELECT game, distinct_id, min(day) AS day FROM new_days GROUP BY 1, 2) n
    JOIN player_cohorts c ON c.game = n.game AND c.distinct_id = n.distinct_id
    WHERE n.day < c.day ORDER BY 1, 2
  LOOP
    PERFORM players_cohort_touch(r.game, r.distinct_id, r.day);
  END LOOP;
  -- 3. New players, set-based: the cohort, its size, and retention from all their active days. A player a
  --    concurrent transaction inserted first (ON CONFLICT skipped it) is returned for step 4.
  WITH n AS (
    SELECT game, distinct_id, min(day) AS day FROM new_days GROUP BY 1, 2
  ), m AS (
    SELECT n.* FROM n WHERE NOT EXISTS (SELECT 1 FROM player_cohorts c WHERE c.game = n.game AND c.distinct_id = n.distinct_id)
  ), ins AS (
    INSERT INTO player_cohorts (game, distinct_id, day, channel)
    SELECT m.game, m.distinct_id, m.day, COALESCE(g.channel, '') FROM m LEFT JOIN player_registrations g ON g.game = m.game AND g.distinct_id = m.distinct_id
    ORDER BY 1, 2
    ON CONFLICT DO NOTHING RETURNING game, distinct_id, day, channel
  ), cd AS (
    INSERT INTO cohort_daily AS t (game, day, channel, players)
    SELECT game, day, channel, count(*)::int FROM ins GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, day, channel) DO UPDATE SET players = t.players + excluded.players
  ), rd AS (
    INSERT INTO retention_daily AS t (game, day, channel, n, retained)
    SELECT i.game, i.day, i.channel, (a.day - i.day)::smallint, count(*)::int
    FROM ins i JOIN player_active_days a ON a.game = i.game AND a.distinct_id = i.distinct_id AND a.day > i.day AND a.day <= i.day + 30
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained
  )
  SELECT array_agg(m.game), array_agg(m.distinct_id), array_agg(m.day) INTO gs, ps, ds
    FROM m WHERE NOT EXISTS (SELECT 1 FROM ins WHERE ins.game = m.game AND ins.distinct_id = m.distinct_id);
  -- 4. Those: count the new days against the other transaction's cohort, then move it if ours are earlier.
  FOR i IN 1 .. COALESCE(array_length(gs, 1), 0) LOOP
    SELECT day INTO cday FROM player_cohorts WHERE game = gs[i] AND distinct_id = ps[i] FOR UPDATE;
    INSERT INTO retention_daily AS t (game, day, channel, n, retained)
      SELECT c.game, c.day, c.channel, (d.day - c.day)::smallint, count(*)::int
      FROM new_days d JOIN player_cohorts c ON c.game = d.game AND c.distinct_id = d.distinct_id
      WHERE d.game = gs[i] AND d.distinct_id = ps[i] AND d.day > c.day AND d.day <= c.day + 30
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained;
    IF ds[i] < cday THEN
      PERFORM players_cohort_touch(gs[i], ps[i], ds[i]);
    END IF;
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

-- Devices seen on register/login events (their device_id property): the latest model/OS, first and
-- last seen; and the accounts (game, player) on each. Written by the event ingestion's statement.
CREATE TABLE player_devices (
  id bigserial PRIMARY KEY,
  device_id varchar(128) NOT NULL UNIQUE,
  device_model varchar(128) NOT NULL DEFAULT '',
  os varchar(32) NOT NULL DEFAULT '',
  os_version varchar(32) NOT NULL DEFAULT '',
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  accounts integer NOT NULL DEFAULT 0
);
CREATE INDEX player_devices_last_seen_idx ON player_devices (last_seen DESC, id DESC);
CREATE INDEX player_devices_os_idx ON player_devices (os, last_seen DESC);

CREATE TABLE device_accounts (
  device_id varchar(128) NOT NULL,
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  PRIMARY KEY (device_id, game, distinct_id)
);
CREATE INDEX device_accounts_player_idx ON device_accounts (game, distinct_id);

-- A new account on a device counts on the device (statement trigger: one update per device).
CREATE FUNCTION players_device_accounts_counted() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE player_devices d SET accounts = d.accounts + n.c
    FROM (SELECT device_id, count(*)::int AS c FROM new_accounts GROUP BY 1 ORDER BY 1) n WHERE d.device_id = n.device_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER device_accounts_counted AFTER INSERT ON device_accounts
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION players_device_accounts_counted();

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
  TRUNCATE player_devices, device_accounts;
  INSERT INTO player_devices (device_id, device_model, os, os_version, first_seen, last_seen)
    SELECT DISTINCT ON (device_id) device_id, model, os, osv, min(time) OVER w, max(time) OVER w FROM (
      SELECT left(properties->>'device_id', 128) AS device_id, left(COALESCE(properties->>'device_model', ''), 128) AS model,
        left(COALESCE(properties->>'os', ''), 32) AS os, left(COALESCE(properties->>'os_version', ''), 32) AS osv, time
      FROM tracking_events WHERE event IN ('register', 'login') AND jsonb_typeof(properties->'device_id') = 'string' AND properties->>'device_id' <> ''
    ) e WINDOW w AS (PARTITION BY device_id) ORDER BY device_id, time DESC;
  INSERT INTO device_accounts (device_id, game, distinct_id, first_seen, last_seen)
    SELECT left(properties->>'device_id', 128), game, distinct_id, min(time), max(time)
    FROM tracking_events WHERE event IN ('register', 'login') AND jsonb_typeof(properties->'device_id') = 'string' AND properties->>'device_id' <> ''
    GROUP BY 1, 2, 3;
  INSERT INTO retention_daily (game, day, channel, n, retained)
    SELECT c.game, c.day, c.channel, (a.day - c.day)::smallint, count(*)
    FROM player_cohorts c JOIN player_active_days a ON a.game = c.game AND a.distinct_id = c.distinct_id AND a.day > c.day AND a.day <= c.day + 30
    GROUP BY 1, 2, 3, 4;
END;
$$;

-- Databases that already hold events and orders: their registrations and cohorts now.
SELECT players_rebuild_cohorts();
