import WebSocket from 'ws';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { expectKnownDifference } from '../known-differences';
import { monitorResult, realtimeFrame, realtimeSnapshot, REALTIME_TOPIC } from '../schemas';
import { expectShape, expectSuccess } from './support/expect-contract';

/**
 * Live dashboards (menus dashboard/realtime and dashboard/monitor): the REST answers, the
 * `dashboard.realtime` socket frame a console receives after subscribing, and the refusals. Figures
 * over known data are checked against raw rows in server/routes/dashboard-live.test.ts.
 */

/** Opens the console's socket, subscribes, and resolves with the first realtime frame (or null after `ms`). */
function firstRealtimeFrame(url: string, ms = 5000): Promise<{ frame: unknown; before: unknown[] } | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const before: unknown[] = [];
    const done = (v: { frame: unknown; before: unknown[] } | null) => {
      clearTimeout(timer);
      ws.terminate();
      resolve(v);
    };
    const timer = setTimeout(() => done(null), ms);
    ws.on('message', (data) => {
      const value: unknown = JSON.parse(String(data));
      if ((value as { type?: unknown }).type === REALTIME_TOPIC) return done({ frame: value, before });
      before.push(value);
      // After the greeting: subscribe.
      if (before.length === 1) ws.send(JSON.stringify({ type: 'subscribe', topic: REALTIME_TOPIC }));
    });
    ws.on('error', () => done(null));
  });
}

areaTests('dashboard', () => {
test.describe('dashboard: api/dashboard/realtime/ and api/dashboard/monitor/', () => {
  test('realtime figures over REST and the subscribed socket frame', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.session();
    const snap = expectSuccess(await api.get('api/dashboard/realtime/', { token: access }), realtimeSnapshot, 'GET api/dashboard/realtime/');
    expect(snap.minutes).toHaveLength(60);
    expect(snap.minutes.map((m) => m.minute)).toEqual([...snap.minutes.map((m) => m.minute)].sort());
    expect(snap.top_games.reduce((s, g) => s + g.online, 0)).toBeLessThanOrEqual(snap.online);
    expect(snap.top_games.length).toBeLessThanOrEqual(5);
    const got = await firstRealtimeFrame(`${target.wsBase}/ws/${access}/`);
    await expectKnownDifference(testInfo, target, 'realtimeFrame', {
      reference: () => {
        expect(got, 'WEBSOCKET /ws/{token}/: a dashboard.realtime frame within 5 s of subscribing').not.toBeNull();
        const frame = expectShape(realtimeFrame, got?.frame, 'dashboard.realtime frame');
        expect(frame.realtime.minutes).toHaveLength(60);
        // Before subscribing nothing but the greeting arrived.
        expect(got?.before).toHaveLength(1);
      },
      upstream: () => expect(got, 'WEBSOCKET /ws/{token}/: no dashboard.realtime frame').toBeNull(),
    });
  });

  test('monitor lists the answering instance with its figures', async ({ api, auth }) => {
    const { access } = await auth.session();
    const m = expectSuccess(await api.get('api/dashboard/monitor/', { token: access }), monitorResult, 'GET api/dashboard/monitor/');
    const self = m.instances.find((i) => i.instance === m.self);
    expect(self?.status).toBe('online');
    expect(self?.current.requests_total).toBeGreaterThan(0);
  });

  test('no token: refused in the envelope', async ({ api }) => {
    for (const path of ['api/dashboard/realtime/', 'api/dashboard/monitor/']) {
      const res = await api.get(path);
      expect(res.status, path).toBeLessThan(500);
      expect((res.json as { code?: number } | undefined)?.code, path).not.toBe(2000);
    }
  });
});
});
