import { API_WHITE_LIST_LABELS, apiWhiteListInput } from '../../../../contracts/schemas';
import { CrudError, type ResourceSpec } from '../../../domain/crud/spec';
import { bool, choice, currentRow, listFields, selectOf, text, viewOf, writeColumns } from '../../../domain/crud/resource-helpers';
import { METHODS } from './menu-button';

const WHITE_COLUMNS = ['url', 'method', 'enable_datasource', 'open_write'];

/** Why a white-list row may not be written: a write method (POST, PUT, DELETE) opened to everyone needs open_write. */
export const OPEN_WRITE_REQUIRED = '允许所有用户写操作:接口请求方法为 POST、PUT 或 DELETE 时，必须明确勾选「允许所有用户写操作」。';

/**
 * API white list (/api/system/api_white_list/): calls anyone signed in may make, with or without data
 * scope. Only a superuser writes it (permissions.ts); an entry opening a write method to everyone
 * needs `open_write: true`, and one without it grants nothing.
 */
export function apiWhiteListSpec(): ResourceSpec {
  return {
    path: 'api_white_list',
    title: '接口白名单',
    table: 'api_white_list',
    select: selectOf(WHITE_COLUMNS),
    view: viewOf(WHITE_COLUMNS),
    fields: listFields({ url: 'icontains', method: 'int', enable_datasource: 'bool' }),
    defaultOrder: '-create_datetime',
    search: ['t.url'],
    createSchema: apiWhiteListInput,
    labels: API_WHITE_LIST_LABELS,
    columns: writeColumns(WHITE_COLUMNS),
    uniques: [{ fields: ['url', 'method'], message: '该接口地址和请求方法已在白名单中。' }],
    beforeWrite: async ({ tx }, input, _values, id) => {
      const current = await currentRow<{ method: number | null; open_write: boolean }>(tx, 'api_white_list', id, 'method, open_write');
      const method = 'method' in input ? input.method : current?.method;
      const openWrite = 'open_write' in input ? input.open_write : current?.open_write;
      if (typeof method === 'number' && method !== 0 && openWrite !== true) throw new CrudError(OPEN_WRITE_REQUIRED);
    },
    sheet: [text('url', 'url', 40), choice('method', '接口请求方法', METHODS), bool('enable_datasource', '激活数据权限', '是', '否'), bool('open_write', '允许所有用户写操作', '是', '否')],
    importKey: 'id',
  };
}
