-- The workbench (menu dashboard/workbench): each user's own widget grid and the pages
-- they open most. The layout is one JSON array per user, validated by the route (contracts/schemas/
-- workbench.ts) before it is written, in one statement; no row means the default layout.

CREATE TABLE workbench_layouts (
  user_id integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  widgets jsonb NOT NULL CHECK (jsonb_typeof(widgets) = 'array'),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

-- Page opens per user and route: a counter and the last time, upserted by POST workbench/visit/.
CREATE TABLE workbench_visits (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  path varchar(200) NOT NULL,
  visits integer NOT NULL DEFAULT 1 CHECK (visits >= 1),
  last_visit timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, path)
);
CREATE INDEX workbench_visits_top ON workbench_visits (user_id, visits DESC, last_visit DESC);
