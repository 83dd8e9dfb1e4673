-- Sessions now take in the events sent just before their session_start (the login a few seconds
-- earlier is no longer a session of its own: server/domain/analytics/session-rule.ts). The kept
-- sessions of 042 were computed by the former rule and their fingerprints (event counts) would not
-- move, so they are dropped: every day is computed again by the new rule when first read (or by the
-- session keeper at start, the last 31 days).
TRUNCATE tracking_sessions, tracking_session_days;
