-- Service monitor (dashboard/monitor): every server instance writes a sample of its own
-- figures every few seconds (requests, latency, event-loop lag, memory, CPU, sockets, database pool,
-- job queue) and its slowest statements, so any instance can show all of them. Rows older than an
-- hour are deleted by the writers (server/domain/dashboard-live/monitor.ts).
CREATE TABLE monitor_samples (
  instance varchar(128) NOT NULL,
  at timestamptz NOT NULL,
  host varchar(255) NOT NULL,
  pid integer NOT NULL,
  started timestamptz NOT NULL,
  figures jsonb NOT NULL,
  slow_queries jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (instance, at)
);
CREATE INDEX monitor_samples_at_idx ON monitor_samples (at);
