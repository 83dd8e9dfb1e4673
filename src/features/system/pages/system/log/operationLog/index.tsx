import { useMemo } from 'react';
import { CrudPage } from '../../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../../components/crud/types';
import { useSystemTexts } from '../../locale';
import { NEWEST_FIRST } from '../../../../../../components/crud/presets';
import { WHETHER_DICT } from '../../shared';

/** 操作日志 (system/log/operationLog): every write call, read-only, newest first. */
export default function OperationLogPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/operation_log/',
      testId: 'operationLog',
      ordering: NEWEST_FIRST,
      permissions: { view: 'Retrieve', search: 'Search', remove: 'Delete', export: 'Export' },
      fields: [
        { key: 'request_modular', label: t('sys.operationLog.modular'), search: true, column: { width: 120, filter: true }, form: false },
        { key: 'request_path', label: t('sys.operationLog.path'), search: true, column: { width: 220, filter: true }, form: false },
        { key: 'request_method', label: t('sys.operationLog.method'), search: true, column: { width: 90, filter: true }, form: false },
        { key: 'request_body', label: t('sys.operationLog.body'), type: 'json', column: { width: 200 }, form: false },
        { key: 'request_ip', label: t('sys.operationLog.ip'), search: true, column: { width: 110, filter: true }, form: false },
        { key: 'request_browser', label: t('sys.operationLog.browser'), column: { width: 120 }, form: false },
        { key: 'request_os', label: t('sys.operationLog.os'), column: { width: 100 }, form: false },
        { key: 'response_code', label: t('sys.operationLog.code'), search: true, column: { width: 90, filter: true }, form: false },
        { key: 'json_result', label: t('sys.operationLog.result'), type: 'json', column: { width: 220 }, form: false },
        { key: 'status', label: t('sys.operationLog.status'), dict: WHETHER_DICT, search: true, column: { width: 90, filter: true }, form: false },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
