-- First slice of the reference server: accounts, permissions, menus, settings, dictionaries, captcha,
-- token revocation and logs. Column names follow the JSON keys of the API contract (FKs named after the
-- field, e.g. users.dept). Every table carries the contract's audit columns.

CREATE TABLE depts (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL,
  key varchar(64) UNIQUE,
  sort integer NOT NULL DEFAULT 1,
  owner varchar(32),
  phone varchar(32),
  email varchar(32),
  status boolean DEFAULT true,
  parent integer REFERENCES depts (id) ON DELETE CASCADE,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name varchar(64) NOT NULL,
  key varchar(64) NOT NULL UNIQUE,
  sort integer NOT NULL DEFAULT 1,
  status boolean NOT NULL DEFAULT true,
  admin boolean NOT NULL DEFAULT false,
  data_range integer NOT NULL DEFAULT 0 CHECK (data_range BETWEEN 0 AND 4),
  remark text,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  username varchar(150) NOT NULL UNIQUE,
  password varchar(255) NOT NULL,
  employee_no varchar(150) UNIQUE,
  name varchar(40) NOT NULL,
  email varchar(255),
  mobile varchar(255),
  avatar varchar(255),
  gender integer DEFAULT 0 CHECK (gender IN (0, 1, 2)),
  user_type integer DEFAULT 0 CHECK (user_type IN (0, 1)),
  dept integer REFERENCES depts (id) ON DELETE SET NULL,
  is_superuser boolean NOT NULL DEFAULT false,
  is_staff boolean NOT NULL DEFAULT false,
  is_active boolean NOT NULL DEFAULT true,
  first_name varchar(150) NOT NULL DEFAULT '',
  last_name varchar(150) NOT NULL DEFAULT '',
  date_joined timestamptz NOT NULL DEFAULT now(),
  last_login timestamptz,
  last_token varchar(255),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

CREATE TABLE menus (
  id serial PRIMARY KEY,
  parent integer REFERENCES menus (id) ON DELETE CASCADE,
  icon varchar(64),
  name varchar(64) NOT NULL,
  sort integer DEFAULT 1,
  is_link boolean NOT NULL DEFAULT false,
  is_catalog boolean NOT NULL DEFAULT false,
  web_path varchar(128),
  component varchar(128),
  component_name varchar(50),
  status boolean NOT NULL DEFAULT true,
  frame_out boolean NOT NULL DEFAULT false,
  cache boolean NOT NULL DEFAULT false,
  visible boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX menus_sort_idx ON menus (sort, id);

CREATE TABLE menu_buttons (
  id serial PRIMARY KEY,
  menu integer NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  name varchar(64) NOT NULL,
  value varchar(64) NOT NULL,
  api varchar(200) NOT NULL DEFAULT '',
  method integer DEFAULT 0 CHECK (method BETWEEN 0 AND 3),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (menu, value)
);

CREATE TABLE role_menus (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  menu_id integer NOT NULL REFERENCES menus (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

CREATE TABLE role_buttons (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  button_id integer NOT NULL REFERENCES menu_buttons (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, button_id)
);

CREATE TABLE dictionaries (
  id serial PRIMARY KEY,
  label varchar(100),
  value varchar(200),
  parent integer REFERENCES dictionaries (id) ON DELETE CASCADE,
  type integer NOT NULL DEFAULT 0 CHECK (type BETWEEN 0 AND 7),
  color varchar(20),
  is_value boolean NOT NULL DEFAULT false,
  status boolean NOT NULL DEFAULT true,
  sort integer DEFAULT 1,
  remark varchar(2000),
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dictionaries_parent_idx ON dictionaries (parent);

CREATE TABLE system_config (
  id serial PRIMARY KEY,
  parent integer REFERENCES system_config (id) ON DELETE CASCADE,
  title varchar(50) NOT NULL,
  key varchar(200) NOT NULL,
  value jsonb,
  sort integer NOT NULL DEFAULT 0,
  status boolean NOT NULL DEFAULT true,
  data_options jsonb,
  form_item_type integer NOT NULL DEFAULT 0 CHECK (form_item_type BETWEEN 0 AND 15),
  rule jsonb,
  placeholder varchar(100),
  setting jsonb,
  description varchar(255),
  creator integer,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now(),
  UNIQUE (key, parent)
);

-- Image captcha challenges: single use, deleted on the first check.
CREATE TABLE captcha (
  id serial PRIMARY KEY,
  challenge varchar(32) NOT NULL,
  answer varchar(32) NOT NULL,
  expires_at timestamptz NOT NULL,
  create_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captcha_expires_idx ON captcha (expires_at);

-- Refresh tokens revoked at logout (or by single login); rows can go once the token has expired.
CREATE TABLE revoked_tokens (
  jti varchar(64) PRIMARY KEY,
  user_id integer NOT NULL,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE login_log (
  id serial PRIMARY KEY,
  username varchar(150),
  ip varchar(64),
  agent text,
  browser varchar(200),
  os varchar(200),
  continent varchar(50) DEFAULT '',
  country varchar(50) DEFAULT '',
  province varchar(50) DEFAULT '',
  city varchar(50) DEFAULT '',
  district varchar(50) DEFAULT '',
  isp varchar(50) DEFAULT '',
  area_code varchar(50) DEFAULT '',
  country_english varchar(50) DEFAULT '',
  country_code varchar(50) DEFAULT '',
  longitude varchar(50) DEFAULT '',
  latitude varchar(50) DEFAULT '',
  login_type integer NOT NULL DEFAULT 1 CHECK (login_type BETWEEN 1 AND 6),
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_log_created_idx ON login_log (create_datetime DESC);

CREATE TABLE operation_log (
  id serial PRIMARY KEY,
  request_modular varchar(64),
  request_path varchar(400),
  request_body text,
  request_method varchar(8),
  request_msg text,
  request_ip varchar(64),
  request_browser varchar(64),
  response_code varchar(32),
  request_os varchar(64),
  json_result text,
  status boolean NOT NULL DEFAULT false,
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operation_log_created_idx ON operation_log (create_datetime DESC);

CREATE TABLE file_list (
  id serial PRIMARY KEY,
  name varchar(200),
  url varchar(255),
  file_url varchar(255) NOT NULL DEFAULT '',
  engine varchar(100) NOT NULL DEFAULT 'local',
  mime_type varchar(100) NOT NULL DEFAULT '',
  size bigint NOT NULL DEFAULT 0,
  md5sum varchar(36) NOT NULL DEFAULT '',
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
