import type { ResourceSpec } from '../../../domain/crud/spec';
import { datetimeCol, listFields, readOnlyCol, selectOf, viewOf } from '../../../domain/crud/resource-helpers';

const LOGIN_COLUMNS = ['username', 'ip', 'agent', 'browser', 'os', 'continent', 'country', 'province', 'city', 'district', 'isp', 'area_code', 'country_english', 'country_code', 'longitude', 'latitude', 'login_type'];

/** Sign-ins (/api/system/login_log/): read-only, within the caller's data scope. */
export function loginLogSpec(): ResourceSpec {
  return {
    path: 'login_log',
    title: '登录日志',
    table: 'login_log',
    select: selectOf(LOGIN_COLUMNS),
    view: viewOf(LOGIN_COLUMNS),
    fields: listFields({ username: 'icontains', ip: 'icontains', browser: 'icontains', os: 'icontains', login_type: 'int' }),
    defaultOrder: '-create_datetime',
    search: ['t.username', 't.ip', 't.browser', 't.os'],
    dataScope: true,
    readOnly: true,
    labels: { username: '登录用户名', ip: '登录ip', browser: '浏览器名', os: '操作系统', login_type: '登录类型', create_datetime: '创建时间' },
    columns: {},
    sheet: [readOnlyCol('username', '登录用户名'), readOnlyCol('ip', '登录ip'), readOnlyCol('browser', '浏览器名', 24), readOnlyCol('os', '操作系统', 20), readOnlyCol('agent', 'agent信息', 60), datetimeCol('create_datetime', '登录时间')],
  };
}
