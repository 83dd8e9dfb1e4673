-- Service monitor (dashboard/monitor) alert thresholds: one row per metric (cpu, memory,
-- event_loop_lag, latency_p99, error_rate) once someone changed them (until then the defaults of
-- contracts/schemas/dashboard/monitor.ts apply), and the breaches raised: one row per breach of an
-- instance, `recovered` set when its figure is back under the limit. The superusers get one message
-- per breach (server/features/dashboard/domain/thresholds.ts). Breaches older than the kept window
-- (24 hours) are deleted with the samples.
CREATE TABLE monitor_thresholds (
  metric varchar(32) PRIMARY KEY,
  enabled boolean NOT NULL,
  limit_value double precision NOT NULL,
  sustain_seconds integer NOT NULL,
  modifier integer NULL,
  update_datetime timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE monitor_alerts (
  id bigserial PRIMARY KEY,
  instance varchar(128) NOT NULL,
  metric varchar(32) NOT NULL,
  since timestamptz NOT NULL,
  raised timestamptz NOT NULL,
  value double precision NOT NULL,
  limit_value double precision NOT NULL,
  recovered timestamptz NULL
);
CREATE INDEX monitor_alerts_raised_idx ON monitor_alerts (raised);
