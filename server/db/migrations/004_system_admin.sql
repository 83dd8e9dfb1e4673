-- System administration screens: the tables the first slice did not need (custom data
-- scope departments of a role, the API white list, areas) and the indexes that keep the management
-- lists fast with 100k users.

CREATE TABLE role_depts (
  role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
  dept_id integer NOT NULL REFERENCES depts (id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, dept_id)
);

CREATE TABLE api_white_list (
  id serial PRIMARY KEY,
  url varchar(200) NOT NULL,
  method integer DEFAULT 0 CHECK (method BETWEEN 0 AND 3),
  enable_datasource boolean NOT NULL DEFAULT true,
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
-- The upstream fixture's one entry.
INSERT INTO api_white_list (url, method, enable_datasource) VALUES ('/api/system/dept_lazy_tree/', 0, true);

CREATE TABLE areas (
  id serial PRIMARY KEY,
  name varchar(100) NOT NULL,
  code varchar(20) NOT NULL UNIQUE,
  level bigint NOT NULL,
  pinyin varchar(255) NOT NULL DEFAULT '',
  initials varchar(20) NOT NULL DEFAULT '',
  enable boolean NOT NULL DEFAULT true,
  pcode varchar(20) REFERENCES areas (code) ON DELETE CASCADE ON UPDATE CASCADE,
  description varchar(255),
  creator integer REFERENCES users (id) ON DELETE SET NULL,
  modifier varchar(255),
  dept_belong_id varchar(255),
  create_datetime timestamptz NOT NULL DEFAULT now(),
  update_datetime timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX areas_pcode_idx ON areas (pcode, code);

-- A few provinces, cities and districts so the lazy tree has something to open.
INSERT INTO areas (name, code, level, pinyin, initials, pcode) VALUES
  ('北京市', '11', 1, 'beijingshi', 'B', NULL),
  ('上海市', '31', 1, 'shanghaishi', 'S', NULL),
  ('浙江省', '33', 1, 'zhejiangsheng', 'Z', NULL),
  ('广东省', '44', 1, 'guangdongsheng', 'G', NULL),
  ('市辖区', '1101', 2, 'shixiaqu', 'S', '11'),
  ('市辖区', '3101', 2, 'shixiaqu', 'S', '31'),
  ('杭州市', '3301', 2, 'hangzhoushi', 'H', '33'),
  ('宁波市', '3302', 2, 'ningboshi', 'N', '33'),
  ('广州市', '4401', 2, 'guangzhoushi', 'G', '44'),
  ('深圳市', '4403', 2, 'shenzhenshi', 'S', '44'),
  ('东城区', '110101', 3, 'dongchengqu', 'D', '1101'),
  ('西城区', '110102', 3, 'xichengqu', 'X', '1101'),
  ('朝阳区', '110105', 3, 'chaoyangqu', 'C', '1101'),
  ('黄浦区', '310101', 3, 'huangpuqu', 'H', '3101'),
  ('浦东新区', '310115', 3, 'pudongxinqu', 'P', '3101'),
  ('西湖区', '330106', 3, 'xihuqu', 'X', '3301'),
  ('天河区', '440106', 3, 'tianhequ', 'T', '4401'),
  ('南山区', '440305', 3, 'nanshanqu', 'N', '4403');

-- User list: default order, the common filters and sorts, without the superusers it leaves out.
CREATE INDEX users_list_created_idx ON users (create_datetime DESC, id DESC) WHERE NOT is_superuser;
CREATE INDEX users_dept_created_idx ON users (dept, create_datetime DESC, id DESC) WHERE NOT is_superuser;
CREATE INDEX users_dept_username_idx ON users (dept, username) WHERE NOT is_superuser;
CREATE INDEX users_name_prefix_idx ON users (lower(name) text_pattern_ops);
CREATE INDEX users_mobile_prefix_idx ON users (lower(mobile) text_pattern_ops);
CREATE INDEX users_belong_idx ON users (dept_belong_id);
CREATE INDEX users_creator_idx ON users (creator);
CREATE INDEX user_roles_role_idx ON user_roles (role_id);
CREATE INDEX role_menus_menu_idx ON role_menus (menu_id);
CREATE INDEX role_buttons_button_idx ON role_buttons (button_id);
CREATE INDEX depts_parent_idx ON depts (parent, sort);
CREATE INDEX menus_parent_idx ON menus (parent, sort);
CREATE INDEX menu_buttons_menu_idx ON menu_buttons (menu);
CREATE INDEX system_config_parent_idx ON system_config (parent, sort);
CREATE INDEX login_log_username_idx ON login_log (username);
CREATE INDEX operation_log_creator_idx ON operation_log (creator);
CREATE INDEX operation_log_belong_idx ON operation_log (dept_belong_id);
