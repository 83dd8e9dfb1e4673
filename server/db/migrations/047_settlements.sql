-- Partner settlements (cooperate/*): the revenue-share rate of each partner with the month it
-- takes effect from (a new rate never rewrites the months before it), and locked (confirmed) months
-- with the settlement as it was confirmed, so a locked month never moves (late orders or refunds of a
-- locked month are refused a rate change; figures are read from the snapshot).

CREATE TABLE partner_share_rates (
  id serial PRIMARY KEY,
  partner integer NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  -- The first day of the first month the rate applies to.
  effective_month date NOT NULL CHECK (extract(day FROM effective_month) = 1),
  -- The partner's share of revenue in basis points (7000 = 70 %).
  rate_bp integer NOT NULL CHECK (rate_bp BETWEEN 0 AND 10000),
  note varchar(200) NOT NULL DEFAULT '',
  creator integer,
  create_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partner, effective_month)
);

CREATE TABLE settlement_locks (
  partner integer NOT NULL REFERENCES partners (id) ON DELETE CASCADE,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  locked_by integer,
  locked_by_name varchar(150) NOT NULL DEFAULT '',
  locked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (partner, month)
);

-- The settlement of a locked month per game, as confirmed (amounts in CNY fen).
CREATE TABLE settlement_lines (
  partner integer NOT NULL,
  month date NOT NULL,
  game integer NOT NULL,
  game_name varchar(200) NOT NULL,
  gross bigint NOT NULL,
  refunds bigint NOT NULL,
  revenue bigint NOT NULL,
  orders integer NOT NULL,
  refund_orders integer NOT NULL,
  rate_bp integer NOT NULL,
  partner_amount bigint NOT NULL,
  PRIMARY KEY (partner, month, game),
  FOREIGN KEY (partner, month) REFERENCES settlement_locks (partner, month) ON DELETE CASCADE
);

-- The Update button of 合作报表 (set a rate, lock a month) on databases seeded before it existed.
INSERT INTO menu_buttons (menu, name, value, api, method)
SELECT m.id, '编辑', 'Update', '/api/cooperate/reports/{id}/', 2 FROM menus m
WHERE m.component = 'cooperate/reports'
  AND NOT EXISTS (SELECT 1 FROM menu_buttons b WHERE b.menu = m.id AND b.value = 'Update');
