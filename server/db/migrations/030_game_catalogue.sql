-- The game catalogue: partners (co-operators), tags, games of four kinds in one table,
-- their tags and their releases. Audit columns as every other table (API-CONTRACT §3).

CREATE TABLE partners (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL,
  contact varchar(32),
  phone varchar(32),
  email varchar(128),
  status boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX partners_name_key ON partners (lower(name));

CREATE TABLE tags (
  id serial PRIMARY KEY,
  name varchar(32) NOT NULL,
  color varchar(7) NOT NULL CHECK (color ~ '^#[0-9a-f]{6}$'),
  sort integer NOT NULL DEFAULT 1,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX tags_name_key ON tags (lower(name));

CREATE TABLE games (
  id serial PRIMARY KEY,
  kind varchar(8) NOT NULL CHECK (kind IN ('android', 'h5', 'mini', 'soft')),
  name varchar(64) NOT NULL,
  icon varchar(255),
  status varchar(12) NOT NULL DEFAULT 'developing' CHECK (status IN ('developing', 'testing', 'online', 'offline')),
  partner integer REFERENCES partners (id) ON DELETE SET NULL,
  -- android
  package_id varchar(150),
  min_sdk integer CHECK (min_sdk BETWEEN 1 AND 99),
  -- h5
  url varchar(500),
  code varchar(32),
  -- mini
  platform varchar(8) CHECK (platform IN ('wechat', 'douyin', 'alipay')),
  app_id varchar(64),
  -- soft
  category varchar(16),
  current_release integer,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'android' OR (package_id IS NOT NULL AND min_sdk IS NOT NULL)),
  CHECK (kind <> 'h5' OR (url IS NOT NULL AND code IS NOT NULL AND url ~* '^https?://')),
  CHECK (kind <> 'mini' OR (platform IS NOT NULL AND app_id IS NOT NULL)),
  CHECK (kind <> 'soft' OR category IS NOT NULL)
);
CREATE UNIQUE INDEX games_package_id_key ON games (package_id);
CREATE UNIQUE INDEX games_code_key ON games (lower(code));
CREATE UNIQUE INDEX games_mini_app_key ON games (platform, app_id);
CREATE INDEX games_kind_created_idx ON games (kind, create_datetime DESC, id DESC);
CREATE INDEX games_lower_name_idx ON games (lower(name) text_pattern_ops);

CREATE TABLE game_tags (
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
  PRIMARY KEY (game_id, tag_id)
);
CREATE INDEX game_tags_tag_idx ON game_tags (tag_id, game_id);

-- Uploads for a purpose (icon, package) keep the server-computed SHA-256 beside the md5.
ALTER TABLE file_list ADD COLUMN sha256 varchar(64);
ALTER TABLE file_list ADD COLUMN purpose varchar(16);

CREATE TABLE game_releases (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  version varchar(64) NOT NULL,
  build integer NOT NULL CHECK (build BETWEEN 1 AND 2000000000),
  changelog text,
  -- The package: the upload row it came from, and what the server computed (kept when that row goes).
  file integer REFERENCES file_list (id) ON DELETE SET NULL,
  file_url varchar(255),
  file_name varchar(200),
  size bigint CHECK (size > 0),
  sha256 varchar(64) CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  channels jsonb NOT NULL DEFAULT '[]',
  release_time timestamptz NOT NULL DEFAULT now(),
  status varchar(12) NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'rolled_back')),
  publish_time timestamptz,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (game, build),
  UNIQUE (game, version)
);
CREATE INDEX game_releases_created_idx ON game_releases (create_datetime DESC, id DESC);
CREATE INDEX game_releases_sha256_idx ON game_releases (sha256);

ALTER TABLE games ADD CONSTRAINT games_current_release_fkey FOREIGN KEY (current_release) REFERENCES game_releases (id) ON DELETE SET NULL;
