import { observer } from 'mobx-react-lite';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SYSTEM_NAME_KEY } from '../../config';
import { useStore } from '../../components/store-context';
import { LoginChart } from './LoginChart';
import { RecentLogins } from './RecentLogins';
import { StatCard } from './StatCard';
import './dashboard.css';

function Card({ title, icon, children, testId }: { title: string; icon: string; children: ReactNode; testId: string }) {
  return (
    <section className="dashboard-card" data-testid={testId}>
      <header>
        <i className={`pi ${icon}`} aria-hidden="true" />
        <h2>{title}</h2>
      </header>
      <div className="dashboard-card-body">{children}</div>
    </section>
  );
}

/**
 * The console dashboard (/index): greeting, counts (users with the 30-day new ones, sign-ins, files with
 * their size), 7-day sign-ins and the latest sign-ins. The same figures on the reference server and the
 * real back end: both answer the datav calls in the keys of API-CONTRACT §17.
 */
const DashboardPage = observer(function DashboardPage() {
  const root = useStore();
  const { t } = useTranslation();
  const { dashboard, session } = root;

  useEffect(() => {
    void dashboard.load();
  }, [dashboard]);

  const user = session.user;
  const roles = user?.role_info.map((role) => role.name).join(' / ');
  return (
    <div className="dashboard" data-testid="dashboard">
      <section className="dashboard-welcome">
        <div className="dashboard-welcome-avatar" aria-hidden="true" data-user-data>
          {user?.avatar ? <img src={user.avatar} alt="" /> : (user?.name ?? '?').slice(0, 1)}
        </div>
        <div className="dashboard-welcome-text">
          <h1 data-testid="dashboard-greeting">{t('dashboard.greeting', { name: session.userName || t('header.notSignedIn') })}</h1>
          <p>{t('dashboard.welcome', { system: t(SYSTEM_NAME_KEY) })}</p>
        </div>
        <div className="dashboard-welcome-meta">
          <span data-testid="dashboard-today">
            <i className="pi pi-calendar" aria-hidden="true" /> {t('dashboard.today', { date: dashboard.today ?? t('app.unavailable') })}
          </span>
          {user?.dept_info && (
            <span data-user-data>
              <i className="pi pi-sitemap" aria-hidden="true" /> {user.dept_info.dept_name}
            </span>
          )}
          {roles && (
            <span data-user-data>
              <i className="pi pi-id-card" aria-hidden="true" /> {roles}
            </span>
          )}
        </div>
      </section>

      <div className="dashboard-stats">
        <StatCard
          testId="stat-users"
          icon="pi-users"
          tone="blue"
          label={t('dashboard.usersTotal')}
          value={dashboard.usersTotal}
          hint={dashboard.newUsers === null ? null : t('dashboard.newUsers', { count: dashboard.newUsers })}
          loading={dashboard.state === 'loading'}
        />
        <StatCard testId="stat-logins" icon="pi-sign-in" tone="green" label={t('dashboard.loginsTotal')} value={dashboard.loginsTotal} loading={dashboard.state === 'loading'} />
        <StatCard
          testId="stat-attachments"
          icon="pi-paperclip"
          tone="orange"
          label={t('dashboard.attachmentsTotal')}
          value={dashboard.attachmentsTotal}
          hint={dashboard.attachmentsSpace === null ? null : t('dashboard.attachmentsSpace', { space: dashboard.attachmentsSpace })}
          loading={dashboard.state === 'loading'}
        />
        <StatCard testId="stat-logins-7d" icon="pi-chart-bar" tone="purple" label={t('dashboard.logins7d')} value={dashboard.logins7d} loading={dashboard.state === 'loading'} />
      </div>

      <div className="dashboard-grid">
        <Card title={t('dashboard.trendTitle')} icon="pi-chart-bar" testId="dashboard-trend">
          <LoginChart days={dashboard.trend} />
        </Card>
        <Card title={t('dashboard.recentTitle')} icon="pi-history" testId="dashboard-recent">
          <RecentLogins rows={dashboard.recent} />
        </Card>
      </div>
    </div>
  );
});

export default DashboardPage;
