import { useTranslation } from 'react-i18next';
import type { RecentLogin } from '../../../contracts/schemas';

/** The latest sign-ins; '-' when the back end has no such call. */
export function RecentLogins({ rows }: { rows: RecentLogin[] | null }) {
  const { t } = useTranslation();
  if (rows === null) return <div className="chart-empty">{t('app.unavailable')}</div>;
  if (rows.length === 0) return <div className="chart-empty">{t('dashboard.recentEmpty')}</div>;
  const dash = t('app.unavailable');
  return (
    <div className="recent-logins">
      <table>
        <thead>
          <tr>
            <th>{t('dashboard.colUser')}</th>
            <th>{t('dashboard.colIp')}</th>
            <th>{t('dashboard.colBrowser')}</th>
            <th>{t('dashboard.colOs')}</th>
            <th>{t('dashboard.colTime')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={`${row.create_datetime}-${i}`}>
              <td className="recent-user">
                <span className="recent-user-badge" aria-hidden="true">
                  {(row.username ?? '?').slice(0, 1).toUpperCase()}
                </span>
                {row.username ?? dash}
              </td>
              <td>{row.ip ?? dash}</td>
              <td>{row.browser ?? dash}</td>
              <td>{row.os ?? dash}</td>
              <td className="recent-time">{row.create_datetime || dash}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
