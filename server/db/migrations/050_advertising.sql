-- Advertising (advertisement/*): campaigns per game and channel, their daily spend, and the
-- clicks of the tracking link GET /api/advertisement/click/. Attribution is NOT stored: installs
-- (player_registrations, kept at ingestion by migration 046) are matched to the last click of the same
-- device by query (server/domain/advertising/attribution.ts), so a click or an install that arrives
-- late is counted the next time anyone asks, and a change of the window rewrites nothing.

CREATE TABLE ad_campaigns (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  channel varchar(64) NOT NULL,
  name varchar(64) NOT NULL,
  -- The whole period's budget in CNY fen.
  budget bigint NOT NULL CHECK (budget >= 0),
  start_date date NOT NULL,
  end_date date NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'ended')),
  store_url varchar(500) NOT NULL CHECK (store_url ~* '^https?://'),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK (end_date >= start_date)
);
CREATE INDEX ad_campaigns_game_idx ON ad_campaigns (game);
CREATE INDEX ad_campaigns_created_idx ON ad_campaigns (create_datetime DESC, id DESC);

-- Spend per campaign and calendar day (ANALYTICS_TZ), CNY fen; entered or imported (a day written again replaces it).
CREATE TABLE ad_spend (
  campaign integer NOT NULL REFERENCES ad_campaigns (id) ON DELETE CASCADE,
  day date NOT NULL,
  amount bigint NOT NULL CHECK (amount >= 0),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (campaign, day)
);

-- One row per recorded click; game and channel copied from the campaign (attribution reads by device and game).
CREATE TABLE ad_clicks (
  id bigserial PRIMARY KEY,
  campaign integer NOT NULL REFERENCES ad_campaigns (id) ON DELETE CASCADE,
  game integer NOT NULL,
  channel varchar(64) NOT NULL,
  device_id varchar(128) NOT NULL,
  time timestamptz NOT NULL DEFAULT now(),
  ip varchar(64) NOT NULL DEFAULT ''
);
CREATE INDEX ad_clicks_device_idx ON ad_clicks (game, device_id, time DESC);
CREATE INDEX ad_clicks_campaign_idx ON ad_clicks (campaign, time);
CREATE INDEX ad_clicks_time_idx ON ad_clicks (time);
-- Installs by time (the attribution list and the campaign figures read a range of them).
CREATE INDEX IF NOT EXISTS player_registrations_time_idx ON player_registrations (time);
