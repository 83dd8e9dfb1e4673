-- Platform accounts and game players (center_users/accounts, center_users/game_users).
--
-- An ACCOUNT is a distinct_id, platform-wide. It is registered by its first tracked event or paid order
-- (both reach player_active_days: events through migration 044's trigger, orders directly), so the
-- account tables are kept by a statement trigger on player_active_days, like the cohorts of 046:
-- account_games: per account and game, the first and last active day (ANALYTICS_TZ) and the number of
--   active days (the game_users list);
-- player_accounts: per account, first and last active day over every game and how many games.
-- income_rebuild_rollups empties player_active_days and fills it again: its TRUNCATE empties these
-- (they hold nothing else) and the refill counts them again. account_bans is never emptied.
--
-- account_bans: every ban (reason, optional expiry, who, when) and its lifting (who, when, why). A ban
-- applies while it is not lifted and not expired (expires_at in the future or none); at most one
-- un-lifted ban per account (partial unique index). The event ingestion's one statement flags the events
-- of an account banned at that moment (tracking_events.banned; one index probe per event).

CREATE TABLE account_games (
  distinct_id varchar(128) NOT NULL,
  game integer NOT NULL,
  first_day date NOT NULL,
  last_day date NOT NULL,
  active_days integer NOT NULL,
  PRIMARY KEY (distinct_id, game)
);
CREATE INDEX account_games_game_idx ON account_games (game, last_day DESC, distinct_id);

CREATE TABLE player_accounts (
  distinct_id varchar(128) PRIMARY KEY,
  first_day date NOT NULL,
  last_day date NOT NULL,
  games integer NOT NULL
);
CREATE INDEX player_accounts_last_idx ON player_accounts (last_day DESC, distinct_id);
CREATE INDEX player_accounts_first_idx ON player_accounts (first_day DESC, distinct_id);

CREATE TABLE account_bans (
  id bigserial PRIMARY KEY,
  distinct_id varchar(128) NOT NULL,
  reason varchar(500) NOT NULL CHECK (length(btrim(reason)) > 0),
  expires_at timestamptz,
  banned_at timestamptz NOT NULL DEFAULT now(),
  banned_by integer,
  lifted_at timestamptz,
  lifted_by integer,
  lift_reason varchar(500) NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX account_bans_open_idx ON account_bans (distinct_id) WHERE lifted_at IS NULL;
CREATE INDEX account_bans_history_idx ON account_bans (distinct_id, banned_at DESC);

-- Events stored while their account was banned (still stored, flagged).
ALTER TABLE tracking_events ADD COLUMN banned boolean NOT NULL DEFAULT false;

-- An account's total paid (domain/income/revenue.ts, accountRevenue) reads its revenue rows by player.
CREATE INDEX income_player_days_player_idx ON income_player_days (distinct_id, game);

CREATE FUNCTION players_accounts_from_active() RETURNS trigger
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
  )
  INSERT INTO player_accounts AS a (distinct_id, first_day, last_day, games)
  SELECT n.distinct_id, min(n.f), max(n.l), (SELECT count(*)::int FROM ag WHERE ag.distinct_id = n.distinct_id AND ag.inserted)
  FROM n GROUP BY 1 ORDER BY 1
  ON CONFLICT (distinct_id) DO UPDATE SET first_day = least(a.first_day, excluded.first_day), last_day = greatest(a.last_day, excluded.last_day),
    games = a.games + excluded.games;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_accounts AFTER INSERT ON player_active_days
  REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION players_accounts_from_active();

CREATE FUNCTION players_accounts_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_games, player_accounts;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_accounts_truncated AFTER TRUNCATE ON player_active_days
  FOR EACH STATEMENT EXECUTE FUNCTION players_accounts_truncated();

-- Everything again from player_active_days (bulk loads; tests compare it with the kept tables).
CREATE FUNCTION players_rebuild_accounts() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_games, player_accounts;
  INSERT INTO account_games (distinct_id, game, first_day, last_day, active_days)
    SELECT distinct_id, game, min(day), max(day), count(*) FROM player_active_days GROUP BY 1, 2;
  INSERT INTO player_accounts (distinct_id, first_day, last_day, games)
    SELECT distinct_id, min(first_day), max(last_day), count(*) FROM account_games GROUP BY 1;
END;
$$;

SELECT players_rebuild_accounts();
