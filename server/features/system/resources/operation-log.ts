import type { ResourceSpec } from '../../../domain/crud/spec';
import { bool, datetimeCol, listFields, readOnlyCol, selectOf, viewOf } from '../../../domain/crud/resource-helpers';

const OP_COLUMNS = ['request_modular', 'request_path', 'request_body', 'request_method', 'request_msg', 'request_ip', 'request_browser', 'response_code', 'request_os', 'json_result', 'status'];

/** Write calls (/api/system/operation_log/): read-only but deletable, within the caller's data scope. */
export function operationLogSpec(): ResourceSpec {
  return {
    path: 'operation_log',
    title: '操作日志',
    table: 'operation_log',
    select: selectOf(OP_COLUMNS),
    view: viewOf(OP_COLUMNS),
    fields: listFields({ request_modular: 'icontains', request_path: 'icontains', request_method: 'exact', request_ip: 'icontains', response_code: 'exact', status: 'bool' }),
    defaultOrder: '-create_datetime',
    search: ['t.request_modular', 't.request_path', 't.request_body', 't.request_ip'],
    dataScope: true,
    readOnly: true,
    deletable: true,
    labels: { request_modular: '请求模块', request_path: '请求地址', request_method: '请求方式', request_ip: '请求ip地址', response_code: '响应状态码', status: '响应状态', create_datetime: '创建时间' },
    columns: {},
    sheet: [
      readOnlyCol('request_modular', '请求模块'),
      readOnlyCol('request_path', '请求地址', 40),
      readOnlyCol('request_method', '请求方式'),
      readOnlyCol('request_body', '请求参数', 50),
      readOnlyCol('request_ip', '请求ip地址'),
      readOnlyCol('response_code', '响应状态码'),
      bool('status', '响应状态', '成功', '失败'),
      readOnlyCol('creator_name', '操作人'),
      datetimeCol('create_datetime', '操作时间'),
    ],
  };
}
