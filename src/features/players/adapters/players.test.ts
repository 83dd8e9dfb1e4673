// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { retentionResult } from '../../../../contracts/schemas/players';
import { executeGateway } from '../../../../server/gateway/gateway';
import { standInUpstream, type AdapterKind } from '../../../test/stand-in-upstream';
import { ApiError } from '../../../adapters/errors';
import { retentionParams } from './players';
import { reportQueryString } from '../../../adapters/port';

/**
 * Part of the shared adapter suite: the players port over both adapters, against a
 * stand-in upstream answering in the shapes of contracts/schemas/players (parsed first) and recording
 * what reached it; the GraphQL adapter goes through the real gateway code (executeGateway).
 */

const by = (v: number | null) => ({ '1': v, '3': v, '7': v, '14': v, '30': v });
const RETENTION = retentionResult.parse({
  start: '2026-11-01',
  end: '2026-11-02',
  game: 3,
  channel: 'tap',
  today: '2026-11-24',
  cohorts: [
    { day: '2026-11-01', players: 40, retention: { '1': 0.5, '3': 0.25, '7': 0.125, '14': 0.05, '30': null }, retained: { '1': 20, '3': 10, '7': 5, '14': 2, '30': 0 } },
    { day: '2026-11-02', players: 0, retention: by(null), retained: by(0) },
  ],
  total: { players: 40, retention: { '1': 0.5, '3': 0.25, '7': 0.125, '14': 0.05, '30': null }, retained: { '1': 20, '3': 10, '7': 5, '14': 2, '30': 0 } },
  curve: Array.from({ length: 30 }, (_, i) => ({ n: i + 1, players: i < 22 ? 40 : 0, retained: i < 22 ? 2 : 0, retention: i < 22 ? 0.05 : null })),
  channels: ['', 'tap'],
});

const upstream = standInUpstream(executeGateway, ({ url }, { ok, refuse }) => {
  if (url.searchParams.get('start') === 'bad') return refuse('end 不能早于 start');
  if (url.pathname === '/api/center_users/retention/') return ok(url.searchParams.get('game') === '99' ? { ...RETENTION, cohorts: [{ day: '2026-11-01', players: 1.5 }] } : RETENTION);
});
const { seen } = upstream;

type Kind = AdapterKind;
const adapter = (kind: Kind) => upstream.adapter(kind, 'players-token');

describe('the players query pairs', () => {
  it('game first when given, then the range, then the channel (an empty channel is the unknown one, kept)', () => {
    expect(reportQueryString(retentionParams({ start: '2026-11-01', end: '2026-11-07', game: 3, channel: 'tap' }))).toBe('game=3&start=2026-11-01&end=2026-11-07&channel=tap');
    expect(reportQueryString(retentionParams({ start: '2026-11-01', end: '2026-11-07', channel: '' }))).toBe('start=2026-11-01&end=2026-11-07&channel=');
  });
});

describe.each<Kind>(['rest', 'graphql'])('the players calls over %s', (kind) => {
  it('retention reaches the REST route with the same query and answers the schema shape', async () => {
    const { api, callbacks } = adapter(kind);
    seen.length = 0;
    await expect(api.players.retention({ start: '2026-11-01', end: '2026-11-02', game: 3, channel: 'tap' })).resolves.toEqual(RETENTION);
    await expect(api.players.retention({ start: '2026-11-01', end: '2026-11-02' })).resolves.toEqual(RETENTION);
    expect(seen.map((s) => `${s.path}?${s.query}`)).toEqual([
      '/api/center_users/retention/?game=3&start=2026-11-01&end=2026-11-02&channel=tap',
      '/api/center_users/retention/?start=2026-11-01&end=2026-11-02',
    ]);
    expect(seen.every((s) => s.method === 'GET' && s.auth === 'JWT players-token')).toBe(true);
    expect(callbacks.notices).toEqual([]);
  });

  it('an answer that does not fit the schema is a malformed answer, not a figure', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.players.retention({ start: '2026-11-01', end: '2026-11-02', game: 99 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('format');
    expect(callbacks.notices).toHaveLength(1);
  });

  it('a refused report is an ApiError with the server message, toasted once', async () => {
    const { api, callbacks } = adapter(kind);
    const error = await api.players.retention({ start: 'bad', end: '2026-11-02' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('end 不能早于 start');
    expect(callbacks.notices.map((n) => n.text)).toEqual(['end 不能早于 start']);
  });
});
