import { totalmem } from 'node:os';
import type { MonitorSample } from '../../../../contracts/schemas/dashboard/live';
import {
  defaultThresholds,
  MONITOR_KEPT_HOURS,
  THRESHOLD_RULES,
  type MonitorAlert,
  type MonitorThreshold,
  type ThresholdMetric,
} from '../../../../contracts/schemas/dashboard/monitor';
import type { Db } from '../../../db/db';
import { formatDatetime } from '../../../domain/time';

/**
 * The monitor's alert thresholds (migration 063): stored per metric (defaults until changed), and the
 * watch that every instance runs over its own samples. A metric breaches when every sample of the
 * instance for `sustain_seconds` is above the limit; then ONE message goes to the active superusers
 * (message center + the socket's new-message frame) and a `monitor_alerts` row is written. Further
 * samples above the limit send nothing; the first sample at or under it ends the breach (the row gets
 * `recovered`), and a later breach sends again. Definitions: contracts/schemas/dashboard/monitor.ts.
 */

/** The figure a threshold compares, in its unit (% or ms), from one sample. */
export function metricValue(metric: ThresholdMetric, s: MonitorSample, totalMemory: number): number {
  switch (metric) {
    case 'cpu':
      return s.cpu * 100;
    case 'memory':
      return totalMemory > 0 ? (s.rss_bytes / totalMemory) * 100 : 0;
    case 'event_loop_lag':
      return s.event_loop_lag_p99_ms;
    case 'latency_p99':
      return s.latency_p99_ms;
    case 'error_rate':
      return s.error_rate * 100;
  }
}

const METRIC_NAMES: Record<ThresholdMetric, string> = {
  cpu: 'CPU',
  memory: '内存',
  event_loop_lag: '事件循环延迟 p99',
  latency_p99: '请求延迟 p99',
  error_rate: '错误率',
};

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const fmt = (v: number) => String(Math.round(v * 100) / 100);

export class ThresholdStore {
  constructor(private readonly db: Db) {}

  /** Every metric's threshold (stored, else the default), in THRESHOLD_METRICS order, and the last change. */
  async read(): Promise<{ thresholds: MonitorThreshold[]; update_datetime: string | null }> {
    const rows = await this.db.query<{ metric: string; enabled: boolean; limit_value: number; sustain_seconds: number; update_datetime: Date | string }>(
      'SELECT metric, enabled, limit_value, sustain_seconds, update_datetime FROM monitor_thresholds',
    );
    const by = new Map(rows.map((r) => [r.metric, r]));
    let latest: number | null = null;
    const thresholds = defaultThresholds().map((d) => {
      const r = by.get(d.metric);
      if (!r) return d;
      const t = new Date(r.update_datetime).getTime();
      if (latest === null || t > latest) latest = t;
      return { metric: d.metric, enabled: r.enabled, limit: Number(r.limit_value), sustain_seconds: Number(r.sustain_seconds) };
    });
    return { thresholds, update_datetime: latest === null ? null : formatDatetime(new Date(latest)) };
  }

  /** Writes the given metrics (already validated) in one statement. */
  async save(list: MonitorThreshold[], modifier: number): Promise<void> {
    await this.db.query(
      `INSERT INTO monitor_thresholds (metric, enabled, limit_value, sustain_seconds, modifier, update_datetime)
       SELECT m, e, l, s, $5, now() FROM unnest($1::text[], $2::bool[], $3::float8[], $4::int[]) AS t(m, e, l, s)
       ON CONFLICT (metric) DO UPDATE SET enabled = EXCLUDED.enabled, limit_value = EXCLUDED.limit_value,
         sustain_seconds = EXCLUDED.sustain_seconds, modifier = EXCLUDED.modifier, update_datetime = now()`,
      [list.map((t) => t.metric), list.map((t) => t.enabled), list.map((t) => t.limit), list.map((t) => t.sustain_seconds), modifier],
    );
  }

  /** Breaches not recovered, of instances that wrote a sample in the last minute (a stopped instance's breach is not current). */
  async activeAlerts(now = Date.now()): Promise<MonitorAlert[]> {
    const rows = await this.db.query<{ instance: string; metric: ThresholdMetric; since: Date | string; raised: Date | string; value: number; limit_value: number }>(
      `SELECT a.instance, a.metric, a.since, a.raised, a.value, a.limit_value FROM monitor_alerts a
       WHERE a.recovered IS NULL AND a.raised > $1::timestamptz
         AND EXISTS (SELECT 1 FROM monitor_samples s WHERE s.instance = a.instance AND s.at > $2::timestamptz)
       ORDER BY a.raised DESC, a.id DESC LIMIT 50`,
      [new Date(now - MONITOR_KEPT_HOURS * 3_600_000).toISOString(), new Date(now - 60_000).toISOString()],
    );
    return rows.map((r) => ({ instance: r.instance, metric: r.metric, since: new Date(r.since).toISOString(), raised: new Date(r.raised).toISOString(), value: Number(r.value), limit: Number(r.limit_value) }));
  }
}

export interface NotifySink {
  (text: { title: string; content: string }): Promise<void>;
}

interface MetricState {
  /** The first sample of the current run above the limit (ms), or null. */
  aboveSince: number | null;
  /** The alert row of the current breach (a message went out), or null. */
  alert: number | null;
}

/** One instance's watch over its own samples. */
export class ThresholdWatch {
  private thresholds: MonitorThreshold[] = defaultThresholds();
  private loadedAt = 0;
  private readonly state = new Map<ThresholdMetric, MetricState>();

  constructor(
    private readonly db: Db,
    private readonly instance: string,
    private readonly notify: NotifySink,
    private readonly totalMemory: number = totalmem(),
    /** How long the thresholds read from the table are used before reading them again (other instances' changes). */
    private readonly reloadMs = 30_000,
  ) {}

  /** Forgets the cached thresholds (after a change on this instance). */
  invalidate(): void {
    this.loadedAt = 0;
  }

  private async current(now: number): Promise<MonitorThreshold[]> {
    if (now - this.loadedAt >= this.reloadMs || this.loadedAt === 0) {
      this.thresholds = (await new ThresholdStore(this.db).read()).thresholds;
      this.loadedAt = now;
    }
    return this.thresholds;
  }

  /** Checks one sample; resolves to the metrics whose breach raised a message now. */
  async check(sample: MonitorSample): Promise<ThresholdMetric[]> {
    const at = Date.parse(sample.at);
    const raised: ThresholdMetric[] = [];
    for (const t of await this.current(at)) {
      const st = this.state.get(t.metric) ?? { aboveSince: null, alert: null };
      this.state.set(t.metric, st);
      const value = metricValue(t.metric, sample, this.totalMemory);
      if (!t.enabled || value <= t.limit) {
        if (st.alert !== null) await this.db.query('UPDATE monitor_alerts SET recovered = $2::timestamptz WHERE id = $1', [st.alert, sample.at]);
        st.aboveSince = null;
        st.alert = null;
        continue;
      }
      st.aboveSince ??= at;
      if (st.alert !== null || at - st.aboveSince < t.sustain_seconds * 1000) continue;
      const rows = await this.db.query<{ id: string }>(
        `INSERT INTO monitor_alerts (instance, metric, since, raised, value, limit_value) VALUES ($1, $2, $3::timestamptz, $4::timestamptz, $5, $6) RETURNING id::text AS id`,
        [this.instance, t.metric, new Date(st.aboveSince).toISOString(), sample.at, value, t.limit],
      );
      st.alert = Number(rows[0]?.id ?? 0);
      raised.push(t.metric);
      const unit = THRESHOLD_RULES[t.metric].unit;
      const name = METRIC_NAMES[t.metric];
      await this.notify({
        title: `服务监控告警：${this.instance} ${name} 超过 ${fmt(t.limit)} ${unit}`,
        content: `<p>${esc(`实例 ${this.instance} 的${name}自 ${formatDatetime(new Date(st.aboveSince))} 起持续高于阈值 ${fmt(t.limit)} ${unit}（已持续 ${Math.round((at - st.aboveSince) / 1000)} 秒，当前 ${fmt(value)} ${unit}）。`)}</p><p>${esc('恢复到阈值以下后，再次超过时会重新通知。')}</p>`,
      });
    }
    return raised;
  }
}

/** Deletes breaches older than the kept window (with the samples). */
export async function pruneMonitorAlerts(db: Db, now = Date.now()): Promise<void> {
  const before = new Date(now - MONITOR_KEPT_HOURS * 3_600_000).toISOString();
  // A write to this table moves every cache's version (db/changes.ts: it is no leaf table); breaches are
  // rare, so the read first: the minute's prune writes only when there is something to delete.
  const old = await db.query('SELECT 1 FROM monitor_alerts WHERE raised < $1::timestamptz LIMIT 1', [before]);
  if (old.length > 0) await db.query('DELETE FROM monitor_alerts WHERE raised < $1::timestamptz', [before]);
}

