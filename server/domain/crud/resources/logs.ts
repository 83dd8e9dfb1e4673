import { FILE_LIST_LABELS, fileListInput } from '../../../../contracts/schemas';
import type { ResourceSpec } from '../spec';
import { auditFields, bool, datetimeCol, readOnlyCol, selectOf, viewOf } from './helpers';

const LOGIN_COLUMNS = ['username', 'ip', 'agent', 'browser', 'os', 'continent', 'country', 'province', 'city', 'district', 'isp', 'area_code', 'country_english', 'country_code', 'longitude', 'latitude', 'login_type'];

export function loginLogSpec(): ResourceSpec {
  return {
    path: 'login_log',
    title: '登录日志',
    table: 'login_log',
    select: selectOf(LOGIN_COLUMNS),
    view: viewOf(LOGIN_COLUMNS),
    fields: {
      ...auditFields(),
      username: { sql: 't.username', filter: 'icontains' },
      ip: { sql: 't.ip', filter: 'icontains' },
      browser: { sql: 't.browser', filter: 'icontains' },
      os: { sql: 't.os', filter: 'icontains' },
      login_type: { sql: 't.login_type', filter: 'int' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.username', 't.ip', 't.browser', 't.os'],
    dataScope: true,
    readOnly: true,
    labels: { username: '登录用户名', ip: '登录ip', browser: '浏览器名', os: '操作系统', login_type: '登录类型', create_datetime: '创建时间' },
    columns: {},
    sheet: [readOnlyCol('username', '登录用户名'), readOnlyCol('ip', '登录ip'), readOnlyCol('browser', '浏览器名', 24), readOnlyCol('os', '操作系统', 20), readOnlyCol('agent', 'agent信息', 60), datetimeCol('create_datetime', '登录时间')],
  };
}

const OP_COLUMNS = ['request_modular', 'request_path', 'request_body', 'request_method', 'request_msg', 'request_ip', 'request_browser', 'response_code', 'request_os', 'json_result', 'status'];

export function operationLogSpec(): ResourceSpec {
  return {
    path: 'operation_log',
    title: '操作日志',
    table: 'operation_log',
    select: selectOf(OP_COLUMNS),
    view: viewOf(OP_COLUMNS),
    fields: {
      ...auditFields(),
      request_modular: { sql: 't.request_modular', filter: 'icontains' },
      request_path: { sql: 't.request_path', filter: 'icontains' },
      request_method: { sql: 't.request_method', filter: 'exact' },
      request_ip: { sql: 't.request_ip', filter: 'icontains' },
      response_code: { sql: 't.response_code', filter: 'exact' },
      status: { sql: 't.status', filter: 'bool' },
    },
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

const FILE_COLUMNS = ['name', 'url', 'file_url', 'engine', 'mime_type', 'size', 'md5sum'];

export function fileListSpec(): ResourceSpec {
  return {
    path: 'file',
    title: '附件',
    table: 'file_list',
    select: selectOf(FILE_COLUMNS),
    view: (r) => ({ ...viewOf(FILE_COLUMNS)(r), size: Number(r.size ?? 0), file_url: r.file_url ?? '', engine: r.engine ?? 'local', mime_type: r.mime_type ?? '', md5sum: r.md5sum ?? '' }),
    fields: {
      ...auditFields(),
      name: { sql: 't.name', filter: 'icontains' },
      mime_type: { sql: 't.mime_type', filter: 'icontains' },
      engine: { sql: 't.engine', filter: 'exact' },
      md5sum: { sql: 't.md5sum', filter: 'exact' },
      size: { sql: 't.size' },
    },
    defaultOrder: '-create_datetime',
    search: ['t.name', 't.mime_type'],
    dataScope: true,
    createSchema: fileListInput,
    labels: FILE_LIST_LABELS,
    columns: { name: { column: 'name' } },
    sheet: [readOnlyCol('name', '名称', 30), readOnlyCol('url', 'url', 40), readOnlyCol('mime_type', 'Mime类型'), readOnlyCol('size', '文件大小'), readOnlyCol('md5sum', '文件md5', 34), datetimeCol('create_datetime', '上传时间')],
  };
}
