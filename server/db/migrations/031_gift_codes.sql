-- Gift codes: batches per game and their codes. Every code of a batch starts with the
-- batch's `stem` (prefix + the spec's generator: a date stamp and random digits), unique among
-- batches, and ends with a random tail unique in the batch: codes are unique platform-wide by
-- construction, and the primary key checks it. A batch's codes are one key range of that primary key
-- (stem .. stem || '~'), so no second index (and no per-row foreign-key check) slows a 100,000-code
-- insert; the batch delete removes its range itself. A code's status is derived: redeemed (player
-- set), else void (batch voided), else expired (past the batch's end), else unused. `redeemed` counts
-- the batch's redeemed codes, kept in the redemption's transaction.

CREATE TABLE gift_code_batches (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  name varchar(64),
  count integer NOT NULL CHECK (count BETWEEN 1 AND 100000),
  prefix varchar(8) NOT NULL DEFAULT '' CHECK (prefix ~ '^[A-Z0-9]*$'),
  stem varchar(32) NOT NULL CHECK (stem ~ '^[A-Z0-9]+$'),
  generator varchar(8) NOT NULL DEFAULT 'short' CHECK (generator IN ('date', 'short')),
  start_time timestamptz NOT NULL,
  end_time timestamptz NOT NULL,
  reward varchar(200) NOT NULL,
  status varchar(8) NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'void')),
  void_time timestamptz,
  redeemed integer NOT NULL DEFAULT 0 CHECK (redeemed >= 0),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK (end_time > start_time)
);
CREATE UNIQUE INDEX gift_code_batches_stem_key ON gift_code_batches (stem);
CREATE INDEX gift_code_batches_game_idx ON gift_code_batches (game);
CREATE INDEX gift_code_batches_created_idx ON gift_code_batches (create_datetime DESC, id DESC);

CREATE TABLE gift_codes (
  code varchar(40) PRIMARY KEY,
  batch integer NOT NULL,
  player varchar(64),
  redeem_time timestamptz
);
