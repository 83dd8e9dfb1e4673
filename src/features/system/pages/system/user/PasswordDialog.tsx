import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Password } from 'primereact/password';
import { useState } from 'react';
import { useStore } from '../../../../../components/store-context';
import { failureMessage } from '../../../../../stores/errors';
import { useSystemTexts } from '../locale';

/** 设置新密码: a new password twice (PUT user/{id}/reset_password/), encoded by the adapter like the login's. */
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
      await root.users.resetPassword(user.id, first, second);
      root.notify({ severity: 'success', text: t('sys.user.passwordChanged') });
      onHide();
    } catch (error) {
      setProblem(failureMessage(error));
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
