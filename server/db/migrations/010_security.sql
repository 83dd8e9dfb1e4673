-- Security: sessions (refresh rotation with reuse detection, revocation of access tokens), sign-in
-- throttling shared by every instance, account lockout, and the redaction of secrets already in the
-- operation log.

-- One row per sign-in. Both tokens of a session carry its id (`sid`); a revoked session refuses its
-- access tokens at once and its refresh token. refresh_jti is the only refresh token of the session
-- that may still be used: a refresh answers a new one (rotation); an older one coming back is reuse.
CREATE TABLE user_sessions (
  sid varchar(32) PRIMARY KEY,
  user_id integer NOT NULL,
  refresh_jti varchar(64) NOT NULL,
  previous_jti varchar(64),
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoke_reason varchar(32)
);
CREATE INDEX user_sessions_user_idx ON user_sessions (user_id) WHERE revoked_at IS NULL;
CREATE INDEX user_sessions_expires_idx ON user_sessions (expires_at);

-- Fixed-window counters of @fastify/rate-limit (server/http/rate-limit.ts), one row per key.
CREATE TABLE rate_limits (
  key varchar(300) PRIMARY KEY,
  hits integer NOT NULL,
  window_ends timestamptz NOT NULL
);

-- Consecutive wrong passwords per account name; locked_until set once the limit is reached.
CREATE TABLE login_failures (
  username varchar(150) PRIMARY KEY,
  failures integer NOT NULL,
  locked_until timestamptz,
  last_failure timestamptz NOT NULL DEFAULT now()
);

-- Secrets already written into the operation log (the sign-in and refresh answers carried tokens).
UPDATE operation_log
   SET json_result = regexp_replace(json_result, '"([A-Za-z0-9_]*(password|secret|token)[A-Za-z0-9_]*|access|refresh|captcha|api_?key|private_?key)"\s*:\s*"[^"]*"', '"\1":"******"', 'gi'),
       request_body = regexp_replace(request_body, '"([A-Za-z0-9_]*(password|secret|token)[A-Za-z0-9_]*|access|refresh|captcha|api_?key|private_?key)"\s*:\s*"[^"]*"', '"\1":"******"', 'gi')
 WHERE json_result ~* '"([A-Za-z0-9_]*(password|secret|token)[A-Za-z0-9_]*|access|refresh|captcha|api_?key|private_?key)"\s*:\s*"'
    OR request_body ~* '"([A-Za-z0-9_]*(password|secret|token)[A-Za-z0-9_]*|access|refresh|captcha|api_?key|private_?key)"\s*:\s*"';

-- A new password (change, reset, import, any path) or a disabled account ends the user's sessions at
-- once, on every instance. The caller's own session survives its own password change when the
-- transaction names it (set_config('app.keep_sid', sid, true)).
CREATE FUNCTION revoke_user_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_sessions
     SET revoked_at = now(), revoke_reason = CASE WHEN NEW.is_active THEN 'password' ELSE 'disabled' END
   WHERE user_id = NEW.id AND revoked_at IS NULL
     AND sid IS DISTINCT FROM NULLIF(current_setting('app.keep_sid', true), '');
  RETURN NEW;
END
$$;
CREATE TRIGGER users_revoke_sessions AFTER UPDATE OF password, is_active ON users
  FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password OR (OLD.is_active AND NOT NEW.is_active))
  EXECUTE FUNCTION revoke_user_sessions();

-- API white list: an entry opening a write method (POST 1, PUT 2, DELETE 3) to every user needs this
-- flag; existing write entries grant nothing until a superuser confirms them.
ALTER TABLE api_white_list ADD COLUMN open_write boolean NOT NULL DEFAULT false;
