import { useMemo } from 'react';
import { CrudPage } from '../../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../../components/crud/types';
import { useSystemTexts } from '../../locale';
import { NEWEST_FIRST } from '../../../../../../components/crud/presets';

/** 登录日志 (system/log/loginLog): read-only, newest first. */
export default function LoginLogPage() {
  const t = useSystemTexts();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: '/api/system/login_log/',
      testId: 'loginLog',
      ordering: NEWEST_FIRST,
      permissions: { view: 'Retrieve', search: 'Search' },
      fields: [
        { key: 'username', label: t('sys.loginLog.username'), search: true, column: { width: 120, filter: true }, form: false },
        { key: 'ip', label: t('sys.loginLog.ip'), search: true, column: { width: 120, filter: true }, form: false },
        { key: 'browser', label: t('sys.loginLog.browser'), search: true, column: { width: 140, filter: true }, form: false },
        { key: 'os', label: t('sys.loginLog.os'), search: true, column: { width: 120, filter: true }, form: false },
        { key: 'agent', label: t('sys.loginLog.agent'), column: { width: 200 }, form: false },
        {
          key: 'login_type',
          label: t('sys.loginLog.loginType'),
          options: [1, 2, 3, 4, 5, 6].map((value) => ({ label: t(`sys.loginLog.type${value}`), value, color: value === 1 ? 'success' : 'info' })),
          search: true,
          column: { width: 110, filter: true },
          form: false,
        },
        { key: 'country', label: t('sys.loginLog.country'), column: { width: 90 }, form: false },
        { key: 'province', label: t('sys.loginLog.province'), column: { width: 90 }, form: false },
        { key: 'city', label: t('sys.loginLog.city'), column: { width: 90 }, form: false },
        { key: 'isp', label: t('sys.loginLog.isp'), column: { width: 90 }, form: false },
      ],
    }),
    [t],
  );
  return <CrudPage description={description} />;
}
