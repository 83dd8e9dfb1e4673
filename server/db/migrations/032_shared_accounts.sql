-- Shared third-party accounts (common/account): app stores, ad networks and payment
-- providers used by games. `secret` holds the credential encrypted (AES-256-GCM, key from the
-- configuration, see server/domain/secret-box.ts); it never leaves the server but through reveal.

CREATE TABLE shared_accounts (
  id serial PRIMARY KEY,
  provider varchar(16) NOT NULL,
  name varchar(64) NOT NULL,
  account varchar(128) NOT NULL,
  secret text,
  url varchar(255),
  status boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, account)
);

CREATE TABLE shared_account_games (
  account_id integer NOT NULL REFERENCES shared_accounts (id) ON DELETE CASCADE,
  game_id integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  PRIMARY KEY (account_id, game_id)
);
CREATE INDEX shared_account_games_game_idx ON shared_account_games (game_id);
