-- Gift codes (issue 14): batches per game and their codes. A code is unique platform-wide (primary
-- key); its status is derived: redeemed (player set), else void (batch voided), else expired (past
-- the batch's end), else unused. `redeemed` counts the batch's redeemed codes, kept in the
-- redemption's transaction.

CREATE TABLE gift_code_batches (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE RESTRICT,
  name varchar(64),
  count integer NOT NULL CHECK (count BETWEEN 1 AND 100000),
  prefix varchar(8) NOT NULL DEFAULT '' CHECK (prefix ~ '^[A-Z0-9]*$'),
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
CREATE INDEX gift_code_batches_game_idx ON gift_code_batches (game);
CREATE INDEX gift_code_batches_created_idx ON gift_code_batches (create_datetime DESC, id DESC);

CREATE TABLE gift_codes (
  code varchar(40) PRIMARY KEY,
  batch integer NOT NULL REFERENCES gift_code_batches (id) ON DELETE CASCADE,
  player varchar(64),
  redeem_time timestamptz
);
CREATE INDEX gift_codes_batch_idx ON gift_codes (batch, code);
