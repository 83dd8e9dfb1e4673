import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';
import './user-info.css';

/** Personal information (/userInfo): a read-only view for now; editing comes with a later issue. */
const UserInfoPage = observer(function UserInfoPage() {
  const root = useStore();
  const { t } = useTranslation();
  const user = root.session.user;
  const dash = t('app.unavailable');
  const rows: Array<[string, string]> = [
    ['userInfo.username', user?.username ?? dash],
    ['userInfo.name', user?.name ?? dash],
    ['userInfo.email', user?.email || dash],
    ['userInfo.mobile', user?.mobile || dash],
    ['userInfo.dept', user?.dept_info?.dept_name ?? dash],
    ['userInfo.roles', user?.role_info.map((r) => r.name).join(' / ') || dash],
  ];
  return (
    <section className="user-info" data-testid="user-info">
      <header>
        <i className="pi pi-user" aria-hidden="true" />
        <h1>{t('userInfo.title')}</h1>
      </header>
      <dl>
        {rows.map(([key, value]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
});

export default UserInfoPage;
