-- Page checks of H5 games (menu automation/webElement): element locators per H5 game and
-- the result of every evaluation. The task `pages.check` (server/jobs/page-check.ts) loads a game's
-- entry page (or the locator's own page) on the server, evaluates each enabled locator with an HTML
-- parser and writes one result row per locator, and the latest outcome onto the locator, in one
-- transaction.

CREATE TABLE page_locators (
  id serial PRIMARY KEY,
  game integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  -- NULL: the game's entry URL.
  url varchar(500) CHECK (url IS NULL OR url ~* '^https?://'),
  selector varchar(500) NOT NULL,
  check_kind varchar(10) NOT NULL DEFAULT 'exists' CHECK (check_kind IN ('exists', 'text', 'attribute')),
  attribute varchar(64),
  expected varchar(500),
  match varchar(8) NOT NULL DEFAULT 'contains' CHECK (match IN ('equals', 'contains')),
  enabled boolean NOT NULL DEFAULT true,
  last_checked timestamptz,
  last_passed boolean,
  last_actual varchar(500),
  last_message varchar(500),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  CHECK (check_kind <> 'attribute' OR attribute IS NOT NULL),
  CHECK (check_kind = 'exists' OR expected IS NOT NULL)
);
CREATE INDEX page_locators_game_idx ON page_locators (game, id);

CREATE TABLE page_check_results (
  id bigserial PRIMARY KEY,
  -- The automation run that evaluated it (automation_runs.id, the pg-boss job id).
  run uuid,
  game integer NOT NULL REFERENCES games (id) ON DELETE CASCADE,
  locator integer NOT NULL REFERENCES page_locators (id) ON DELETE CASCADE,
  url varchar(500) NOT NULL,
  http_status integer,
  passed boolean NOT NULL,
  actual varchar(500),
  message varchar(500),
  duration_ms integer NOT NULL DEFAULT 0,
  checked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_check_results_locator_idx ON page_check_results (locator, checked_at DESC, id DESC);
CREATE INDEX page_check_results_time_idx ON page_check_results (checked_at DESC, id DESC);
