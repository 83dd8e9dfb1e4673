import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { myLogin, workbenchLayout, workbenchShortcut } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

/**
 * The workbench (menu dashboard/workbench; reference server only — the real back end has
 * no such calls): the caller's own layout (default until saved), whole-layout validation with an
 * envelope error and nothing stored, page opens and the own sign-ins. The caller's layout is put back
 * to what it was at the end.
 */
const LAYOUT = 'api/system/workbench/layout/';

areaTests('dashboard', () => {
test.describe('workbench: api/system/workbench/*', () => {
  test('layout round trip, bad layouts refused whole, reset to the default', async ({ api, auth, target }) => {
    test.skip(target.flavour !== 'reference', 'reference server only (the real back end has no workbench calls)');
    const { access } = await auth.session();
    const before = expectSuccess(await api.get(LAYOUT, { token: access }), workbenchLayout, 'GET layout');
    const mine = [
      { i: 'welcome', kind: 'welcome', x: 0, y: 0, w: 12, h: 3 },
      { i: 'trend-a', kind: 'trend', x: 0, y: 3, w: 6, h: 4 },
      { i: 'trend-b', kind: 'trend', x: 6, y: 3, w: 6, h: 4 },
    ];
    const saved = expectSuccess(await api.request('PUT', LAYOUT, { token: access, json: { widgets: mine } }), workbenchLayout, 'PUT layout');
    expect(saved).toMatchObject({ saved: true, widgets: mine });

    for (const [widgets, what] of [
      [[{ ...mine[0], kind: 'stock_ticker' }], 'an unknown kind'],
      [[{ ...mine[0], x: 0.5 }], 'a fractional x'],
      [[{ ...mine[0], x: 6 }], 'wider than the grid'],
      [[mine[0], { ...mine[0], i: 'again', y: 3 }], 'a second welcome'],
    ] as const) {
      expectFailure(await api.request('PUT', LAYOUT, { token: access, json: { widgets } }), { code: 4000 }, `PUT layout with ${what}`);
    }
    const still = expectSuccess(await api.get(LAYOUT, { token: access }), workbenchLayout, 'GET layout after the refusals');
    expect(still.widgets).toEqual(mine);

    const reset = expectSuccess(await api.request('DELETE', LAYOUT, { token: access }), workbenchLayout, 'DELETE layout');
    expect(reset.saved).toBe(false);
    expect(reset.widgets.length).toBeGreaterThan(0);
    if (before.saved) expectSuccess(await api.request('PUT', LAYOUT, { token: access, json: { widgets: before.widgets } }), workbenchLayout, 'PUT the layout back');
  });

  test('page opens become shortcuts; own sign-ins', async ({ api, auth, target }) => {
    test.skip(target.flavour !== 'reference', 'reference server only (the real back end has no workbench calls)');
    const { access } = await auth.session();
    const path = `/contract/workbench-${Date.now().toString(36)}`;
    for (let n = 0; n < 2; n++) expectSuccess(await api.post('api/system/workbench/visit/', { token: access, json: { path } }), z.null(), 'POST visit');
    expectFailure(await api.post('api/system/workbench/visit/', { token: access, json: { path: 'no-slash' } }), { code: 4000 }, 'POST visit with a bad path');
    const top = expectSuccess(await api.get('api/system/workbench/shortcuts/', { token: access }), z.array(workbenchShortcut), 'GET shortcuts');
    expect(top.length).toBeLessThanOrEqual(12);
    expectSuccess(await api.get('api/system/workbench/my_logins/', { token: access }), z.array(myLogin).min(1), 'GET my_logins');
  });
});
});
