-- Data reports (data_reports/game_stats, data_reports/user_stats): daily active players
-- kept as rollups so the reports read one row per day, never the events.
--
-- active_daily: per game and calendar day (ANALYTICS_TZ, as player_active_days) the players active
--   that day (any tracked event or paid order) = the rows of player_active_days of that (game, day).
-- account_active_days: per calendar day the ACCOUNTS (distinct_id, platform-wide) active in any game;
-- account_active_daily: their number per day (an account active in two games counts once).
--
-- Kept by a statement trigger on player_active_days (events reach it through migration 044's trigger on
-- tracking_day_players, orders directly; its ON CONFLICT DO NOTHING means the transition table holds
-- only rows that are new, so each counts once). income_rebuild_rollups empties player_active_days and
-- fills it again: its TRUNCATE empties these and the refill counts them again.
-- data_reports_rebuild() redoes them from player_active_days (tests compare it with the kept tables).

CREATE TABLE active_daily (
  game integer NOT NULL,
  day date NOT NULL,
  players integer NOT NULL,
  PRIMARY KEY (game, day)
);
CREATE INDEX active_daily_day_idx ON active_daily (day);

CREATE TABLE account_active_days (
  day date NOT NULL,
  distinct_id varchar(128) NOT NULL,
  PRIMARY KEY (day, distinct_id)
);

CREATE TABLE account_active_daily (
  day date PRIMARY KEY,
  players integer NOT NULL
);

CREATE FUNCTION data_reports_from_active() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO active_daily AS t (game, day, players)
    SELECT game, day, count(*)::int FROM new_days GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (game, day) DO UPDATE SET players = t.players + excluded.players;
  WITH ins AS (
    INSERT INTO account_active_days (day, distinct_id)
    SELECT DISTINCT day, distinct_id FROM new_days ORDER BY 1, 2
    ON CONFLICT DO NOTHING RETURNING day
  )
  INSERT INTO account_active_daily AS t (day, players)
    SELECT day, count(*)::int FROM ins GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET players = t.players + excluded.players;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_reports AFTER INSERT ON player_active_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION data_reports_from_active();

CREATE FUNCTION data_reports_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE active_daily, account_active_days, account_active_daily;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_reports_truncated AFTER TRUNCATE ON player_active_days
  FOR EACH STATEMENT EXECUTE FUNCTION data_reports_truncated();

-- Everything again from player_active_days (bulk loads; tests compare it with the kept tables).
CREATE FUNCTION data_reports_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE active_daily, account_active_days, account_active_daily;
  INSERT INTO active_daily (game, day, players) SELECT game, day, count(*) FROM player_active_days GROUP BY 1, 2;
  INSERT INTO account_active_days (day, distinct_id) SELECT DISTINCT day, distinct_id FROM player_active_days;
  INSERT INTO account_active_daily (day, players) SELECT day, count(*) FROM account_active_days GROUP BY 1;
END;
$$;

-- Databases that already hold events and orders: their active days now.
SELECT data_reports_rebuild();
