-- Message center (API-CONTRACT §10): messages, their targets, and one row per recipient with the
-- recipient's own read state.

CREATE TABLE message_center (
  id bigserial PRIMARY KEY,
  title varchar(100) NOT NULL,
  content text NOT NULL,
  target_type integer NOT NULL DEFAULT 0 CHECK (target_type BETWEEN 0 AND 3),
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_center_creator_idx ON message_center (creator, create_datetime DESC);

CREATE TABLE message_center_target_role (
  message_id bigint NOT NULL REFERENCES message_center (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (message_id, role_id)
);

CREATE TABLE message_center_target_dept (
  message_id bigint NOT NULL REFERENCES message_center (id) ON DELETE CASCADE,
  dept_id integer NOT NULL REFERENCES depts (id) ON DELETE CASCADE,
  PRIMARY KEY (message_id, dept_id)
);

CREATE TABLE message_center_target_user (
  id bigserial PRIMARY KEY,
  messagecenter bigint NOT NULL REFERENCES message_center (id) ON DELETE CASCADE,
  users integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  is_read boolean NOT NULL DEFAULT false,
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (messagecenter, users)
);
CREATE INDEX message_center_target_user_inbox_idx ON message_center_target_user (users, is_read);
