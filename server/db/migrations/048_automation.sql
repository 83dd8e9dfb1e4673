-- Automation: schedules and the record of every job run. The queue itself is pg-boss
-- (its own schema `pgboss`, created by server/jobs/queue.ts through the library's migrations); these
-- tables hold what the console shows and what decides when a schedule is due.
--
-- automation_crontabs / automation_intervals: reusable schedules (a crontab in a time zone, or every
-- N seconds/minutes/hours/days). automation_schedules: a task kind with its arguments bound to exactly
-- one of them; `next_run` is the next due time, advanced by the instance that enqueues it, in the
-- same transaction (SELECT … FOR UPDATE SKIP LOCKED): one run per due time however many instances
-- tick. automation_runs: one row per job (id = the pg-boss job id), written as it moves through
-- queued → running → succeeded / failed / retrying / cancelled. automation_workers: each server
-- instance's heartbeat and counters (the 执行节点 screen).

CREATE TABLE automation_crontabs (
  id serial PRIMARY KEY,
  expression varchar(120) NOT NULL,
  timezone varchar(64) NOT NULL DEFAULT 'Asia/Shanghai',
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE automation_intervals (
  id serial PRIMARY KEY,
  every integer NOT NULL CHECK (every > 0),
  period varchar(8) NOT NULL CHECK (period IN ('seconds', 'minutes', 'hours', 'days')),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE automation_schedules (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL,
  task varchar(64) NOT NULL,
  args jsonb NOT NULL DEFAULT '{}'::jsonb,
  crontab integer REFERENCES automation_crontabs (id) ON DELETE RESTRICT,
  interval integer REFERENCES automation_intervals (id) ON DELETE RESTRICT,
  enabled boolean NOT NULL DEFAULT true,
  exclusive boolean NOT NULL DEFAULT false,
  next_run timestamptz,
  last_run timestamptz,
  total_runs integer NOT NULL DEFAULT 0,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK ((crontab IS NULL) <> (interval IS NULL))
);
CREATE UNIQUE INDEX automation_schedules_name_key ON automation_schedules (lower(name));
-- The ticker's question every second: which enabled schedules are due.
CREATE INDEX automation_schedules_due_idx ON automation_schedules (next_run) WHERE enabled;

CREATE TABLE automation_runs (
  id uuid PRIMARY KEY,
  task varchar(64) NOT NULL,
  args jsonb NOT NULL DEFAULT '{}'::jsonb,
  schedule integer REFERENCES automation_schedules (id) ON DELETE SET NULL,
  schedule_name varchar(100),
  -- the due time a schedule enqueued it for (null: run by hand)
  due timestamptz,
  trigger varchar(8) NOT NULL CHECK (trigger IN ('schedule', 'manual')),
  requested_by integer,
  state varchar(10) NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'retrying', 'cancelled')),
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 1,
  queued timestamptz NOT NULL DEFAULT now(),
  started timestamptz,
  finished timestamptz,
  duration_ms integer,
  result jsonb,
  error text,
  instance varchar(64),
  -- the failed or cancelled run this one repeats (the runs list's 重试)
  retry_of uuid
);
CREATE INDEX automation_runs_queued_idx ON automation_runs (queued DESC, id);
CREATE INDEX automation_runs_schedule_idx ON automation_runs (schedule, queued DESC);
CREATE INDEX automation_runs_state_idx ON automation_runs (state) WHERE state IN ('queued', 'running', 'retrying');

CREATE TABLE automation_workers (
  instance varchar(64) PRIMARY KEY,
  host varchar(255) NOT NULL,
  pid integer NOT NULL,
  started timestamptz NOT NULL,
  heartbeat timestamptz NOT NULL,
  stopped timestamptz,
  in_flight integer NOT NULL DEFAULT 0,
  completed bigint NOT NULL DEFAULT 0,
  failed bigint NOT NULL DEFAULT 0,
  load jsonb NOT NULL DEFAULT '{}'::jsonb
);

-- The gift-code expiry task: when a batch's end passed, how many of its codes lapsed unused.
ALTER TABLE gift_code_batches ADD COLUMN lapsed_time timestamptz;
ALTER TABLE gift_code_batches ADD COLUMN lapsed integer;

-- The rollup task (`rollups.rebuild`): the same as tracking_rebuild_rollups / income_rebuild_rollups,
-- limited to the calendar days d1..d2 (time zone `tz`) and optionally one game (null: every game).
-- Rows of other days are untouched; the all-time order totals are recounted for the games concerned.
CREATE FUNCTION tracking_rebuild_rollups_range(tz text, d1 date, d2 date, one_game integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  t1 timestamptz := d1::timestamp AT TIME ZONE tz;
  t2 timestamptz := (d2 + 1)::timestamp AT TIME ZONE tz;
  n bigint;
BEGIN
  DELETE FROM tracking_day_players WHERE day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game);
  DELETE FROM tracking_hourly WHERE hour >= date_trunc('hour', t1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND hour < t2 AND (one_game IS NULL OR game = one_game);
  DELETE FROM tracking_daily WHERE day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game);
  INSERT INTO tracking_day_players (game, event, day, distinct_id)
    SELECT DISTINCT game, event, (time AT TIME ZONE tz)::date, distinct_id FROM tracking_events
    WHERE time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game);
  INSERT INTO tracking_hourly (game, event, hour, events, last_time)
    SELECT game, event, date_trunc('hour', time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), max(time)
    FROM tracking_events WHERE time >= date_trunc('hour', t1 AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AND time < t2 AND (one_game IS NULL OR game = one_game)
    GROUP BY 1, 2, 3
    ON CONFLICT (game, event, hour) DO UPDATE SET events = EXCLUDED.events, last_time = EXCLUDED.last_time;
  INSERT INTO tracking_daily (game, event, day, events, players)
    SELECT game, event, (time AT TIME ZONE tz)::date, count(*), count(DISTINCT distinct_id)
    FROM tracking_events WHERE time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game)
    GROUP BY 1, 2, 3;
  SELECT coalesce(sum(events), 0) INTO n FROM tracking_daily WHERE day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game);
  RETURN n;
END;
$$;

CREATE FUNCTION income_rebuild_rollups_range(tz text, d1 date, d2 date, one_game integer) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE
  t1 timestamptz := d1::timestamp AT TIME ZONE tz;
  t2 timestamptz := (d2 + 1)::timestamp AT TIME ZONE tz;
  n bigint;
BEGIN
  DELETE FROM income_daily WHERE day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game);
  DELETE FROM income_player_days WHERE day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game);
  INSERT INTO income_daily (game, day, channel, region, method, gross, refunds, orders, refund_orders)
    SELECT game, day, channel, region, method, sum(gross), sum(refunds), sum(orders), sum(refund_orders) FROM (
      SELECT game, (time AT TIME ZONE tz)::date AS day, channel, region, method, amount_cny AS gross, 0 AS refunds, 1 AS orders, 0 AS refund_orders
        FROM orders WHERE time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game)
      UNION ALL
      SELECT game, (refund_time AT TIME ZONE tz)::date, channel, region, method, 0, amount_cny, 0, 1
        FROM orders WHERE refund_time >= t1 AND refund_time < t2 AND (one_game IS NULL OR game = one_game)
    ) o GROUP BY 1, 2, 3, 4, 5;
  UPDATE income_daily d SET paid_refunded = r.n
    FROM (SELECT game, (time AT TIME ZONE tz)::date AS day, channel, region, method, count(*) AS n FROM orders
          WHERE status = 'refunded' AND time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game) GROUP BY 1, 2, 3, 4, 5) r
    WHERE (d.game, d.day, d.channel, d.region, d.method) = (r.game, r.day, r.channel, r.region, r.method);
  INSERT INTO income_player_days (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
    SELECT game, day, distinct_id, channel, region, method, sum(gross), sum(refunds), sum(orders), sum(refund_orders) FROM (
      SELECT game, (time AT TIME ZONE tz)::date AS day, distinct_id, channel, region, method, amount_cny AS gross, 0 AS refunds, 1 AS orders, 0 AS refund_orders
        FROM orders WHERE time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game)
      UNION ALL
      SELECT game, (refund_time AT TIME ZONE tz)::date, distinct_id, channel, region, method, 0, amount_cny, 0, 1
        FROM orders WHERE refund_time >= t1 AND refund_time < t2 AND (one_game IS NULL OR game = one_game)
    ) o GROUP BY 1, 2, 3, 4, 5, 6;
  DELETE FROM income_totals WHERE one_game IS NULL OR game = one_game;
  INSERT INTO income_totals (game, channel, region, method, orders, paid_refunded)
    SELECT game, channel, region, method, count(*), count(*) FILTER (WHERE status = 'refunded') FROM orders
    WHERE one_game IS NULL OR game = one_game GROUP BY 1, 2, 3, 4;
  INSERT INTO player_active_days (game, day, distinct_id)
    SELECT game, day, distinct_id FROM income_player_days
    WHERE orders > 0 AND day BETWEEN d1 AND d2 AND (one_game IS NULL OR game = one_game)
    ON CONFLICT DO NOTHING;
  SELECT count(*) INTO n FROM orders WHERE time >= t1 AND time < t2 AND (one_game IS NULL OR game = one_game);
  RETURN n;
END;
$$;
