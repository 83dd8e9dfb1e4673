import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { md5 } from '../../../adapters/rest/md5';
import { isApiError } from '../../../adapters/errors';
import { useStore } from '../../../components/store-context';
import { useSystemTexts } from '../locale';

/** 重设密码: a new password twice, sent as md5 hex like the back end's web client (PUT user/{id}/reset_password/). */
export function PasswordDialog({ user, onHide }: { user: { id: number; name: string }; onHide(): void }) {
  const t = useSystemTexts();
  const root = useStore();
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (first.length < 6) return setProblem(t('crud.minLength', { label: t('sys.user.newPassword'), min: 6 }));
    if (first !== second) return setProblem(t('sys.user.passwordMismatch'));
    setSaving(true);
    try {
      await root.api.action('/api/system/user/', `${user.id}/reset_password/`, { method: 'PUT', body: { newPassword: md5(first), newPassword2: md5(second) } });
      root.notify({ severity: 'success', text: t('sys.user.passwordChanged') });
      onHide();
    } catch (error) {
      setProblem(isApiError(error) ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog header={`${t('sys.user.resetPassword')}: ${user.name}`} visible onHide={onHide} style={{ width: 420 }} data-testid="password-dialog">
      <div className="crud-form-grid" style={{ gridTemplateColumns: '1fr' }}>
        <label className="crud-search-item">
          <span>{t('sys.user.newPassword')}</span>
          <Password inputClassName="p-inputtext-sm w-full" className="w-full" feedback={false} toggleMask value={first} onChange={(e) => setFirst(e.target.value)} data-testid="password-new" />
        </label>
        <label className="crud-search-item">
          <span>{t('sys.user.newPassword2')}</span>
          <Password inputClassName="p-inputtext-sm w-full" className="w-full" feedback={false} toggleMask value={second} onChange={(e) => setSecond(e.target.value)} data-testid="password-new2" />
        </label>
        {problem && <small className="p-error" data-testid="password-error">{problem}</small>}
        <div className="crud-form-footer">
          <Button size="small" outlined label={t('crud.cancel')} onClick={onHide} />
          <Button size="small" label={t('crud.ok')} loading={saving} onClick={() => void submit()} data-testid="password-submit" />
        </div>
      </div>
    </Dialog>
  );
}
