-- Account retention as a rollup (performance, data_reports/user_stats): per registration day of an
-- ACCOUNT (its first active day in any game, = player_accounts.first_day) and n = 0..30, how many of the
-- accounts registered that day were active in any game on day + n (n = 0: the accounts registered).
-- The report read one index probe into account_active_days per new account and retained day (73 ms of
-- the 90-day user report's 130 ms on the embedded database at the bench's 5 M events); now it sums at
-- most 31 rows per day.
--
-- Kept in the same statement trigger as account_active_links (059), under its lock (727061), from the
-- links table (every active day of an account, by account and day):
--   a new account: +1 at (its first new day, day - first) for each new day within 30 days;
--   an account whose first day stays: +1 at (first, day - first) for each new day within 30 days;
--   an account whose new days start before its first day (late events): its counts come off the old
--     first day (every day it had within 30 days of it, n = 0 included) and all its days count again
--     from the new first day.
-- TRUNCATE of account_active_days empties it; a statement of more than 20,000 new days (bulk refills)
-- is linked as before (059's relink) and recounts it from the links in one pass. account_retention_rebuild() does that (tests compare).

CREATE TABLE account_retention_daily (
  day date NOT NULL,
  n smallint NOT NULL,
  retained integer NOT NULL,
  PRIMARY KEY (day, n)
);

CREATE FUNCTION account_retention_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_retention_daily;
  INSERT INTO account_retention_daily (day, n, retained)
  SELECT f.first_day, (l.day - f.first_day)::smallint, count(*)::int
  FROM (SELECT distinct_id, min(day) AS first_day FROM account_active_links GROUP BY 1) f
  JOIN account_active_links l ON l.distinct_id = f.distinct_id AND l.day <= f.first_day + 30
  GROUP BY 1, 2;
END;
$$;

CREATE OR REPLACE FUNCTION account_active_links_added() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ps text[];
  ds date[];
  ids text[];
  olds date[];
  mins date[];
  k integer;
BEGIN
  SELECT count(*) INTO k FROM new_accounts;
  IF k = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(727061);
  -- Bulk statements (more than 20,000 new days) are recounted in one pass below. Others: each account's
  -- first day before this statement (NULL: new) and its earliest new day.
  IF k <= 20000 THEN
    SELECT array_agg(x.distinct_id), array_agg(x.old_first), array_agg(x.new_min) INTO ids, olds, mins
    FROM (
      SELECT n.distinct_id, min(n.day) AS new_min,
        (SELECT l.day FROM account_active_links l WHERE l.distinct_id = n.distinct_id ORDER BY l.day LIMIT 1) AS old_first
      FROM new_accounts n GROUP BY 1
    ) x;
    -- Accounts whose first day moves earlier: their counts come off the old first day, from the days they
    -- had before this statement (read before the new ones are linked: some may lie after the old first day).
    INSERT INTO account_retention_daily AS t (day, n, retained)
    SELECT m.old_first, (l.day - m.old_first)::smallint, -count(*)::int
    FROM unnest(ids, olds, mins) AS m(distinct_id, old_first, new_min)
    JOIN account_active_links l ON l.distinct_id = m.distinct_id AND l.day >= m.old_first AND l.day <= m.old_first + 30
    WHERE m.old_first IS NOT NULL AND m.new_min < m.old_first
    GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (day, n) DO UPDATE SET retained = t.retained + excluded.retained;
  END IF;
  WITH ins AS (
    INSERT INTO account_active_links (distinct_id, day) SELECT distinct_id, day FROM new_accounts ORDER BY 1, 2
    ON CONFLICT DO NOTHING RETURNING distinct_id, day
  )
  SELECT array_agg(distinct_id), array_agg(day) INTO ps, ds FROM ins;
  PERFORM account_links_relink('account_active_links', ps, ds);
  IF coalesce(array_length(ps, 1), 0) = 0 THEN
    RETURN NULL;
  END IF;
  IF k > 20000 THEN
    PERFORM account_retention_rebuild();
    RETURN NULL;
  END IF;
  WITH m AS (
    SELECT * FROM unnest(ids, olds, mins) AS m(distinct_id, old_first, new_min)
  ), moved AS (
    SELECT * FROM m WHERE old_first IS NOT NULL AND new_min < old_first
  ), ch AS (
    -- On the new first day: all its days within 30 days of it, old and new.
    SELECT mv.new_min AS day, (l.day - mv.new_min) AS n, 1 AS d
    FROM moved mv JOIN account_active_links l ON l.distinct_id = mv.distinct_id AND l.day >= mv.new_min AND l.day <= mv.new_min + 30
    UNION ALL
    -- Accounts whose first day stays (or new ones): their new days.
    SELECT coalesce(m.old_first, m.new_min), (i.day - coalesce(m.old_first, m.new_min)), 1
    FROM unnest(ps, ds) AS i(distinct_id, day) JOIN m ON m.distinct_id = i.distinct_id
    WHERE (m.old_first IS NULL OR m.new_min > m.old_first) AND i.day <= coalesce(m.old_first, m.new_min) + 30
  )
  INSERT INTO account_retention_daily AS t (day, n, retained)
  SELECT day, n::smallint, sum(d)::int FROM ch GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, n) DO UPDATE SET retained = t.retained + excluded.retained;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION account_active_links_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE account_active_links, account_retention_daily;
  RETURN NULL;
END;
$$;

SELECT account_retention_rebuild();
