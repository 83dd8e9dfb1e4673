import { areaTests } from '../areas';
import { test, expect } from '../fixtures';
import { expectKnownDifference, reportDifference } from '../known-differences';
import { fileList, userRow } from '../schemas';
import { expectFailure, expectSuccess } from './support/expect-contract';

/**
 * Authorization is on the server, not only in the UI: user `test` (role 用户, no system menus or
 * buttons) is refused, by hand-made requests, every system administration endpoint — with upstream's
 * message (API-CONTRACT examples 88-89) — and nothing changes.
 */

const RESOURCES = ['dept', 'user', 'role', 'menu', 'menu_button', 'dictionary', 'system_config', 'api_white_list', 'area'];

type Call = [method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string];

function resourceCalls(name: string): Call[] {
  const base = `/api/system/${name}/`;
  return [
    ['GET', base],
    ['POST', base],
    ['GET', `${base}2/`],
    ['PUT', `${base}2/`],
    ['PATCH', `${base}2/`],
    ['DELETE', `${base}2/`],
    ['DELETE', `${base}multiple_delete/`],
    ['GET', `${base}export_data/`],
    ['GET', `${base}import_data/`],
    ['POST', `${base}import_data/`],
    ['GET', `${base}update_template/`],
  ];
}

const UPSTREAM_GUARDED: Call[] = [
  ...RESOURCES.flatMap(resourceCalls),
  // Logs are read-only (the operation log can also be deleted).
  ['GET', '/api/system/operation_log/'],
  ['GET', '/api/system/operation_log/1/'],
  ['DELETE', '/api/system/operation_log/1/'],
  ['DELETE', '/api/system/operation_log/multiple_delete/'],
  ['GET', '/api/system/operation_log/export_data/'],
  ['GET', '/api/system/login_log/'],
  ['GET', '/api/system/login_log/1/'],
  ['PUT', '/api/system/user/2/reset_password/'],
  ['PUT', '/api/system/system_config/save_content/'],
  ['GET', '/api/system/message_center/'],
  ['POST', '/api/system/message_center/'],
];

/**
 * Open to any signed-in user upstream (IsAuthenticated, or the file viewset's permission_classes = []):
 * the reference server guards them too. Never sent to the real back end as `test`: there they would
 * reset a password or delete files (known difference role-actions-open-upstream, reported below).
 */
const REFERENCE_ONLY_GUARDED: Call[] = [
  ['PUT', '/api/system/user/2/reset_to_default_password/'],
  ['GET', '/api/system/role/role_get_menu/'],
  ['GET', '/api/system/role/data_scope/'],
  ['GET', '/api/system/role/data_scope_dept/'],
  ['DELETE', '/api/system/file/1/'],
  ['DELETE', '/api/system/file/multiple_delete/'],
  ['GET', '/api/system/file/export_data/'],
];

const BODIES: Partial<Record<Call[0], unknown>> = {
  POST: { name: 'hijack', username: 'hijack', key: 'hijack', label: 'x', value: 'x', url: '/x/', title: 'x', content: 'x' },
  PUT: { name: 'hijack', newPassword: 'hijack123', newPassword2: 'hijack123', is_active: false },
  PATCH: { name: 'hijack', is_active: false },
  DELETE: { keys: [2, 3] },
};

areaTests('system', () => {
test.describe('system endpoints refuse user test', () => {
  test('every guarded endpoint answers 4000 您没有执行该操作的权限。 (METHOD: path)', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.login(target.otherUsername, target.password);
    const calls = target.flavour === 'reference' ? [...UPSTREAM_GUARDED, ...REFERENCE_ONLY_GUARDED] : UPSTREAM_GUARDED;
    reportDifference(testInfo, 'selfServiceGrants', target.flavour);
    for (const [method, path] of calls) {
      const body = BODIES[method];
      const reply = await api.request(method, path.replace(/^\//, ''), { token: access, ...(body === undefined ? {} : { json: body }) });
      expectFailure(reply, { code: 4000, msg: `您没有执行该操作的权限。 (${method}: ${path})` }, `${method} ${path} as ${target.otherUsername}`);
    }
  });

  test('the file list: refused here, readable by any signed-in user upstream (known difference)', async ({ api, auth, target }, testInfo) => {
    const { access } = await auth.login(target.otherUsername, target.password);
    const reply = await api.get('api/system/file/?page=1&limit=5', { token: access });
    await expectKnownDifference(testInfo, target, 'fileListOpen', {
      reference: () => void expectFailure(reply, { code: 4000, msg: '您没有执行该操作的权限。 (GET: /api/system/file/)' }, `file list as ${target.otherUsername}`),
      upstream: () => void expectSuccess(reply, fileList, `file list as ${target.otherUsername}`),
    });
  });

  test('the refused writes changed nothing', async ({ api, auth, target }) => {
    test.skip(!target.fixtureData, 'needs the sample accounts');
    const { access: testToken } = await auth.login(target.otherUsername, target.password);
    await api.request('DELETE', 'api/system/user/2/', { token: testToken });
    await api.request('PATCH', 'api/system/user/2/', { token: testToken, json: { name: 'hijack', is_active: false } });
    const { access } = await auth.session();
    const admin = expectSuccess(await api.get('api/system/user/2/', { token: access }), userRow, 'GET user/2 as superadmin');
    expect(admin.name).not.toBe('hijack');
    expect(admin.is_active).toBe(true);
  });

  test('self-service endpoints stay open to test', async ({ api, auth, target }) => {
    const { access } = await auth.login(target.otherUsername, target.password);
    for (const path of ['api/system/user/user_info/', 'api/system/menu/web_router/', 'api/system/menu_button/get_btn_permission/', 'api/system/dept/all_dept/', 'api/system/message_center/get_unread_msg/', 'api/system/message_center/get_newest_msg/', 'api/system/message_center/get_self_receive/']) {
      const reply = await api.get(path, { token: access });
      expect((reply.json as { code?: number } | undefined)?.code, `${path}: ${reply.text.slice(0, 200)}`).toBe(2000);
    }
  });
});
});
