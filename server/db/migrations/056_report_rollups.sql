-- Report performance: what the slow reports read instead of raw rows.
--
-- 1. ad_installs: every install (player_registrations) with its LAST CLICK within the largest window
--    (30 days): the latest click of the same device on a campaign of the same game with
--    install time − 30 days ≤ click time ≤ install time (ties: the later-recorded click). Because that
--    click is the latest of all clicks before the install, the last click within any window w ≤ 30 is
--    the same click when click time ≥ install time − w, and there is none otherwise: the reads apply the
--    window (server/domain/advertising/attribution.ts), so a window change rewrites nothing and never
--    answers stale. Kept by statement triggers: a registration (new, or moved by an earlier register
--    event) looks up its last click; a click (the tracking link, a network's late log) re-attributes the
--    installs of its device within 30 days after it when it is later than their stored click; a deleted
--    click (a campaign deleted) makes its installs look again. Upkeep of one (game, device) is serialised
--    by a transaction advisory lock on a bucket of it (locks taken in bucket order), so a click and a
--    register event of the same device committed concurrently cannot miss each other.
--
-- 2. retention_game_daily / cohort_game_daily: the retention rollups of migration 046 summed over the
--    channels (per game, cohort day, n): the retention reads without a channel filter sum at most
--    days × 30 rows per game instead of days × channels × 30. Kept by statement triggers on
--    cohort_daily / retention_daily (the rows ingestion writes there are not changed).

CREATE TABLE ad_installs (
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  device_id varchar(128) NOT NULL,
  install_time timestamptz NOT NULL,
  reg_channel varchar(128) NOT NULL,
  -- The last click within 30 days (NULL: none, or no device id).
  click_id bigint,
  campaign integer,
  click_channel varchar(64),
  click_time timestamptz,
  PRIMARY KEY (game, distinct_id)
);
-- The attribution list's pages (newest first) and the ranges of every read.
CREATE INDEX ad_installs_time_idx ON ad_installs (install_time DESC, game, distinct_id);
-- A click finds the installs of its device.
CREATE INDEX ad_installs_device_idx ON ad_installs (game, device_id, install_time) WHERE device_id <> '';
-- A deleted click finds the installs it attributed.
CREATE INDEX ad_installs_click_idx ON ad_installs (click_id) WHERE click_id IS NOT NULL;

-- The lock bucket of a (game, device).
CREATE FUNCTION ad_installs_bucket(p_game integer, p_device varchar) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT 5600000 + abs(hashtext(p_game::text || ':' || p_device)) % 64 $$;

-- Registrations inserted or updated (transition table new_regs): their installs with their last click.
CREATE FUNCTION ad_installs_from_registrations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(b) FROM (SELECT DISTINCT ad_installs_bucket(game, device_id) AS b FROM new_regs WHERE device_id <> '' ORDER BY 1) l;
  INSERT INTO ad_installs AS i (game, distinct_id, device_id, install_time, reg_channel, click_id, campaign, click_channel, click_time)
  SELECT r.game, r.distinct_id, r.device_id, r.time, r.channel, k.id, k.campaign, k.channel, k.time
  FROM new_regs r
  LEFT JOIN LATERAL (
    SELECT c.id, c.campaign, c.channel, c.time FROM ad_clicks c
    WHERE r.device_id <> '' AND c.game = r.game AND c.device_id = r.device_id AND c.time <= r.time AND c.time >= r.time - interval '30 days'
    ORDER BY c.time DESC, c.id DESC LIMIT 1
  ) k ON true
  ORDER BY r.game, r.distinct_id
  ON CONFLICT (game, distinct_id) DO UPDATE SET device_id = excluded.device_id, install_time = excluded.install_time, reg_channel = excluded.reg_channel,
    click_id = excluded.click_id, campaign = excluded.campaign, click_channel = excluded.click_channel, click_time = excluded.click_time;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_registered AFTER INSERT ON player_registrations
  REFERENCING NEW TABLE AS new_regs FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_from_registrations();
CREATE TRIGGER ad_installs_reregistered AFTER UPDATE ON player_registrations
  REFERENCING NEW TABLE AS new_regs FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_from_registrations();

CREATE FUNCTION ad_installs_unregistered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM ad_installs i USING old_regs o WHERE i.game = o.game AND i.distinct_id = o.distinct_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_unregistered AFTER DELETE ON player_registrations
  REFERENCING OLD TABLE AS old_regs FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_unregistered();

CREATE FUNCTION ad_installs_registrations_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE ad_installs;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_registrations_truncated AFTER TRUNCATE ON player_registrations
  FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_registrations_truncated();

-- New clicks (transition table new_clicks): an install of the device within 30 days after a new click
-- takes it when it is later than (or as late as and recorded after) the install's stored click.
CREATE FUNCTION ad_installs_from_clicks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(b) FROM (SELECT DISTINCT ad_installs_bucket(game, device_id) AS b FROM new_clicks ORDER BY 1) l;
  UPDATE ad_installs i SET click_id = k.id, campaign = k.campaign, click_channel = k.channel, click_time = k.time
  FROM (
    SELECT DISTINCT ON (i.game, i.distinct_id) i.game, i.distinct_id, n.id, n.campaign, n.channel, n.time
    FROM new_clicks n JOIN ad_installs i ON i.game = n.game AND i.device_id = n.device_id
    WHERE i.device_id <> '' AND n.time <= i.install_time AND n.time >= i.install_time - interval '30 days'
    ORDER BY i.game, i.distinct_id, n.time DESC, n.id DESC
  ) k
  WHERE i.game = k.game AND i.distinct_id = k.distinct_id
    AND (i.click_id IS NULL OR k.time > i.click_time OR (k.time = i.click_time AND k.id > i.click_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_clicked AFTER INSERT ON ad_clicks
  REFERENCING NEW TABLE AS new_clicks FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_from_clicks();

-- Clicks deleted (a campaign deleted) or changed: the installs they attributed, and the installs of the
-- changed clicks' devices, look for their last click again.
CREATE FUNCTION ad_installs_clicks_gone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(b) FROM (SELECT DISTINCT ad_installs_bucket(game, device_id) AS b FROM old_clicks ORDER BY 1) l;
  UPDATE ad_installs i SET (click_id, campaign, click_channel, click_time) = (
    SELECT c.id, c.campaign, c.channel, c.time FROM ad_clicks c
    WHERE c.game = i.game AND c.device_id = i.device_id AND c.time <= i.install_time AND c.time >= i.install_time - interval '30 days'
    ORDER BY c.time DESC, c.id DESC LIMIT 1
  )
  WHERE i.click_id IN (SELECT id FROM old_clicks)
     OR (TG_OP = 'UPDATE' AND i.device_id <> '' AND (i.game, i.device_id) IN (SELECT game, device_id FROM old_clicks UNION SELECT game, device_id FROM ad_clicks WHERE id IN (SELECT id FROM old_clicks)));
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_clicks_deleted AFTER DELETE ON ad_clicks
  REFERENCING OLD TABLE AS old_clicks FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_clicks_gone();
CREATE TRIGGER ad_installs_clicks_updated AFTER UPDATE ON ad_clicks
  REFERENCING OLD TABLE AS old_clicks FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_clicks_gone();

CREATE FUNCTION ad_installs_clicks_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE ad_installs SET click_id = NULL, campaign = NULL, click_channel = NULL, click_time = NULL WHERE click_id IS NOT NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER ad_installs_clicks_truncated AFTER TRUNCATE ON ad_clicks
  FOR EACH STATEMENT EXECUTE FUNCTION ad_installs_clicks_truncated();

-- What is already there.
INSERT INTO ad_installs (game, distinct_id, device_id, install_time, reg_channel, click_id, campaign, click_channel, click_time)
SELECT r.game, r.distinct_id, r.device_id, r.time, r.channel, k.id, k.campaign, k.channel, k.time
FROM player_registrations r
LEFT JOIN LATERAL (
  SELECT c.id, c.campaign, c.channel, c.time FROM ad_clicks c
  WHERE r.device_id <> '' AND c.game = r.game AND c.device_id = r.device_id AND c.time <= r.time AND c.time >= r.time - interval '30 days'
  ORDER BY c.time DESC, c.id DESC LIMIT 1
) k ON true;

-- 2. The retention rollups summed over the channels.
CREATE TABLE cohort_game_daily (
  game integer NOT NULL,
  day date NOT NULL,
  players integer NOT NULL,
  PRIMARY KEY (game, day)
);
CREATE INDEX cohort_game_daily_day_idx ON cohort_game_daily (day, game) INCLUDE (players);
CREATE TABLE retention_game_daily (
  game integer NOT NULL,
  day date NOT NULL,
  n smallint NOT NULL,
  retained integer NOT NULL,
  PRIMARY KEY (game, day, n)
);
CREATE INDEX retention_game_daily_day_idx ON retention_game_daily (day, game, n) INCLUDE (retained);
-- A channel's retention over every game (the PK leads with the game).
CREATE INDEX retention_daily_channel_idx ON retention_daily (channel, day);
CREATE INDEX cohort_daily_channel_idx ON cohort_daily (channel, day);

-- The changes of a statement on cohort_daily / retention_daily (transition tables new_t and/or old_t;
-- the other one empty) added to the sums, in key order.
CREATE FUNCTION cohort_game_daily_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cohort_game_daily AS t (game, day, players)
      SELECT game, day, sum(players)::int FROM new_t GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (game, day) DO UPDATE SET players = t.players + excluded.players;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO cohort_game_daily AS t (game, day, players)
      SELECT game, day, sum(d)::int FROM (SELECT game, day, players AS d FROM new_t UNION ALL SELECT game, day, -players FROM old_t) x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (game, day) DO UPDATE SET players = t.players + excluded.players;
  ELSE
    INSERT INTO cohort_game_daily AS t (game, day, players)
      SELECT game, day, -sum(players)::int FROM old_t GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (game, day) DO UPDATE SET players = t.players + excluded.players;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cohort_game_daily_ins AFTER INSERT ON cohort_daily REFERENCING NEW TABLE AS new_t FOR EACH STATEMENT EXECUTE FUNCTION cohort_game_daily_add();
CREATE TRIGGER cohort_game_daily_upd AFTER UPDATE ON cohort_daily REFERENCING OLD TABLE AS old_t NEW TABLE AS new_t FOR EACH STATEMENT EXECUTE FUNCTION cohort_game_daily_add();
CREATE TRIGGER cohort_game_daily_del AFTER DELETE ON cohort_daily REFERENCING OLD TABLE AS old_t FOR EACH STATEMENT EXECUTE FUNCTION cohort_game_daily_add();

CREATE FUNCTION retention_game_daily_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO retention_game_daily AS t (game, day, n, retained)
      SELECT game, day, n, sum(retained)::int FROM new_t GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (game, day, n) DO UPDATE SET retained = t.retained + excluded.retained;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO retention_game_daily AS t (game, day, n, retained)
      SELECT game, day, n, sum(d)::int FROM (SELECT game, day, n, retained AS d FROM new_t UNION ALL SELECT game, day, n, -retained FROM old_t) x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (game, day, n) DO UPDATE SET retained = t.retained + excluded.retained;
  ELSE
    INSERT INTO retention_game_daily AS t (game, day, n, retained)
      SELECT game, day, n, -sum(retained)::int FROM old_t GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (game, day, n) DO UPDATE SET retained = t.retained + excluded.retained;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER retention_game_daily_ins AFTER INSERT ON retention_daily REFERENCING NEW TABLE AS new_t FOR EACH STATEMENT EXECUTE FUNCTION retention_game_daily_add();
CREATE TRIGGER retention_game_daily_upd AFTER UPDATE ON retention_daily REFERENCING OLD TABLE AS old_t NEW TABLE AS new_t FOR EACH STATEMENT EXECUTE FUNCTION retention_game_daily_add();
CREATE TRIGGER retention_game_daily_del AFTER DELETE ON retention_daily REFERENCING OLD TABLE AS old_t FOR EACH STATEMENT EXECUTE FUNCTION retention_game_daily_add();

CREATE FUNCTION game_daily_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'cohort_daily' THEN
    TRUNCATE cohort_game_daily;
  ELSE
    TRUNCATE retention_game_daily;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cohort_game_daily_truncated AFTER TRUNCATE ON cohort_daily FOR EACH STATEMENT EXECUTE FUNCTION game_daily_truncated();
CREATE TRIGGER retention_game_daily_truncated AFTER TRUNCATE ON retention_daily FOR EACH STATEMENT EXECUTE FUNCTION game_daily_truncated();

INSERT INTO cohort_game_daily (game, day, players) SELECT game, day, sum(players)::int FROM cohort_daily GROUP BY 1, 2;
INSERT INTO retention_game_daily (game, day, n, retained) SELECT game, day, n, sum(retained)::int FROM retention_daily GROUP BY 1, 2, 3;
