-- Event tracking: which games send events (tracking apps, with an app key and a sealed
-- secret), the events they may send (per game, or global for every game), funnels, and the raw events.
--
-- Raw events live in `tracking_events`, range-partitioned by `time` into calendar months (UTC):
-- queries over a date range read only its months. A month's partition is made on demand by
-- `tracking_ensure_partition(ts)` (the ingestion calls it for each month a batch touches; it is
-- idempotent and safe under concurrency through an advisory lock). The same SQL runs on PGlite and
-- PostgreSQL. A partitioned table's unique keys must hold the partition key, so an event's uuid is
-- made unique platform-wide by `tracking_event_ids` (the idempotency register: a retried event finds
-- its uuid there and is not stored again).

CREATE TABLE tracking_apps (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  app_key varchar(32) NOT NULL,
  -- The HMAC secret, sealed (server/domain/secret-box.ts); answered only by regenerate.
  secret text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tracking_apps_game_key ON tracking_apps (game);
CREATE UNIQUE INDEX tracking_apps_app_key_key ON tracking_apps (app_key);

-- An event a game may send. game NULL: a global event (register, login, session_start, ...), valid
-- for every game; a game's own definition of the same identifier takes precedence for that game.
-- properties: [{ name, type: string|number|boolean|datetime, required }].
CREATE TABLE tracking_event_defines (
  id serial PRIMARY KEY,
  game integer REFERENCES games (id) ON DELETE RESTRICT,
  event varchar(64) NOT NULL CHECK (event ~ '^[a-z][a-z0-9_]*$'),
  name varchar(64) NOT NULL,
  properties jsonb NOT NULL DEFAULT '[]'::jsonb,
  enabled boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tracking_event_defines_key ON tracking_event_defines (coalesce(game, 0), event);

-- A funnel of one game: steps [{ event, filters?: [{ property, op, value }] }] (2..10, in order) and
-- the conversion window (1 minute .. 30 days).
CREATE TABLE tracking_funnels (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  name varchar(64) NOT NULL,
  steps jsonb NOT NULL,
  window_seconds integer NOT NULL CHECK (window_seconds BETWEEN 60 AND 2592000),
  enabled boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK (jsonb_typeof(steps) = 'array' AND jsonb_array_length(steps) BETWEEN 2 AND 10)
);
CREATE INDEX tracking_funnels_game_idx ON tracking_funnels (game);

-- Raw events. distinct_id: the player as the game identifies them. properties: the event's
-- properties as sent (checked against the definition). received_at: when the platform stored it.
CREATE TABLE tracking_events (
  time timestamptz NOT NULL,
  uuid uuid NOT NULL,
  game integer NOT NULL,
  event varchar(64) NOT NULL,
  distinct_id varchar(128) NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}'::jsonb,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (time, uuid)
) PARTITION BY RANGE (time);
-- Funnels and sessions read one game's players in time order; trends one game's event in a range.
CREATE INDEX tracking_events_game_player_idx ON tracking_events (game, distinct_id, time);
CREATE INDEX tracking_events_game_event_idx ON tracking_events (game, event, time);

-- The idempotency register: one row per stored event (uuid unique platform-wide).
CREATE TABLE tracking_event_ids (
  uuid uuid PRIMARY KEY,
  time timestamptz NOT NULL
);

-- Makes the calendar month (UTC) partition of tracking_events that holds `ts`, unless it exists.
CREATE FUNCTION tracking_ensure_partition(ts timestamptz) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamptz := date_trunc('month', ts AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  name text := 'tracking_events_' || to_char(ts AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN name;
  END IF;
  -- Two ingesting servers may meet here: one creates, the other waits and then finds it.
  PERFORM pg_advisory_xact_lock(727015);
  IF to_regclass(name) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF tracking_events FOR VALUES FROM (%L) TO (%L)', name, month_start, month_start + interval '1 month');
  END IF;
  RETURN name;
END;
$$;
