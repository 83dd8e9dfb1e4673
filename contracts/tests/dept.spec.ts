import { z } from 'zod';
import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { deptNode } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';
import { DEPARTMENTS } from './support/sample-data';

areaTests('system', () => {
test.describe('dept/all_dept', () => {
  test('every department as {id, name, parent}, forming one tree', async ({ api, auth, target }) => {
    const { access } = await auth.session();
    const rows = expectSuccess(await api.get('api/system/dept/all_dept/', { token: access }), z.array(deptNode), 'all_dept');
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((d) => d.id);
    expect(new Set(ids).size, 'ids are unique').toBe(ids.length);
    expect(rows.some((d) => d.parent === null), 'at least one root').toBe(true);
    for (const d of rows) if (d.parent !== null) expect(ids, `parent ${d.parent} of dept ${d.id} is listed`).toContain(d.parent);
    if (target.fixtureData) expect(rows, 'the sample departments, in sort order').toEqual(DEPARTMENTS);
  });

  test('without a token → 4000 身份认证信息未提供。', async ({ api }) => {
    expectFailure(await api.get('api/system/dept/all_dept/'), { code: 4000, msg: '身份认证信息未提供。' }, 'all_dept without a token');
  });
});
});
