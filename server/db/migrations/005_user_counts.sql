-- Exact user-list totals without counting 100k rows.
--
-- user_counts holds how many users there are per combination of the columns the user list filters
-- on exactly (plus is_superuser for its base condition, creator and dept_belong_id for the data
-- scope). Statement-level triggers keep it in step with every INSERT, UPDATE, DELETE and TRUNCATE of
-- users, in the same transaction, whoever writes (the resources, sign-in, the seed, a cascade from
-- depts): a committed user change and its count change become visible together. A list whose
-- conditions name only these columns is counted by summing a few rows of this table (the list's own
-- WHERE clause runs over it unchanged, the table aliased `t`); any other list counts users itself.
-- Columns keep the users' names and types so that the same SQL means the same thing here.
CREATE TABLE user_counts (
  is_superuser boolean NOT NULL,
  dept integer,
  is_active boolean NOT NULL,
  user_type integer,
  gender integer,
  creator integer,
  dept_belong_id varchar(255),
  n bigint NOT NULL,
  CONSTRAINT user_counts_key UNIQUE NULLS NOT DISTINCT (is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id)
);

-- Adds +1 per new row and -1 per old row, grouped; groups are locked in key order so concurrent
-- writers queue on the same rows instead of deadlocking within one statement.
CREATE FUNCTION user_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_counts;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_counts AS c (is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, n)
    SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, count(*)
    FROM user_counts_new GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT user_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_counts AS c (is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, n)
    SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, -count(*)
    FROM user_counts_old GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT user_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    -- Most updates (sign-in's last_login, a renamed user) change no counted column: nothing to write.
    INSERT INTO user_counts AS c (is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, n)
    SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, sum(d)
    FROM (
      SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, 1 AS d FROM user_counts_new
      UNION ALL
      SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, -1 AS d FROM user_counts_old
    ) x
    GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT user_counts_key DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER user_counts_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS user_counts_new FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
CREATE TRIGGER user_counts_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS user_counts_old FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
CREATE TRIGGER user_counts_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS user_counts_old NEW TABLE AS user_counts_new FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();
CREATE TRIGGER user_counts_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_apply();

INSERT INTO user_counts (is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, n)
SELECT is_superuser, dept, is_active, user_type, gender, creator, dept_belong_id, count(*)
FROM users GROUP BY 1, 2, 3, 4, 5, 6, 7;
