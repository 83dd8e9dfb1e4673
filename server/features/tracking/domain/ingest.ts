import {
  TRACK_LIVE_KEPT,
  TRACK_MAX_AGE_DAYS,
  TRACK_MAX_EVENTS,
  TRACK_MAX_FUTURE_MS,
  TRACKING_NAME_RULE,
  type PropertyDefine,
  type TrackLiveEntry,
  type TrackReasonArgs,
  type TrackReasonCode,
  type TrackRejection,
  type TrackResult,
} from '../../../../contracts/schemas';
import type { Db } from '../../../db/db';
import { isRecord } from '../../../is-record';
import { LoadingCache } from '../../../domain/cache';
import { IngestError, openPublicBatch, openSignedBatch, parsePublicBody, type IngestApps, type SignedHeaders } from '../../../domain/ingest/signed-batch';
import { batchRefusal, liveEntry, type Refusal } from './live';

/**
 * Event ingestion (POST /api/embed/track/): the batch opened by the shared check
 * (server/domain/ingest/signed-batch.ts: app key → game, signature, body; or the public key, the page's
 * origin, body), which events of it are valid
 * for the game's definitions, and the one statement that stores them with their rollups. No Fastify
 * here (routes/track.ts is the HTTP side).
 */

/** Cached configuration is re-read after this long at the latest (writes by this process: at once). */
const CONFIG_TTL_MS = 5_000;
/** Properties of one event, at most, and the longest string value. */
const MAX_EVENT_PROPERTIES = 100;
const MAX_STRING_VALUE = 1024;

const UUID_RE = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

interface EventDef {
  enabled: boolean;
  properties: PropertyDefine[];
}

/** A validated event ready to store. */
export interface StoredEvent {
  uuid: string;
  event: string;
  distinct_id: string;
  time: string;
  properties: Record<string, string | number | boolean | null>;
}

function typeMatches(type: PropertyDefine['type'], v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'datetime':
      return typeof v === 'string' && ISO_RE.test(v) && Number.isFinite(Date.parse(v));
  }
}

/** No lone UTF-16 surrogate (PostgreSQL's jsonb refuses one, which would fail the whole statement). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

const show = (s: string) => (s.length > 64 ? `${s.slice(0, 64)}…` : s);

/** The server's text of each refusal (the answer's `rejected[].reason`, and the live view's `reason`). */
const REASON_TEXT: Record<TrackReasonCode, (a: TrackReasonArgs) => string> = {
  not_object: () => '事件应为 JSON 对象',
  bad_uuid: () => 'uuid 不合法：应为 UUID 字符串（如 3f2b8c1e-…）',
  missing_event: () => '缺少事件标识 event',
  bad_event_name: (a) => `事件标识「${a.name}」不合法：只能用小写字母、数字和下划线，以字母开头，最长 64 个字符`,
  unknown_event: (a) => `未定义的事件「${a.event}」`,
  disabled_event: (a) => `事件「${a.event}」已停用`,
  missing_distinct_id: () => '缺少玩家标识 distinct_id',
  distinct_id_too_long: (a) => `玩家标识 distinct_id 最长 ${a.max} 个字符`,
  bad_distinct_id: () => '玩家标识 distinct_id 不能包含空字符（\\u0000）或不成对的代理字符',
  bad_time: () => '时间 time 不合法：应为带时区的 ISO 8601 字符串或毫秒时间戳',
  time_ahead: (a) => `时间 time 超前服务器时间 ${a.minutes} 分钟以上`,
  time_too_old: (a) => `时间 time 早于 ${a.days} 天前，不再接收`,
  properties_not_object: () => '属性 properties 应为 JSON 对象',
  too_many_properties: (a) => `属性最多 ${a.max} 个`,
  bad_property_name: (a) => `属性名「${a.name}」不合法：只能用小写字母、数字和下划线，以字母开头，最长 64 个字符`,
  property_too_long: (a) => `属性「${a.name}」的值最长 ${a.max} 个字符`,
  bad_property_text: (a) => `属性「${a.name}」的值不能包含空字符（\\u0000）或不成对的代理字符`,
  bad_property_number: (a) => `属性「${a.name}」的值不是有效的数字`,
  bad_property_value: (a) => `属性「${a.name}」的值只能是字符串、数字、布尔值或 null`,
  missing_property: (a) => `缺少必填属性「${a.name}」`,
  wrong_property_type: (a) => `属性「${a.name}」应为 ${a.type} 类型`,
  duplicate_in_batch: (a) => `uuid 与本批第 ${a.index} 个事件重复`,
  origin_not_allowed: (a) => `来源 ${a.origin} 不在该埋点应用允许的来源（allowed_origins）中`,
  too_many_events: (a) => `一批最多 ${a.max} 个事件，本批 ${a.size} 个`,
  bad_body: () => '请求体应为 {"events": [...]}',
  empty_batch: () => 'events 不能为空',
};

/** A refusal: its code, the values its text names, and the server's text. */
export function refusal(code: TrackReasonCode, args: TrackReasonArgs = {}): Refusal {
  return { code, args, reason: REASON_TEXT[code](args) };
}

const NO_ARGS: TrackReasonArgs = Object.freeze({}) as TrackReasonArgs;
/** Refusals without values are made once. */
const FIXED = new Map<TrackReasonCode, Refusal>();
function fixed(code: TrackReasonCode): Refusal {
  let r = FIXED.get(code);
  if (!r) FIXED.set(code, (r = { code, args: NO_ARGS, reason: REASON_TEXT[code](NO_ARGS) }));
  return r;
}

export function isRefusal(v: StoredEvent | Refusal): v is Refusal {
  return (v as Refusal).code !== undefined;
}

/**
 * Checks one event of a batch against the game's definitions (own over global). Returns the event to
 * store, or why it is refused.
 */
export function checkEvent(raw: unknown, defs: ReadonlyMap<string, EventDef>, now: number): StoredEvent | Refusal {
  if (!isRecord(raw)) return fixed('not_object');
  const { uuid, event, distinct_id: distinctId, time, properties } = raw;
  if (typeof uuid !== 'string' || !UUID_RE.test(uuid)) return fixed('bad_uuid');
  if (typeof event !== 'string' || event === '') return fixed('missing_event');
  if (!TRACKING_NAME_RULE.test(event)) return refusal('bad_event_name', { name: show(event) });
  const def = defs.get(event);
  if (!def) return refusal('unknown_event', { event });
  if (!def.enabled) return refusal('disabled_event', { event });
  if (typeof distinctId !== 'string' || distinctId.trim() === '') return fixed('missing_distinct_id');
  if (distinctId.length > 128) return refusal('distinct_id_too_long', { max: 128 });
  if (distinctId.includes('\u0000') || !wellFormed(distinctId)) return fixed('bad_distinct_id');
  let ms: number;
  if (typeof time === 'number') ms = Number.isInteger(time) ? time : NaN;
  else if (typeof time === 'string' && ISO_RE.test(time)) ms = Date.parse(time);
  else return fixed('bad_time');
  if (!Number.isFinite(ms)) return fixed('bad_time');
  if (ms > now + TRACK_MAX_FUTURE_MS) return refusal('time_ahead', { minutes: TRACK_MAX_FUTURE_MS / 60_000 });
  if (ms < now - TRACK_MAX_AGE_DAYS * 86_400_000) return refusal('time_too_old', { days: TRACK_MAX_AGE_DAYS });
  const props = properties === undefined || properties === null ? {} : properties;
  if (!isRecord(props)) return fixed('properties_not_object');
  const keys = Object.keys(props);
  if (keys.length > MAX_EVENT_PROPERTIES) return refusal('too_many_properties', { max: MAX_EVENT_PROPERTIES });
  const out: Record<string, string | number | boolean | null> = {};
  for (const k of keys) {
    if (!TRACKING_NAME_RULE.test(k)) return refusal('bad_property_name', { name: show(k) });
    const v = props[k];
    if (typeof v === 'string') {
      if (v.length > MAX_STRING_VALUE) return refusal('property_too_long', { name: k, max: MAX_STRING_VALUE });
      if (v.includes('\u0000') || !wellFormed(v)) return refusal('bad_property_text', { name: k });
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return refusal('bad_property_number', { name: k });
    } else if (typeof v !== 'boolean' && v !== null) {
      return refusal('bad_property_value', { name: k });
    }
    out[k] = v as string | number | boolean | null;
  }
  for (const p of def.properties) {
    const v = out[p.name];
    if (v === undefined || v === null) {
      if (p.required) return refusal('missing_property', { name: p.name });
      continue;
    }
    if (!typeMatches(p.type, v)) return refusal('wrong_property_type', { name: p.name, type: p.type });
  }
  return { uuid: uuid.toLowerCase(), event, distinct_id: distinctId, time: new Date(ms).toISOString(), properties: out };
}

/**
 * The one statement that stores a merged set of batches: raw rows, idempotency register, daily presence
 * and rollups (hourly: events; daily: events and exact unique players). Migration 043 says why hours keep
 * no presence. The players (registrations, devices, cohorts, retention, accounts) are kept after the commit
 * by the upkeep (migration 057, domain/players/upkeep.ts); this statement only queues what it needs. The events come as one array literal per column ($1 batch, $3 game, $4 uuid, $5 event,
 * $6 distinct_id, $7 time, $8 properties as JSON text), written by this thread: reading arrays costs the
 * database ~13 % less than `jsonb_to_recordset` over one JSON document (docs/tracking.md, "Bench").
 * $9: the number of events of each batch (b = index), to answer which of a batch's events were duplicates.
 */
const STORE_SQL = `
WITH input AS (
  -- (game, uuid) distinct and in that order already (EventWriter.write): no sort, no DISTINCT here.
  SELECT x.b, x.game, x.uuid, x.event, x.distinct_id, x.time, x.properties::jsonb AS properties
  FROM unnest($1::int[], $3::int[], $4::uuid[], $5::text[], $6::text[], $7::timestamptz[], $8::text[]) AS x(b, game, uuid, event, distinct_id, time, properties)
), ids AS (
  -- Idempotency per game (migration 061): the same uuid from two games is two events.
  INSERT INTO tracking_event_ids (game, uuid, time) SELECT game, uuid, time FROM input ORDER BY game, uuid
  ON CONFLICT (game, uuid) DO NOTHING RETURNING game, uuid
), fresh AS (
  SELECT i.b, i.game, i.uuid, i.event, i.distinct_id, i.time, i.properties,
         date_trunc('hour', i.time AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, (i.time AT TIME ZONE $2::text)::date AS day
  FROM input i JOIN ids ON ids.game = i.game AND ids.uuid = i.uuid
), raw AS (
  -- Accounts (migration 049): an account banned now still has its events stored, flagged.
  INSERT INTO tracking_events (time, uuid, game, event, distinct_id, properties, banned)
  SELECT time, uuid, game, event, distinct_id, properties,
    EXISTS (SELECT 1 FROM account_bans k WHERE k.distinct_id = fresh.distinct_id AND k.lifted_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now()))
  FROM fresh
), dp AS (
  INSERT INTO tracking_day_players (game, event, day, distinct_id)
  SELECT DISTINCT game, event, day, distinct_id FROM fresh ORDER BY 1, 2, 3, 4
  ON CONFLICT DO NOTHING RETURNING game, event, day
), up AS (
  -- Players (issues 15/16, migration 057): the register events and the login events with a device, queued
  -- for the player upkeep (registrations, devices, device accounts) as one row; the new presence rows are
  -- queued by the trigger on tracking_day_players. domain/players/upkeep.ts works them after the commit.
  INSERT INTO player_upkeep_pending (e_games, e_players, e_events, e_times, e_props)
  SELECT array_agg(game), array_agg(distinct_id), array_agg(event), array_agg(time), array_agg(properties)
  FROM fresh WHERE event = 'register' OR (event = 'login' AND jsonb_typeof(properties->'device_id') = 'string')
  HAVING count(*) > 0
), hourly AS (
  INSERT INTO tracking_hourly AS r (game, event, hour, events, last_time)
  SELECT game, event, hour, count(*), max(time) FROM fresh GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (game, event, hour) DO UPDATE SET events = r.events + excluded.events, last_time = greatest(r.last_time, excluded.last_time)
), daily AS (
  INSERT INTO tracking_daily AS r (game, event, day, events, players)
  SELECT c.game, c.event, c.day, c.n, COALESCE(p.n, 0)
  FROM (SELECT game, event, day, count(*) AS n FROM fresh GROUP BY 1, 2, 3) c
  LEFT JOIN (SELECT game, event, day, count(*) AS n FROM dp GROUP BY 1, 2, 3) p USING (game, event, day)
  ORDER BY 1, 2, 3
  ON CONFLICT (game, event, day) DO UPDATE SET events = r.events + excluded.events, players = r.players + excluded.players
)
-- A batch with duplicates ($9: each batch's size) also gets its new uuids, so each of its events can be
-- told apart (the live view); a batch without any (the usual case) gets only its count.
SELECT b, count(*)::int AS n, CASE WHEN count(*) < ($9::int[])[b + 1] THEN array_agg(uuid::text) END AS fresh FROM fresh GROUP BY b`;

/**
 * A PostgreSQL array literal of text values: each element double-quoted with `\` and `"` escaped, so
 * commas, braces, spaces, quotes and the word NULL stay text (NUL is refused before: checkEvent).
 */
export function textArray(values: readonly string[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as string;
    out += `${i === 0 ? '' : ','}"${v.includes('\\') || v.includes('"') ? v.replace(/[\\"]/g, '\\$&') : v}"`;
  }
  return `${out}}`;
}

/** What storing one batch did: how many events were new, and which uuids were stored before (duplicates). */
export interface StoreOutcome {
  stored: number;
  duplicates: ReadonlySet<string>;
}

const NO_DUPLICATES: ReadonlySet<string> = new Set();

/** A uuid[] answered as an array, or as its text form by a driver that does not parse it. */
function uuidList(v: string[] | string | null): string[] | null {
  if (v === null || v === undefined) return null;
  if (Array.isArray(v)) return v.map((u) => u.toLowerCase());
  return v.replace(/^\{|\}$/g, '').split(',').filter((u) => u !== '').map((u) => u.toLowerCase());
}

interface Pending {
  game: number;
  events: StoredEvent[];
  resolve: (outcome: StoreOutcome) => void;
  reject: (err: unknown) => void;
}

/** Events merged into one statement at most (several queued batches, group commit). */
const MERGE_LIMIT = 4000;
/** Embedded database: events queued before a statement is sent behind a running one (see EventWriter.pump). */
const MERGE_AHEAD = 1000;
const RETRYABLE = new Set(['40P01', '40001']);
/** Duplicate table / duplicate key in the catalogue: another statement made the same partition first. */
const PARTITION_RACE = new Set(['42P07', '23505']);

/**
 * Stores validated batches. Batches that arrive while a statement runs queue and go together into the
 * next one (group commit): on the embedded database, with its one connection, that is most of the
 * throughput. Each caller is answered after the statement holding its events has committed.
 */
export class EventWriter {
  private readonly queue: Pending[] = [];
  private running = 0;
  private readonly months = new Set<string>();
  /** Partitions being made now, by month (YYYY-MM). */
  private readonly making = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly tz: string,
    /**
     * Statements in flight: PostgreSQL runs 4 at once; PGlite one, but in its own thread the next one
     * waits there, ready, while one runs (its literals written here meanwhile), so that thread never
     * waits for this one between statements.
     */
    private readonly parallel = db.kind === 'postgres' ? 4 : db.ownThread ? 2 : 1,
    /** Told after each commit the span of the stored events' times (ms): what session analysis keeps computed. */
    private readonly onStored: (fromMs: number, toMs: number) => void = () => undefined,
  ) {}

  /** Stores the events (valid, uuids distinct); resolves to how many were new (the rest were stored before). */
  async store(game: number, events: StoredEvent[]): Promise<number> {
    return (await this.storeBatch(game, events)).stored;
  }

  /** Stores the events (valid, uuids distinct); resolves to how many were new and which uuids were not. */
  storeBatch(game: number, events: StoredEvent[]): Promise<StoreOutcome> {
    if (events.length === 0) return Promise.resolve({ stored: 0, duplicates: NO_DUPLICATES });
    return new Promise((resolve, reject) => {
      this.queue.push({ game, events, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.parallel && this.queue.length > 0) {
      // On the embedded database statements run one at a time: the one queued behind a running one only
      // waits there, so it is sent once it holds MERGE_AHEAD events (or the running one ends). Each
      // statement costs a fixed few milliseconds (planning, triggers, commit) besides its events: bigger
      // merges cost less per event.
      if (this.running > 0 && this.db.kind === 'pglite' && this.queued() < MERGE_AHEAD) break;
      const group: Pending[] = [];
      let size = 0;
      while (this.queue.length > 0 && (group.length === 0 || size + (this.queue[0]?.events.length ?? 0) <= MERGE_LIMIT)) {
        const next = this.queue.shift() as Pending;
        group.push(next);
        size += next.events.length;
      }
      this.running++;
      void this.flush(group).finally(() => {
        this.running--;
        this.pump();
      });
    }
  }

  private queued(): number {
    let n = 0;
    for (const p of this.queue) n += p.events.length;
    return n;
  }

  private async flush(group: Pending[]): Promise<void> {
    try {
      const counts = await this.write(group);
      group.forEach((p, i) => {
        const out = counts.get(i);
        const stored = out?.n ?? 0;
        if (stored === p.events.length) return p.resolve({ stored, duplicates: NO_DUPLICATES });
        // Some were stored before: the ones whose uuid is not among this batch's new ones (none new: all).
        const fresh = new Set(out?.fresh ?? []);
        p.resolve({ stored, duplicates: new Set(p.events.map((e) => e.uuid).filter((u) => !fresh.has(u))) });
      });
    } catch (err) {
      for (const p of group) p.reject(err);
    }
  }

  /**
   * The month's partition exists (made once per process and month). Statements in flight at once share
   * one creation; tracking_ensure_partition (migration 057) tolerates another process creating it at the
   * same moment, and a duplicate-name error that still gets through is retried (the partition is there).
   */
  private ensureMonth(m: string): Promise<void> {
    if (this.months.has(m)) return Promise.resolve();
    let making = this.making.get(m);
    if (!making) {
      making = (async () => {
        for (let attempt = 1; ; attempt++) {
          try {
            await this.db.query('SELECT tracking_ensure_partition($1::timestamptz)', [`${m}-01T00:00:00Z`]);
            this.months.add(m);
            return;
          } catch (err) {
            if (attempt < 3 && PARTITION_RACE.has((err as { code?: string }).code ?? '')) continue;
            throw err;
          }
        }
      })().finally(() => this.making.delete(m));
      this.making.set(m, making);
    }
    return making;
  }

  private async write(group: Pending[]): Promise<Map<number, { n: number; fresh: string[] | null }>> {
    // One row per (game, uuid), the earliest batch's (a later batch's copy is a duplicate of it), in
    // (game, uuid) order: the register is written in key order (PostgreSQL: statements in flight lock
    // its keys in one order) and the database's sort finds its input sorted.
    type Row = { b: number; game: number; e: StoredEvent };
    const rows: Row[] = [];
    const merged = group.length > 1;
    const taken = merged ? new Set<string>() : null;
    group.forEach((p, b) => {
      for (const e of p.events) {
        if (taken) {
          const key = `${p.game}:${e.uuid}`;
          if (taken.has(key)) continue;
          taken.add(key);
        }
        rows.push({ b, game: p.game, e });
      }
    });
    rows.sort((x, y) => x.game - y.game || (x.e.uuid < y.e.uuid ? -1 : x.e.uuid > y.e.uuid ? 1 : 0));
    const n = rows.length;
    const cols = { b: new Array<number>(n), game: new Array<number>(n), uuid: new Array<string>(n), event: new Array<string>(n), distinctId: new Array<string>(n), time: new Array<string>(n), properties: new Array<string>(n) };
    const months = new Set<string>();
    let first = '';
    let last = '';
    for (let i = 0; i < n; i++) {
      const { b, game, e } = rows[i] as Row;
      cols.b[i] = b;
      cols.game[i] = game;
      cols.uuid[i] = e.uuid;
      cols.event[i] = e.event;
      cols.distinctId[i] = e.distinct_id;
      cols.time[i] = e.time;
      cols.properties[i] = JSON.stringify(e.properties);
      months.add(e.time.slice(0, 7));
      if (first === '' || e.time < first) first = e.time;
      if (e.time > last) last = e.time;
    }
    for (const m of months) await this.ensureMonth(m);
    // Numbers, uuids and ISO times (checked by checkEvent) need no quotes; text is always quoted.
    const params = [
      `{${cols.b.join(',')}}`,
      this.tz,
      `{${cols.game.join(',')}}`,
      `{${cols.uuid.join(',')}}`,
      textArray(cols.event),
      textArray(cols.distinctId),
      `{${cols.time.join(',')}}`,
      textArray(cols.properties),
      `{${group.map((p) => p.events.length).join(',')}}`,
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        const out = await this.db.query<{ b: number; n: number; fresh: string[] | string | null }>(STORE_SQL, params);
        this.onStored(Date.parse(first), Date.parse(last));
        return new Map(out.map((r) => [Number(r.b), { n: Number(r.n), fresh: uuidList(r.fresh) }]));
      } catch (err) {
        // PostgreSQL: two statements waited on each other's rollup rows; nothing was written, run it again.
        if (attempt < 5 && RETRYABLE.has((err as { code?: string }).code ?? '')) continue;
        throw err;
      }
    }
  }
}

/**
 * The event definitions the ingestion reads on every batch, cached (re-read once this process writes
 * the table, and after CONFIG_TTL_MS for other writers). The apps come from IngestApps.
 */
export class TrackingConfig {
  private readonly defs: LoadingCache<number, Map<string, EventDef>>;

  constructor(private readonly db: Db) {
    this.defs = new LoadingCache((game) => this.loadDefs(game), CONFIG_TTL_MS, { changes: db.changes, tables: ['tracking_event_defines'], maxEntries: 10_000 });
  }

  definitions(game: number): Promise<Map<string, EventDef>> {
    return this.defs.get(game);
  }

  private async loadDefs(game: number): Promise<Map<string, EventDef>> {
    const rows = await this.db.query<{ game: number | null; event: string; enabled: boolean; properties: unknown }>(
      'SELECT game, event, enabled, properties FROM tracking_event_defines WHERE game = $1 OR game IS NULL ORDER BY game NULLS FIRST',
      [game],
    );
    const out = new Map<string, EventDef>();
    // Globals first, then the game's own: the own definition of an identifier replaces the global one.
    for (const r of rows) {
      const props: unknown = typeof r.properties === 'string' ? JSON.parse(r.properties) : r.properties;
      out.set(r.event, { enabled: r.enabled, properties: Array.isArray(props) ? (props as PropertyDefine[]) : [] });
    }
    return out;
  }
}

/** Where the live view's entries of a batch go (domain/live.ts). */
export type LiveSink = (app: number, entries: readonly TrackLiveEntry[]) => void;

export interface IngestOptions {
  now?: number;
  /** Told each event's outcome, and a batch-level refusal once its app is known. */
  live?: LiveSink;
  /** The raw body already parsed as JSON (a public-key batch; the route parses it once for its rate limit). */
  body?: unknown;
}

/**
 * Whether a request sends with the public key: an X-Public-Key header, or neither X-App-Key nor
 * X-Signature (the key is then in the body). Anything else is a signed request, checked as before.
 */
export function isPublicRequest(headers: SignedHeaders): boolean {
  if ((headers.publicKey?.trim() ?? '') !== '') return true;
  return (headers.appKey?.trim() ?? '') === '' && (headers.signature?.trim() ?? '') === '';
}

/** The code of a batch refused once its app was known (openPublicBatch's refusals), with the server's own text. */
function batchRefusalOf(err: IngestError, headers: SignedHeaders): Refusal {
  if (err.status === 403) {
    const origin = headers.origin ?? '';
    return { code: 'origin_not_allowed', args: { origin: origin.length > 80 ? `${origin.slice(0, 80)}…` : origin }, reason: err.message };
  }
  if (err.status === 400) return { code: err.message.endsWith('不能为空') ? 'empty_batch' : 'bad_body', args: NO_ARGS, reason: err.message };
  return { code: null, args: NO_ARGS, reason: err.message };
}

/**
 * One batch from an SDK: opened by openSignedBatch (the app by key, the signature over the raw body,
 * the body's shape) or, sent with the public key, by openPublicBatch (the app by public key, the
 * page's origin, the body's shape); each event checked the same way, the valid ones stored.
 * Batch-level problems throw IngestError (with the app when it was known: the live view shows it).
 */
export async function ingestBatch(
  apps: IngestApps,
  config: TrackingConfig,
  writer: EventWriter,
  headers: SignedHeaders,
  raw: Buffer,
  options: IngestOptions = {},
): Promise<TrackResult> {
  const now = options.now ?? Date.now();
  const received = new Date(now).toISOString();
  let opened: { app: { id: number; game: number }; items: unknown[] };
  try {
    opened = isPublicRequest(headers)
      ? await openPublicBatch(apps, headers, 'body' in options ? options.body : parsePublicBody(raw), 'events')
      : await openSignedBatch(apps, headers, raw, 'events');
  } catch (err) {
    if (err instanceof IngestError && err.app && options.live) options.live(err.app.id, [batchRefusal(received, batchRefusalOf(err, headers))]);
    throw err;
  }
  const { app, items: events } = opened;
  if (events.length > TRACK_MAX_EVENTS) {
    const refused = refusal('too_many_events', { max: TRACK_MAX_EVENTS, size: events.length });
    options.live?.(app.id, [batchRefusal(received, refused)]);
    throw new IngestError(413, refused.reason, app);
  }
  const defs = await config.definitions(app.game);
  const rejected: TrackRejection[] = [];
  const valid: StoredEvent[] = [];
  const outcome: Array<StoredEvent | Refusal> = [];
  const seen = new Map<string, number>();
  for (let index = 0; index < events.length; index++) {
    const checked = checkEvent(events[index], defs, now);
    if (isRefusal(checked)) {
      rejected.push({ index, reason: checked.reason });
      outcome.push(checked);
      continue;
    }
    const first = seen.get(checked.uuid);
    if (first !== undefined) {
      const twice = refusal('duplicate_in_batch', { index: first });
      rejected.push({ index, reason: twice.reason });
      outcome.push(twice);
      continue;
    }
    seen.set(checked.uuid, index);
    valid.push(checked);
    outcome.push(checked);
  }
  const { stored, duplicates } = await writer.storeBatch(app.game, valid);
  if (options.live) {
    // The newest TRACK_LIVE_KEPT are all the view can show: the rest of a big batch is not built.
    const from = Math.max(0, events.length - TRACK_LIVE_KEPT);
    const entries: TrackLiveEntry[] = [];
    for (let i = from; i < events.length; i++) {
      const o = outcome[i] as StoredEvent | Refusal;
      if (isRefusal(o)) entries.push(liveEntry(events[i], received, 'rejected', o));
      else entries.push({ time: o.time, received, event: o.event, distinct_id: o.distinct_id, status: duplicates.has(o.uuid) ? 'duplicate' : 'accepted', reason: null, reason_code: null, reason_args: NO_ARGS });
    }
    options.live(app.id, entries);
  }
  return { accepted: valid.length, duplicates: valid.length - stored, rejected };
}
