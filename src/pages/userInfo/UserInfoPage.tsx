import { observer } from 'mobx-react-lite';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';
import { hasErrors, validatePassword, validateProfile, type FieldErrors, type PasswordForm, type ProfileForm } from '../../stores/profile';
import { AvatarCropper } from '../../components/form/AvatarCropper';
import './user-info.css';

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="profile-field">
      <label htmlFor={id}>{label}</label>
      <div>
        {children}
        {error && (
          <small className="profile-error" data-testid={`${id}-error`} role="alert">
            {error}
          </small>
        )}
      </div>
    </div>
  );
}

/** Personal information (/userInfo): shows and edits the own profile, the avatar and the password. */
const UserInfoPage = observer(function UserInfoPage() {
  const root = useStore();
  const { t } = useTranslation();
  const user = root.session.user;
  const dash = t('app.unavailable');
  const initial = (): ProfileForm => ({
    name: user?.name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    gender: user?.gender === 0 || user?.gender === 1 ? user.gender : 2,
  });
  const [form, setForm] = useState<ProfileForm>(initial);
  const [errors, setErrors] = useState<FieldErrors<keyof ProfileForm>>({});
  const [password, setPassword] = useState<PasswordForm>({ oldPassword: '', newPassword: '', newPassword2: '' });
  const [passwordErrors, setPasswordErrors] = useState<FieldErrors<keyof PasswordForm>>({});
  const [cropping, setCropping] = useState(false);
  const text = (e?: { key: string; params?: Record<string, string | number> }) => (e ? t(e.key, e.params) : undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await root.profile.saveProfile(form);
      root.notify({ severity: 'success', text: t('profile.saved'), life: 3000 });
    } catch {
      // shown and logged by the adapter
    }
  };

  const changePassword = async (event: FormEvent) => {
    event.preventDefault();
    const found = validatePassword(password);
    setPasswordErrors(found);
    if (hasErrors(found)) return;
    try {
      await root.profile.changePassword(password);
      root.notify({ severity: 'success', text: t('profile.passwordChanged'), life: 3000 });
      setPassword({ oldPassword: '', newPassword: '', newPassword2: '' });
      await root.logout();
    } catch {
      // 旧密码不正确 / 两次密码不匹配 come back from the server and are shown by the adapter
    }
  };

  const cropped = async (image: Blob) => {
    try {
      await root.profile.uploadAvatar(image);
      setCropping(false);
      root.notify({ severity: 'success', text: t('profile.avatarSaved'), life: 3000 });
    } catch {
      // shown and logged by the adapter
    }
  };

  return (
    <div className="user-info-page" data-testid="user-info">
      <section className="user-info console-panel">
        <header>
          <i className="pi pi-user" aria-hidden="true" />
          <h1>{t('profile.basic')}</h1>
        </header>
        <div className="profile-grid">
          <div className="profile-avatar">
            {user?.avatar ? (
              <img src={user.avatar} alt={t('profile.avatar')} data-testid="profile-avatar" width={100} height={100} />
            ) : (
              <span className="profile-avatar-initial" aria-hidden="true" data-user-data>
                {user?.name.slice(0, 1) ?? '?'}
              </span>
            )}
            <button type="button" className="p-button p-component p-button-text p-button-sm" data-testid="profile-change-avatar" onClick={() => setCropping(true)}>
              <span className="p-button-label">{t('profile.changeAvatar')}</span>
            </button>
          </div>
          <form className="profile-form" onSubmit={(event) => void save(event)} noValidate>
            <dl className="profile-readonly">
              <div>
                <dt>{t('profile.username')}</dt>
                <dd data-testid="profile-username">{user?.username ?? dash}</dd>
              </div>
              <div>
                <dt>{t('profile.dept')}</dt>
                <dd data-user-data>{user?.dept_info?.dept_name ?? dash}</dd>
              </div>
              <div>
                <dt>{t('profile.roles')}</dt>
                <dd data-user-data>{user?.role_info.map((r) => r.name).join(' / ') || dash}</dd>
              </div>
            </dl>
            <Field id="profile-name" label={t('profile.name')} error={text(errors.name)}>
              <input id="profile-name" className="p-inputtext p-component" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            </Field>
            <Field id="profile-email" label={t('profile.email')} error={text(errors.email)}>
              <input id="profile-email" type="email" className="p-inputtext p-component" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            </Field>
            <Field id="profile-mobile" label={t('profile.mobile')} error={text(errors.mobile)}>
              <input id="profile-mobile" className="p-inputtext p-component" value={form.mobile} onChange={(e) => setForm({ ...form, mobile: e.target.value })} />
            </Field>
            <Field id="profile-gender" label={t('profile.gender')}>
              <select id="profile-gender" className="p-inputtext p-component" value={form.gender} onChange={(e) => setForm({ ...form, gender: Number(e.target.value) as 0 | 1 | 2 })}>
                {([1, 0, 2] as const).map((g) => (
                  <option key={g} value={g}>
                    {t(`profile.genders.${g}`)}
                  </option>
                ))}
              </select>
            </Field>
            <div className="profile-actions">
              <button type="submit" className="p-button p-component" data-testid="profile-save" disabled={root.profile.saving}>
                <span className="p-button-label">{t('profile.save')}</span>
              </button>
              <button
                type="button"
                className="p-button p-component p-button-outlined"
                onClick={() => {
                  setForm(initial());
                  setErrors({});
                }}
              >
                <span className="p-button-label">{t('profile.reset')}</span>
              </button>
            </div>
          </form>
        </div>
      </section>

      <section className="user-info console-panel">
        <header>
          <i className="pi pi-lock" aria-hidden="true" />
          <h1>{t('profile.security')}</h1>
        </header>
        <form className="profile-form profile-password" onSubmit={(event) => void changePassword(event)} noValidate>
          <Field id="profile-old-password" label={t('profile.oldPassword')} error={text(passwordErrors.oldPassword)}>
            <input id="profile-old-password" type="password" autoComplete="current-password" className="p-inputtext p-component" value={password.oldPassword} onChange={(e) => setPassword({ ...password, oldPassword: e.target.value })} />
          </Field>
          <Field id="profile-new-password" label={t('profile.newPassword')} error={text(passwordErrors.newPassword)}>
            <input id="profile-new-password" type="password" autoComplete="new-password" className="p-inputtext p-component" value={password.newPassword} onChange={(e) => setPassword({ ...password, newPassword: e.target.value })} />
          </Field>
          <Field id="profile-new-password2" label={t('profile.newPassword2')} error={text(passwordErrors.newPassword2)}>
            <input id="profile-new-password2" type="password" autoComplete="new-password" className="p-inputtext p-component" value={password.newPassword2} onChange={(e) => setPassword({ ...password, newPassword2: e.target.value })} />
          </Field>
          <div className="profile-actions">
            <button type="submit" className="p-button p-component p-button-warning" data-testid="profile-change-password" disabled={root.profile.saving}>
              <span className="p-button-label">{t('profile.changePassword')}</span>
            </button>
          </div>
        </form>
      </section>
      <AvatarCropper visible={cropping} onHide={() => setCropping(false)} onCropped={(image) => void cropped(image)} busy={root.profile.saving} />
    </div>
  );
});

export default UserInfoPage;
