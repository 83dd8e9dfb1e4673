import { API_WHITE_LIST_LABELS, apiWhiteListInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../spec';
import { bool, choice, auditFields, selectOf, text, viewOf } from './helpers';
import { METHODS } from './menu-button';

const WHITE_COLUMNS = ['url', 'method', 'enable_datasource'];

/** API white list (/api/system/api_white_list/): calls anyone signed in may make, with or without data scope. */
export function apiWhiteListSpec(): ResourceSpec {
  return {
    path: 'api_white_list',
    title: '接口白名单',
    table: 'api_white_list',
    select: selectOf(WHITE_COLUMNS),
    view: viewOf(WHITE_COLUMNS),
    fields: {
      ...auditFields(),
      url: { sql: 't.url', filter: 'icontains' },
      method: { sql: 't.method', filter: 'int' },
      enable_datasource: { sql: 't.enable_datasource', filter: 'bool' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.url'],
    createSchema: apiWhiteListInput,
    labels: API_WHITE_LIST_LABELS,
    columns: Object.fromEntries(WHITE_COLUMNS.map((c) => [c, { column: c }])),
    uniques: [{ fields: ['url', 'method'], message: '该接口地址和请求方法已在白名单中。' }],
    sheet: [text('url', 'url', 40), choice('method', '接口请求方法', METHODS), bool('enable_datasource', '激活数据权限', '是', '否')],
    importKey: 'id',
  };
}
