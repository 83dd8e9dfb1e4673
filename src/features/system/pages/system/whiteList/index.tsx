import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useSystemTexts } from '../locale';
import { FULL_PERMISSIONS, NEWEST_FIRST } from '../../../../../components/crud/presets';
import { METHOD_OPTIONS, WHETHER_DICT } from '../shared';

/** 接口白名单 (system/whiteList): API paths any signed-in user may call. */
export default function WhiteListPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/api_white_list/',
      testId: 'whiteList',
      permissions: FULL_PERMISSIONS,
      ordering: NEWEST_FIRST,
      fields: [
        {
          key: 'url',
          label: t('sys.whiteList.url'),
          search: true,
          column: { width: 260, filter: true },
          form: { span: 24, rules: { required: true, maxLength: 200, pattern: { regex: /^\//, message: t('sys.whiteList.urlPattern') } } },
        },
        { key: 'method', label: t('sys.whiteList.method'), options: METHOD_OPTIONS, search: true, column: { width: 110, filter: true }, form: { default: 0, rules: { required: true } } },
        { key: 'enable_datasource', label: t('sys.whiteList.enableDatasource'), dict: WHETHER_DICT, search: true, column: { width: 120, filter: true }, form: { default: true } },
        // The reference server refuses a POST/PUT/DELETE entry without it: the label is the warning.
        { key: 'open_write', label: t('sys.whiteList.openWrite'), dict: WHETHER_DICT, column: { width: 200 }, form: { default: false } },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
