-- Paying players over a range without hashing them (performance; docs/income.md "Payer days").
--
-- The revenue reports count distinct paying players: per day (history), per game (rank, partner KPIs)
-- and over the whole range (overview, history, distribution totals). Until now each count hashed every
-- (game, player) row of income_player_days in the range (≈ 82,000 rows for 30 days at the bench's
-- 1,000,000 orders), twice for a history with a comparison period.
--
-- income_payer_days holds one row per game, player and day with a paid order, with the player's
-- previous such day in that game. The distinct payers of [s, e] are then the rows of [s, e] whose
-- previous day is before s (or none): a count over the day index, no hash; per day, the rows of the day.
--
-- Kept by statement triggers on income_player_days, whoever writes it (order ingestion, the rebuilds of
-- 044 and 048): new rows with orders, rows whose orders became non-zero (a refund's row that then got a
-- paid order), deleted rows (a range rebuild), TRUNCATE. After adding days, the previous day of each new
-- row and of the row right after it is looked up again (index probes); a bulk change (a rebuild) recomputes
-- the previous days of its games in one pass. Concurrent order batches are serialised at that step (a
-- transaction advisory lock), so each sees the other's days once committed.

CREATE TABLE income_payer_days (
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  day date NOT NULL,
  prev_day date,
  PRIMARY KEY (game, distinct_id, day)
);
CREATE INDEX income_payer_days_day_idx ON income_payer_days (day, game) INCLUDE (prev_day);

INSERT INTO income_payer_days (game, distinct_id, day, prev_day)
SELECT game, distinct_id, day, lag(day) OVER (PARTITION BY game, distinct_id ORDER BY day)
FROM (SELECT DISTINCT game, distinct_id, day FROM income_player_days WHERE orders > 0) d;

-- The payers of each game and day (the rows of income_payer_days per game and day), for the daily series.
CREATE TABLE income_payers_daily (
  game integer NOT NULL,
  day date NOT NULL,
  payers integer NOT NULL,
  PRIMARY KEY (game, day)
);
CREATE INDEX income_payers_daily_day_idx ON income_payers_daily (day);
INSERT INTO income_payers_daily (game, day, payers) SELECT game, day, count(*) FROM income_payer_days GROUP BY 1, 2;

-- Above this many changed payer days, the previous days of the games touched are recomputed in one pass.
CREATE FUNCTION income_payer_days_relink(gs integer[], ps text[], ds date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(gs, 1), 0) = 0 THEN
    RETURN;
  END IF;
  IF array_length(gs, 1) > 20000 THEN
    UPDATE income_payer_days p SET prev_day = x.prev
    FROM (
      SELECT game, distinct_id, day, lag(day) OVER (PARTITION BY game, distinct_id ORDER BY day) AS prev
      FROM income_payer_days WHERE game = ANY(gs)
    ) x
    WHERE p.game = x.game AND p.distinct_id = x.distinct_id AND p.day = x.day AND p.prev_day IS DISTINCT FROM x.prev;
    RETURN;
  END IF;
  -- The days given (added, or whose previous day went away) and the day right after each: their
  -- previous day is looked up again.
  WITH n AS (
    SELECT DISTINCT game, distinct_id, day FROM unnest(gs, ps, ds) AS n(game, distinct_id, day)
  ), t AS (
    SELECT n.game, n.distinct_id, n.day FROM n
    UNION
    SELECT n.game, n.distinct_id, nx.day FROM n
    CROSS JOIN LATERAL (SELECT q.day FROM income_payer_days q WHERE q.game = n.game AND q.distinct_id = n.distinct_id AND q.day > n.day ORDER BY q.day LIMIT 1) nx
  ), v AS (
    SELECT t.game, t.distinct_id, t.day,
      (SELECT q.day FROM income_payer_days q WHERE q.game = t.game AND q.distinct_id = t.distinct_id AND q.day < t.day ORDER BY q.day DESC LIMIT 1) AS prev
    FROM t
  )
  UPDATE income_payer_days p SET prev_day = v.prev
  FROM v
  WHERE p.game = v.game AND p.distinct_id = v.distinct_id AND p.day = v.day AND p.prev_day IS DISTINCT FROM v.prev;
END;
$$;

CREATE FUNCTION income_payer_days_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gs integer[];
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM changed WHERE orders > 0) THEN
    RETURN NULL;
  END IF;
  -- One batch at a time past this point: each sees the days other batches committed.
  PERFORM pg_advisory_xact_lock(727059);
  WITH ins AS (
    INSERT INTO income_payer_days (game, distinct_id, day)
    SELECT DISTINCT game, distinct_id, day FROM changed WHERE orders > 0 ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING RETURNING game, distinct_id, day
  )
  SELECT array_agg(game), array_agg(distinct_id), array_agg(day) INTO gs, ps, ds FROM ins;
  INSERT INTO income_payers_daily AS t (game, day, payers)
    SELECT game, day, count(*) FROM unnest(gs, ds) AS n(game, day) GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (game, day) DO UPDATE SET payers = t.payers + excluded.payers;
  PERFORM income_payer_days_relink(gs, ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_player_days_payers_ins AFTER INSERT ON income_player_days
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION income_payer_days_added();
CREATE TRIGGER income_player_days_payers_upd AFTER UPDATE ON income_player_days
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION income_payer_days_added();

CREATE FUNCTION income_payer_days_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gs integer[];
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM gone WHERE orders > 0) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727059);
  WITH del AS (
    DELETE FROM income_payer_days p
    USING (SELECT DISTINCT game, distinct_id, day FROM gone WHERE orders > 0) g
    WHERE p.game = g.game AND p.distinct_id = g.distinct_id AND p.day = g.day
      AND NOT EXISTS (SELECT 1 FROM income_player_days r WHERE r.game = g.game AND r.day = g.day AND r.distinct_id = g.distinct_id AND r.orders > 0)
    RETURNING p.game, p.distinct_id, p.day
  )
  SELECT array_agg(game), array_agg(distinct_id), array_agg(day) INTO gs, ps, ds FROM del;
  UPDATE income_payers_daily t SET payers = t.payers - n.n
    FROM (SELECT game, day, count(*) AS n FROM unnest(gs, ds) AS d(game, day) GROUP BY 1, 2) n
    WHERE t.game = n.game AND t.day = n.day;
  -- A removed day's successor takes the removed day's predecessor: relink from the removed days (the
  -- lookup starts at the removed day, which is gone, so it finds the next day and its new previous one).
  PERFORM income_payer_days_relink(gs, ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_player_days_payers_del AFTER DELETE ON income_player_days
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION income_payer_days_removed();

CREATE FUNCTION income_payer_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE income_payer_days, income_payers_daily;
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_player_days_payers_truncated AFTER TRUNCATE ON income_player_days
  FOR EACH STATEMENT EXECUTE FUNCTION income_payer_days_truncated();

-- Active players over a range, the same way (the overview's active players and ARPU, the partner KPIs):
-- player_active_links holds each player_active_days row with the player's previous active day in that
-- game. player_active_days only grows (events, orders, the upkeep) or is emptied (rebuilds), so an insert
-- trigger and a TRUNCATE trigger keep it.
CREATE TABLE player_active_links (
  game integer NOT NULL,
  distinct_id varchar(128) NOT NULL,
  day date NOT NULL,
  prev_day date,
  PRIMARY KEY (game, distinct_id, day)
);
CREATE INDEX player_active_links_day_idx ON player_active_links (day, game) INCLUDE (prev_day);

INSERT INTO player_active_links (game, distinct_id, day, prev_day)
SELECT game, distinct_id, day, lag(day) OVER (PARTITION BY game, distinct_id ORDER BY day) FROM player_active_days;

CREATE FUNCTION player_active_links_relink(gs integer[], ps text[], ds date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(gs, 1), 0) = 0 THEN
    RETURN;
  END IF;
  IF array_length(gs, 1) > 20000 THEN
    UPDATE player_active_links p SET prev_day = x.prev
    FROM (
      SELECT game, distinct_id, day, lag(day) OVER (PARTITION BY game, distinct_id ORDER BY day) AS prev
      FROM player_active_links WHERE game = ANY(gs)
    ) x
    WHERE p.game = x.game AND p.distinct_id = x.distinct_id AND p.day = x.day AND p.prev_day IS DISTINCT FROM x.prev;
    RETURN;
  END IF;
  WITH n AS (
    SELECT DISTINCT game, distinct_id, day FROM unnest(gs, ps, ds) AS n(game, distinct_id, day)
  ), t AS (
    SELECT n.game, n.distinct_id, n.day FROM n
    UNION
    SELECT n.game, n.distinct_id, nx.day FROM n
    CROSS JOIN LATERAL (SELECT q.day FROM player_active_links q WHERE q.game = n.game AND q.distinct_id = n.distinct_id AND q.day > n.day ORDER BY q.day LIMIT 1) nx
  ), v AS (
    SELECT t.game, t.distinct_id, t.day,
      (SELECT q.day FROM player_active_links q WHERE q.game = t.game AND q.distinct_id = t.distinct_id AND q.day < t.day ORDER BY q.day DESC LIMIT 1) AS prev
    FROM t
  )
  UPDATE player_active_links p SET prev_day = v.prev
  FROM v
  WHERE p.game = v.game AND p.distinct_id = v.distinct_id AND p.day = v.day AND p.prev_day IS DISTINCT FROM v.prev;
END;
$$;

CREATE FUNCTION player_active_links_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  gs integer[];
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_active) THEN
    RETURN NULL;
  END IF;
  -- Serialised with other writers of active days (the upkeep, order batches) from here to their commit.
  PERFORM pg_advisory_xact_lock(727060);
  WITH ins AS (
    INSERT INTO player_active_links (game, distinct_id, day)
    SELECT game, distinct_id, day FROM new_active ORDER BY 1, 2, 3
    ON CONFLICT DO NOTHING RETURNING game, distinct_id, day
  )
  SELECT array_agg(game), array_agg(distinct_id), array_agg(day) INTO gs, ps, ds FROM ins;
  PERFORM player_active_links_relink(gs, ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_links AFTER INSERT ON player_active_days
  REFERENCING NEW TABLE AS new_active FOR EACH STATEMENT EXECUTE FUNCTION player_active_links_added();

CREATE FUNCTION player_active_links_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE player_active_links;
  RETURN NULL;
END;
$$;
CREATE TRIGGER player_active_days_links_truncated AFTER TRUNCATE ON player_active_days
  FOR EACH STATEMENT EXECUTE FUNCTION player_active_links_truncated();

-- The same for accounts (data_reports/user_stats: a distinct_id counted once across games): the days an
-- account was active in any game (account_active_days, 055) and paid in any game (income_payer_days).
CREATE TABLE account_active_links (
  distinct_id varchar(128) NOT NULL,
  day date NOT NULL,
  prev_day date,
  PRIMARY KEY (distinct_id, day)
);
CREATE INDEX account_active_links_day_idx ON account_active_links (day) INCLUDE (prev_day);
INSERT INTO account_active_links (distinct_id, day, prev_day)
SELECT distinct_id, day, lag(day) OVER (PARTITION BY distinct_id ORDER BY day) FROM account_active_days;

CREATE TABLE account_payer_days (
  distinct_id varchar(128) NOT NULL,
  day date NOT NULL,
  prev_day date,
  PRIMARY KEY (distinct_id, day)
);
CREATE INDEX account_payer_days_day_idx ON account_payer_days (day) INCLUDE (prev_day);
CREATE TABLE account_payers_daily (
  day date PRIMARY KEY,
  payers integer NOT NULL
);
-- An account's payer days by account and day, across games (the delete trigger below asks).
CREATE INDEX income_payer_days_account_idx ON income_payer_days (distinct_id, day);
INSERT INTO account_payer_days (distinct_id, day, prev_day)
SELECT distinct_id, day, lag(day) OVER (PARTITION BY distinct_id ORDER BY day) FROM (SELECT DISTINCT distinct_id, day FROM income_payer_days) d;
INSERT INTO account_payers_daily (day, payers) SELECT day, count(*) FROM account_payer_days GROUP BY 1;

-- Relinks account days of either table (tbl: 'account_active_links' or 'account_payer_days').
CREATE FUNCTION account_links_relink(tbl text, ps text[], ds date[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(array_length(ps, 1), 0) = 0 THEN
    RETURN;
  END IF;
  IF array_length(ps, 1) > 20000 THEN
    EXECUTE format(
      'UPDATE %1$I p SET prev_day = x.prev FROM (SELECT distinct_id, day, lag(day) OVER (PARTITION BY distinct_id ORDER BY day) AS prev FROM %1$I) x
       WHERE p.distinct_id = x.distinct_id AND p.day = x.day AND p.prev_day IS DISTINCT FROM x.prev', tbl);
    RETURN;
  END IF;
  EXECUTE format(
    'WITH n AS (SELECT DISTINCT distinct_id, day FROM unnest($1, $2) AS n(distinct_id, day)),
     t AS (
       SELECT n.distinct_id, n.day FROM n
       UNION
       SELECT n.distinct_id, nx.day FROM n
       CROSS JOIN LATERAL (SELECT q.day FROM %1$I q WHERE q.distinct_id = n.distinct_id AND q.day > n.day ORDER BY q.day LIMIT 1) nx
     ), v AS (
       SELECT t.distinct_id, t.day, (SELECT q.day FROM %1$I q WHERE q.distinct_id = t.distinct_id AND q.day < t.day ORDER BY q.day DESC LIMIT 1) AS prev FROM t
     )
     UPDATE %1$I p SET prev_day = v.prev FROM v WHERE p.distinct_id = v.distinct_id AND p.day = v.day AND p.prev_day IS DISTINCT FROM v.prev', tbl)
  USING ps, ds;
END;
$$;

CREATE FUNCTION account_active_links_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_accounts) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727061);
  WITH ins AS (
    INSERT INTO account_active_links (distinct_id, day) SELECT distinct_id, day FROM new_accounts ORDER BY 1, 2
    ON CONFLICT DO NOTHING RETURNING distinct_id, day
  )
  SELECT array_agg(distinct_id), array_agg(day) INTO ps, ds FROM ins;
  PERFORM account_links_relink('account_active_links', ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER account_active_days_links AFTER INSERT ON account_active_days
  REFERENCING NEW TABLE AS new_accounts FOR EACH STATEMENT EXECUTE FUNCTION account_active_links_added();
CREATE FUNCTION account_active_links_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_active_links;
  RETURN NULL;
END;
$$;
CREATE TRIGGER account_active_days_links_truncated AFTER TRUNCATE ON account_active_days
  FOR EACH STATEMENT EXECUTE FUNCTION account_active_links_truncated();

CREATE FUNCTION account_payer_days_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_payer_days) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727062);
  WITH ins AS (
    INSERT INTO account_payer_days (distinct_id, day) SELECT DISTINCT distinct_id, day FROM new_payer_days ORDER BY 1, 2
    ON CONFLICT DO NOTHING RETURNING distinct_id, day
  )
  SELECT array_agg(distinct_id), array_agg(day) INTO ps, ds FROM ins;
  INSERT INTO account_payers_daily AS t (day, payers)
    SELECT day, count(*) FROM unnest(ds) AS n(day) GROUP BY 1 ORDER BY 1
    ON CONFLICT (day) DO UPDATE SET payers = t.payers + excluded.payers;
  PERFORM account_links_relink('account_payer_days', ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_payer_days_accounts_ins AFTER INSERT ON income_payer_days
  REFERENCING NEW TABLE AS new_payer_days FOR EACH STATEMENT EXECUTE FUNCTION account_payer_days_added();

CREATE FUNCTION account_payer_days_removed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ps text[];
  ds date[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM gone_payer_days) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727062);
  WITH del AS (
    DELETE FROM account_payer_days a
    USING (SELECT DISTINCT distinct_id, day FROM gone_payer_days) g
    WHERE a.distinct_id = g.distinct_id AND a.day = g.day
      AND NOT EXISTS (SELECT 1 FROM income_payer_days p WHERE p.distinct_id = g.distinct_id AND p.day = g.day)
    RETURNING a.distinct_id, a.day
  )
  SELECT array_agg(distinct_id), array_agg(day) INTO ps, ds FROM del;
  UPDATE account_payers_daily t SET payers = t.payers - n.n
    FROM (SELECT day, count(*) AS n FROM unnest(ds) AS d(day) GROUP BY 1) n WHERE t.day = n.day;
  PERFORM account_links_relink('account_payer_days', ps, ds);
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_payer_days_accounts_del AFTER DELETE ON income_payer_days
  REFERENCING OLD TABLE AS gone_payer_days FOR EACH STATEMENT EXECUTE FUNCTION account_payer_days_removed();
CREATE FUNCTION account_payer_days_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_payer_days, account_payers_daily;
  RETURN NULL;
END;
$$;
CREATE TRIGGER income_payer_days_accounts_truncated AFTER TRUNCATE ON income_payer_days
  FOR EACH STATEMENT EXECUTE FUNCTION account_payer_days_truncated();
