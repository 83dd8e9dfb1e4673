-- Player upkeep off the ingestion statement (throughput; docs/players.md "Upkeep").
--
-- Until now the one statement that stores a batch of events (domain/tracking/ingest.ts) also kept the
-- players: registrations, devices and their accounts (CTEs of the statement), and, through the trigger
-- of migration 044 on tracking_day_players, player_active_days with its triggers of 046 (cohorts,
-- retention) and 049 (accounts). That is most of the statement's cost on the embedded database.
--
-- Now the statement only records what the upkeep needs, as one row of player_upkeep_pending per
-- statement (arrays; no index but the key): the register/login events it stored (game, player, event,
-- time, properties), and, through the trigger of 044 (replaced below), the new presence rows
-- (game, day, player). players_upkeep(n) takes up to n pending rows in key order and derives
-- registrations, devices, device accounts and player_active_days (whose triggers keep the cohorts,
-- retention and accounts as before) from them, then deletes them: one statement, so a crash (kill -9)
-- mid-way leaves the rows pending and the next run does all of it again; nothing is counted twice
-- because each step is an upsert whose counting part counts only rows it inserts (the same rules the
-- ingestion applied), so even running the same pending row twice would change nothing.
-- Serialised by a transaction advisory lock (several server instances may run it; one works, the
-- others answer -1 "busy" and come back later).

CREATE TABLE player_upkeep_pending (
  id bigserial PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now(),
  -- New presence (tracking_day_players rows; one per event name, deduplicated by the upkeep).
  games integer[],
  days date[],
  players text[],
  -- register events, and login events with a device_id property.
  e_games integer[],
  e_players text[],
  e_events text[],
  e_times timestamptz[],
  e_props jsonb[]
);

-- The presence trigger of 044 queues instead of inserting player_active_days at once. Bulk rebuilds
-- of tracking_day_players (tracking_rebuild_rollups*, which re-add days player_active_days already
-- holds) queue the same way; the upkeep's insert does nothing for days already there.
CREATE OR REPLACE FUNCTION player_active_days_from_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_upkeep_pending (games, days, players)
    SELECT array_agg(game), array_agg(day), array_agg(distinct_id) FROM new_presence HAVING count(*) > 0;
  RETURN NULL;
END;
$$;

-- Works up to max_rows pending rows (oldest first); returns how many, or -1 when another session is at it.
CREATE FUNCTION players_upkeep(max_rows integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  IF NOT pg_try_advisory_xact_lock(727057) THEN
    RETURN -1;
  END IF;
  SELECT array_agg(id) INTO ids FROM (SELECT id FROM player_upkeep_pending ORDER BY id LIMIT max_rows) s;
  IF ids IS NULL THEN
    RETURN 0;
  END IF;
  -- 1. Registrations (the earliest register event per game and player) first, so new cohorts below take
  --    their channel; an existing cohort moves by 046's row trigger, as at ingestion before.
  INSERT INTO player_registrations AS r (game, distinct_id, time, channel, device_id, device_model, os, os_version)
  SELECT DISTINCT ON (game, distinct_id) game, distinct_id, time,
    left(COALESCE(properties->>'channel', ''), 128), left(COALESCE(properties->>'device_id', ''), 128),
    left(COALESCE(properties->>'device_model', ''), 128), left(COALESCE(properties->>'os', ''), 32), left(COALESCE(properties->>'os_version', ''), 32)
  FROM player_upkeep_pending p, unnest(p.e_games, p.e_players, p.e_events, p.e_times, p.e_props) AS e(game, distinct_id, event, time, properties)
  WHERE p.id = ANY(ids) AND e.event = 'register'
  ORDER BY game, distinct_id, time
  ON CONFLICT (game, distinct_id) DO UPDATE SET time = excluded.time, channel = excluded.channel, device_id = excluded.device_id,
    device_model = excluded.device_model, os = excluded.os, os_version = excluded.os_version
  WHERE excluded.time < r.time;
  -- 2. Devices of register/login events (a string device_id) and the accounts on them.
  WITH dev_in AS (
    SELECT left(properties->>'device_id', 128) AS device_id, left(COALESCE(properties->>'device_model', ''), 128) AS model,
      left(COALESCE(properties->>'os', ''), 32) AS os, left(COALESCE(properties->>'os_version', ''), 32) AS osv, game, distinct_id, time
    FROM player_upkeep_pending p, unnest(p.e_games, p.e_players, p.e_events, p.e_times, p.e_props) AS e(game, distinct_id, event, time, properties)
    WHERE p.id = ANY(ids) AND e.event IN ('register', 'login') AND jsonb_typeof(properties->'device_id') = 'string' AND properties->>'device_id' <> ''
  ), dev AS (
    INSERT INTO player_devices AS d (device_id, device_model, os, os_version, first_seen, last_seen)
    SELECT DISTINCT ON (device_id) device_id, model, os, osv, min(time) OVER w, max(time) OVER w FROM dev_in
    WINDOW w AS (PARTITION BY device_id) ORDER BY device_id, time DESC
    ON CONFLICT (device_id) DO UPDATE SET first_seen = least(d.first_seen, excluded.first_seen), last_seen = greatest(d.last_seen, excluded.last_seen),
      device_model = CASE WHEN excluded.last_seen >= d.last_seen THEN excluded.device_model ELSE d.device_model END,
      os = CASE WHEN excluded.last_seen >= d.last_seen THEN excluded.os ELSE d.os END,
      os_version = CASE WHEN excluded.last_seen >= d.last_seen THEN excluded.os_version ELSE d.os_version END
  )
  INSERT INTO device_accounts AS a (device_id, game, distinct_id, first_seen, last_seen)
  SELECT device_id, game, distinct_id, min(time), max(time) FROM dev_in GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (device_id, game, distinct_id) DO UPDATE SET first_seen = least(a.first_seen, excluded.first_seen), last_seen = greatest(a.last_seen, excluded.last_seen);
  -- 3. Active days: 046's and 049's statement triggers keep cohorts, retention and accounts from the new ones.
  INSERT INTO player_active_days (game, day, distinct_id)
  SELECT DISTINCT d.game, d.day, d.distinct_id
  FROM player_upkeep_pending p, unnest(p.games, p.days, p.players) AS d(game, day, distinct_id)
  WHERE p.id = ANY(ids) AND d.game IS NOT NULL
  ORDER BY 2, 1, 3
  ON CONFLICT DO NOTHING;
  DELETE FROM player_upkeep_pending WHERE id = ANY(ids);
  RETURN array_length(ids, 1);
END;
$$;

-- Accounts (049): the number of games new to each account was a correlated count over the inserted
-- rows (a CTE, scanned once per account: quadratic in the players of one statement; 11 of the 12 s CPU
-- an upkeep of 36,000 new active days took, and the bulk of the ingestion's cost before this migration
-- whenever a batch brought many new players). Now one aggregate joined by hash. Same figures.
CREATE OR REPLACE FUNCTION players_accounts_from_active() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH n AS (
    SELECT distinct_id, game, min(day) AS f, max(day) AS l, count(*)::int AS d FROM new_days GROUP BY 1, 2
  ), ag AS (
    INSERT INTO account_games AS t (distinct_id, game, first_day, last_day, active_days)
    SELECT distinct_id, game, f, l, d FROM n ORDER BY 1, 2
    ON CONFLICT (distinct_id, game) DO UPDATE SET first_day = least(t.first_day, excluded.first_day), last_day = greatest(t.last_day, excluded.last_day),
      active_days = t.active_days + excluded.active_days
    RETURNING distinct_id, (xmax = 0) AS inserted
  ), per AS (
    SELECT n.distinct_id, min(n.f) AS f, max(n.l) AS l FROM n GROUP BY 1
  ), added AS (
    SELECT distinct_id, count(*) FILTER (WHERE inserted)::int AS games FROM ag GROUP BY 1
  )
  INSERT INTO player_accounts AS a (distinct_id, first_day, last_day, games)
  SELECT per.distinct_id, per.f, per.l, COALESCE(added.games, 0)
  FROM per LEFT JOIN added ON added.distinct_id = per.distinct_id ORDER BY 1
  ON CONFLICT (distinct_id) DO UPDATE SET first_day = least(a.first_day, excluded.first_day), last_day = greatest(a.last_day, excluded.last_day),
    games = a.games + excluded.games;
  RETURN NULL;
END;
$$;

-- Cohorts (046): a player whose new active day lies before its cohort day moved by three plpgsql calls per
-- player (players_cohort_touch); now all such players of a statement move in one set-based statement.
-- Steps 1, 3 and 4 are 046's unchanged.
CREATE OR REPLACE FUNCTION players_cohorts_from_active() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
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
  -- 2. Of those, the ones whose new day is earlier than the cohort day move: all their counts come off the
  --    old day and are made at the new one, set-based (057; 046 did it player by player, the upkeep's
  --    costliest part when many players' earlier days arrive late).
  WITH mv AS (
    SELECT c.game, c.distinct_id, c.day AS old_day, n.day AS new_day, c.channel
    FROM (SELECT game, distinct_id, min(day) AS day FROM new_days GROUP BY 1, 2) n
    JOIN player_cohorts c ON c.game = n.game AND c.distinct_id = n.distinct_id
    WHERE n.day < c.day
  ), cd AS (
    INSERT INTO cohort_daily AS t (game, day, channel, players)
    SELECT game, day, channel, sum(d)::int FROM (
      SELECT game, old_day AS day, channel, -1 AS d FROM mv
      UNION ALL SELECT game, new_day, channel, 1 FROM mv
    ) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, day, channel) DO UPDATE SET players = t.players + excluded.players
  ), rd AS (
    INSERT INTO retention_daily AS t (game, day, channel, n, retained)
    SELECT game, day, channel, n::smallint, sum(d)::int FROM (
      SELECT m.game, m.old_day AS day, m.channel, (a.day - m.old_day) AS n, -1 AS d
      FROM mv m JOIN player_active_days a ON a.game = m.game AND a.distinct_id = m.distinct_id AND a.day > m.old_day AND a.day <= m.old_day + 30
      UNION ALL
      SELECT m.game, m.new_day, m.channel, (a.day - m.new_day), 1
      FROM mv m JOIN player_active_days a ON a.game = m.game AND a.distinct_id = m.distinct_id AND a.day > m.new_day AND a.day <= m.new_day + 30
    ) x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained
  )
  UPDATE player_cohorts c SET day = mv.new_day FROM mv WHERE c.game = mv.game AND c.distinct_id = mv.distinct_id;
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

-- Registrations (046): a registration's channel moved an existing cohort's counts by a row trigger (three
-- plpgsql calls per row); the upkeep writes registrations in sets, so now statement triggers move all of a
-- statement's players at once. Same rule: a cohort whose channel differs from its registration's moves to
-- it. The insert trigger keeps 046's name (players_rebuild_cohorts disables it by that name).
DROP TRIGGER player_registrations_channel ON player_registrations;
CREATE FUNCTION players_registrations_channel_moved() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH mv AS (
    SELECT c.game, c.distinct_id, c.day, c.channel AS old_ch, n.channel AS new_ch
    FROM player_cohorts c JOIN new_regs n ON n.game = c.game AND n.distinct_id = c.distinct_id
    WHERE c.channel <> n.channel
    ORDER BY c.game, c.distinct_id
    FOR UPDATE OF c
  ), cd AS (
    INSERT INTO cohort_daily AS t (game, day, channel, players)
    SELECT game, day, channel, sum(d)::int FROM (
      SELECT game, day, old_ch AS channel, -1 AS d FROM mv
      UNION ALL SELECT game, day, new_ch, 1 FROM mv
    ) x GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (game, day, channel) DO UPDATE SET players = t.players + excluded.players
  ), rd AS (
    INSERT INTO retention_daily AS t (game, day, channel, n, retained)
    SELECT game, day, channel, n::smallint, sum(d)::int FROM (
      SELECT m.game, m.day, m.old_ch AS channel, (a.day - m.day) AS n, -1 AS d
      FROM mv m JOIN player_active_days a ON a.game = m.game AND a.distinct_id = m.distinct_id AND a.day > m.day AND a.day <= m.day + 30
      UNION ALL
      SELECT m.game, m.day, m.new_ch, (a.day - m.day), 1
      FROM mv m JOIN player_active_days a ON a.game = m.game AND a.distinct_id = m.distinct_id AND a.day > m.day AND a.day <= m.day + 30
    ) x GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (game, day, channel, n) DO UPDATE SET retained = t.retained + excluded.retained
  )
  UPDATE player_cohorts c SET channel = mv.new_ch FROM mv WHERE c.game = mv.game AND c.distinct_id = mv.distinct_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_registrations_channel AFTER INSERT ON player_registrations
  REFERENCING NEW TABLE AS new_regs FOR EACH STATEMENT EXECUTE FUNCTION players_registrations_channel_moved();
CREATE TRIGGER player_registrations_channel_update AFTER UPDATE ON player_registrations
  REFERENCING NEW TABLE AS new_regs FOR EACH STATEMENT EXECUTE FUNCTION players_registrations_channel_moved();

-- Monthly partitions (040): two statements creating the same month at once on a fresh PostgreSQL
-- database could both find it missing (the catalogue snapshot of the second, taken before the first
-- committed, is not refreshed by the advisory lock) and the second failed with a duplicate name.
-- Now the creation tolerates that: a partition that appeared meanwhile is the one wanted.
CREATE OR REPLACE FUNCTION tracking_ensure_partition(ts timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'tracking_events_' || to_char(ts AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN name;
  END IF;
  PERFORM pg_advisory_xact_lock(727015);
  BEGIN
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF tracking_events FOR VALUES FROM (%L) TO (%L)', name, month_start, month_start + interval '1 month');
  EXCEPTION WHEN duplicate_table OR unique_violation THEN
    -- Created by another statement since this one looked: it is there now.
    NULL;
  END;
  RETURN name;
END;
$$;
