-- Orders and revenue: payment callbacks from game servers (POST /api/ingest/orders/) and
-- the rollups the revenue screens (center_income/*) read instead of the orders.
--
-- Money is integer minor units (bigint): `amount` in the order's currency as sent, `amount_cny` in
-- REPORT_CURRENCY minor units, converted once when the order is stored (contracts/schemas/income).
-- An order is unique per game by the game's order id (the idempotency key of the callbacks). A refund
-- marks the order refunded at `refund_time`; the order keeps its paid `time`.
--
-- Rollups, kept current in the same transaction as the orders they count (server/domain/income):
-- income_daily: per game, calendar day (ANALYTICS_TZ, fixed when written: income_rebuild_rollups
--   redoes them), channel, region and method: gross (paid that day) and refunds (refunded that day),
--   and the counts of both;
-- income_totals: all-time order counts per game, channel, region and method (the list's totals);
-- income_player_days: the same per player (and the order's channel, region, method): exact distinct
--   paying players over any range (a row with orders > 0 is a payer that day) and the player rank;
-- player_active_days: (game, day, player) of every player with a tracked event or an order that day:
--   exact distinct active players over any range (ARPU, paying rate). Events reach it through a
--   statement trigger on tracking_day_players (the event ingestion's presence table), orders directly.

CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  order_id varchar(64) NOT NULL,
  distinct_id varchar(128) NOT NULL,
  amount bigint NOT NULL CHECK (amount > 0),
  currency varchar(3) NOT NULL,
  amount_cny bigint NOT NULL CHECK (amount_cny >= 0),
  channel varchar(64) NOT NULL,
  method varchar(64) NOT NULL,
  region varchar(64) NOT NULL,
  status varchar(8) NOT NULL CHECK (status IN ('paid', 'refunded')),
  time timestamptz NOT NULL,
  refund_time timestamptz,
  received_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refunded') = (refund_time IS NOT NULL))
);
CREATE UNIQUE INDEX orders_game_order_key ON orders (game, order_id);
-- The orders list: newest first, for every game or one.
CREATE INDEX orders_time_idx ON orders (time, id);
CREATE INDEX orders_game_time_idx ON orders (game, time, id);
CREATE INDEX orders_player_idx ON orders (distinct_id);
CREATE INDEX orders_order_id_idx ON orders (order_id);

-- A repeat of an order id with different content: refused (the first kept) and recorded here.
CREATE TABLE order_conflicts (
  id bigserial PRIMARY KEY,
  game integer NOT NULL,
  order_id varchar(64) NOT NULL,
  callback jsonb NOT NULL,
  reason varchar(255) NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_conflicts_order_idx ON order_conflicts (game, order_id);

CREATE TABLE income_daily (
  game integer NOT NULL,
  day date NOT NULL,
  channel varchar(64) NOT NULL,
  region varchar(64) NOT NULL,
  method varchar(64) NOT NULL,
  gross bigint NOT NULL,
  refunds bigint NOT NULL,
  orders integer NOT NULL,
  refund_orders integer NOT NULL,
  -- Orders paid that day that are refunded by now (whenever): the orders list's status counts.
  paid_refunded integer NOT NULL DEFAULT 0,
  PRIMARY KEY (game, day, channel, region, method)
);
CREATE INDEX income_daily_day_idx ON income_daily (day);

-- All-time order counts per game, channel, region and method: the orders list's total without a date range.
CREATE TABLE income_totals (
  game integer NOT NULL,
  channel varchar(64) NOT NULL,
  region varchar(64) NOT NULL,
  method varchar(64) NOT NULL,
  orders bigint NOT NULL,
  paid_refunded bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (game, channel, region, method)
);

CREATE TABLE income_player_days (
  game integer NOT NULL,
  day date NOT NULL,
  distinct_id varchar(128) NOT NULL,
  channel varchar(64) NOT NULL,
  region varchar(64) NOT NULL,
  method varchar(64) NOT NULL,
  gross bigint NOT NULL,
  refunds bigint NOT NULL,
  orders integer NOT NULL,
  refund_orders integer NOT NULL,
  PRIMARY KEY (game, day, distinct_id, channel, region, method)
);
CREATE INDEX income_player_days_day_idx ON income_player_days (day, game) INCLUDE (distinct_id, orders);

CREATE TABLE player_active_days (
  game integer NOT NULL,
  day date NOT NULL,
  distinct_id varchar(128) NOT NULL,
  PRIMARY KEY (day, game, distinct_id)
);

-- Players with events: the days already rolled up, then every new (game, event, day, player) row.
INSERT INTO player_active_days (game, day, distinct_id) SELECT DISTINCT game, day, distinct_id FROM tracking_day_players ON CONFLICT DO NOTHING;

CREATE FUNCTION player_active_days_from_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO player_active_days (game, day, distinct_id)
    SELECT DISTINCT game, day, distinct_id FROM new_presence ORDER BY 2, 1, 3
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER tracking_day_players_active AFTER INSERT ON tracking_day_players
  REFERENCING NEW TABLE AS new_presence FOR EACH STATEMENT EXECUTE FUNCTION player_active_days_from_events();

-- Rebuilds the revenue rollups and the active days from orders and tracking_day_players, days in
-- time zone `tz` (bulk loads, a changed ANALYTICS_TZ; run tracking_rebuild_rollups(tz) first).
CREATE FUNCTION income_rebuild_rollups(tz text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE income_daily, income_totals, income_player_days, player_active_days;
  INSERT INTO income_daily (game, day, channel, region, method, gross, refunds, orders, refund_orders)
    SELECT game, day, channel, region, method, sum(gross), sum(refunds), sum(orders), sum(refund_orders) FROM (
      SELECT game, (time AT TIME ZONE tz)::date AS day, channel, region, method, amount_cny AS gross, 0 AS refunds, 1 AS orders, 0 AS refund_orders FROM orders
      UNION ALL
      SELECT game, (refund_time AT TIME ZONE tz)::date, channel, region, method, 0, amount_cny, 0, 1 FROM orders WHERE refund_time IS NOT NULL
    ) o GROUP BY 1, 2, 3, 4, 5;
  UPDATE income_daily d SET paid_refunded = r.n
    FROM (SELECT game, (time AT TIME ZONE tz)::date AS day, channel, region, method, count(*) AS n FROM orders WHERE status = 'refunded' GROUP BY 1, 2, 3, 4, 5) r
    WHERE (d.game, d.day, d.channel, d.region, d.method) = (r.game, r.day, r.channel, r.region, r.method);
  INSERT INTO income_totals (game, channel, region, method, orders, paid_refunded)
    SELECT game, channel, region, method, count(*), count(*) FILTER (WHERE status = 'refunded') FROM orders GROUP BY 1, 2, 3, 4;
  INSERT INTO income_player_days (game, day, distinct_id, channel, region, method, gross, refunds, orders, refund_orders)
    SELECT game, day, distinct_id, channel, region, method, sum(gross), sum(refunds), sum(orders), sum(refund_orders) FROM (
      SELECT game, (time AT TIME ZONE tz)::date AS day, distinct_id, channel, region, method, amount_cny AS gross, 0 AS refunds, 1 AS orders, 0 AS refund_orders FROM orders
      UNION ALL
      SELECT game, (refund_time AT TIME ZONE tz)::date, distinct_id, channel, region, method, 0, amount_cny, 0, 1 FROM orders WHERE refund_time IS NOT NULL
    ) o GROUP BY 1, 2, 3, 4, 5, 6;
  INSERT INTO player_active_days (game, day, distinct_id)
    SELECT game, day, distinct_id FROM tracking_day_players
    UNION
    SELECT game, day, distinct_id FROM income_player_days WHERE orders > 0;
END;
$$;
