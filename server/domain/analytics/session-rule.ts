/**
 * The one session rule, as SQL: session analysis (data_embed/sessions) and a player's sessions
 * (center_users/game_users/sessions) both number their events with it.
 *
 * A session belongs to one game and one player. Their events in time order (ties by uuid) start a new
 * session at the first event, at a `session_start`, after a `session_end`, or after a gap of
 * SESSION_GAP_SECONDS or more — except that the events sent shortly before a `session_start` (at most
 * SESSION_LEAD_IN_SECONDS before it, none of them a `session_start` or `session_end`, no `session_end`
 * between them and it: typically the login) belong to the session that `session_start` opens: the
 * first of them starts it and the `session_start` does not start another. So a login sent a few
 * seconds before its session_start is never a session of its own.
 */

export const SESSION_GAP_SECONDS = 30 * 60;
/** How long before its session_start an event still belongs to the session it opens. */
export const SESSION_LEAD_IN_SECONDS = 60;

export interface SessionNumbering {
  /** A table expression with the columns `time`, `uuid`, `event` and the `partition` and `carry` columns. */
  source: string;
  /** Columns that separate players (e.g. `day, game, d`); '' when the source is one player's. */
  partition: string;
  /** Columns carried through unchanged (the partition's included). */
  carry: string[];
}

/**
 * CTEs (to follow `WITH`) ending in `s_num`: every event of the source with `time` and `sn`, the number
 * of its session within its partition, and the carried columns. Three window passes: forward (previous
 * event), backward (the next session_start and session_end, by their row numbers), forward (running count
 * of starts).
 */
export function sessionNumberingSql({ source, partition, carry }: SessionNumbering): string {
  const by = partition ? `PARTITION BY ${partition} ` : '';
  const c = carry.map((x) => `${x}, `).join('');
  const lead = `interval '${SESSION_LEAD_IN_SECONDS} seconds'`;
  // The next session_start after the event (its row and time) and the next session_end: the event leads in when
  // that session_start comes first and within the lead-in time.
  const leadsIn = (t: string) => `(ss_time <= ${t} + ${lead} AND (se_rn IS NULL OR se_rn > ss_rn))`;
  return `s_prev AS (
      SELECT ${c}time, event, row_number() OVER w AS rn, lag(time) OVER w AS p_time, lag(event) OVER w AS p_event
      FROM ${source}
      WINDOW w AS (${by}ORDER BY time, uuid)
    ), s_next AS (
      SELECT ${c}time, event, rn, p_time, p_event,
        min(rn) FILTER (WHERE event = 'session_start') OVER r AS ss_rn,
        min(time) FILTER (WHERE event = 'session_start') OVER r AS ss_time,
        min(rn) FILTER (WHERE event = 'session_end') OVER r AS se_rn
      FROM s_prev
      WINDOW r AS (${by}ORDER BY rn DESC ROWS UNBOUNDED PRECEDING)
    ), s_flags AS (
      SELECT ${c}time, rn,
        coalesce(event NOT IN ('session_start', 'session_end') AND ${leadsIn('time')}, false) AS lead_in,
        coalesce(p_event NOT IN ('session_start', 'session_end') AND CASE
          WHEN event = 'session_start' THEN time <= p_time + ${lead}
          WHEN event = 'session_end' THEN false
          ELSE ${leadsIn('p_time')} END, false) AS prev_lead_in,
        (p_time IS NULL OR event = 'session_start' OR p_event = 'session_end' OR time - p_time >= interval '${SESSION_GAP_SECONDS} seconds') AS plain_start
      FROM s_next
    ), s_num AS (
      SELECT ${c}time,
        sum(CASE WHEN NOT prev_lead_in AND (lead_in OR plain_start) THEN 1 ELSE 0 END) OVER (${by}ORDER BY rn ROWS UNBOUNDED PRECEDING) AS sn
      FROM s_flags
    )`;
}
