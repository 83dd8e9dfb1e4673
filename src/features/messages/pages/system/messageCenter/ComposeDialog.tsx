import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { SelectButton } from 'primereact/selectbutton';
import { TreeSelect, type TreeSelectSelectionKeysType } from 'primereact/treeselect';
import type { TreeNode } from 'primereact/treenode';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageTargetType } from '../../../../../../contracts/schemas';
import { MESSAGE_TITLE_MAX } from '../../../../../config';
import { RichTextEditor } from '../../../../../components/RichTextEditor';
import { useStore } from '../../../../../components/store-context';
import type { DeptTreeNode } from '../../../../../stores/departments';
import { composeRequest, emptyCompose, validateCompose, type ComposeForm } from './compose-form';

function deptNodes(tree: DeptTreeNode[]): TreeNode[] {
  return tree.map((d) => ({ key: String(d.id), label: d.name, children: deptNodes(d.children) }));
}

const SEARCH_DELAY_MS = 300;

/** Compose a message: title, rich-text content, and the targets (users, roles, departments or everybody). */
export const ComposeDialog = observer(function ComposeDialog({ visible, onClose }: { visible: boolean; onClose(sent: boolean): void }) {
  const root = useStore();
  const messages = root.messages;
  const { t } = useTranslation();
  const [form, setForm] = useState<ComposeForm>(emptyCompose);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const searchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (!visible) return;
    setForm(emptyCompose());
    setTried(false);
    void messages.searchUsers('');
    void messages.loadRoles();
    if (root.departments.list.length === 0) void root.departments.load().catch(() => undefined);
  }, [visible, messages, root]);

  useEffect(
    () => () => {
      if (searchTimer.current) clearTimeout(searchTimer.current);
    },
    [],
  );

  const errors = tried ? validateCompose(form) : {};
  const errorText = (field: 'title' | 'content' | 'targets') => {
    const e = errors[field];
    return e ? (
      <small className="p-error" data-testid={`compose-error-${field}`}>
        {t(e.key, e.params)}
      </small>
    ) : null;
  };
  const set = <K extends keyof ComposeForm>(key: K, value: ComposeForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async () => {
    setTried(true);
    if (Object.keys(validateCompose(form)).length > 0) return;
    setSending(true);
    const ok = await messages.send(composeRequest(form));
    setSending(false);
    if (ok) {
      root.notify({ severity: 'success', text: t('messages.page.sentOk') });
      onClose(true);
    }
  };

  const targetTypes: { label: string; value: MessageTargetType }[] = [
    { label: t('messages.compose.byUser'), value: 0 },
    { label: t('messages.compose.byRole'), value: 1 },
    { label: t('messages.compose.byDept'), value: 2 },
    { label: t('messages.compose.everybody'), value: 3 },
  ];
  const deptSelection: TreeSelectSelectionKeysType = Object.fromEntries(form.depts.map((id) => [String(id), true]));

  return (
    <Dialog
      header={t('messages.page.compose')}
      visible={visible}
      style={{ width: 720, maxWidth: '95vw' }}
      onHide={() => onClose(false)}
      data-testid="compose-dialog"
      footer={
        <div>
          <Button label={t('messages.compose.cancel')} text onClick={() => onClose(false)} />
          <Button label={t('messages.compose.submit')} icon="pi pi-send" loading={sending} onClick={() => void submit()} data-testid="compose-submit" />
        </div>
      }
    >
      <div className="compose-form">
        <label className="compose-field">
          <span>{t('messages.compose.title')}</span>
          <InputText
            value={form.title}
            maxLength={MESSAGE_TITLE_MAX}
            placeholder={t('messages.compose.titlePlaceholder')}
            invalid={!!errors.title}
            onChange={(e) => set('title', e.target.value)}
            data-testid="compose-title"
          />
          {errorText('title')}
        </label>
        <div className="compose-field">
          <span>{t('messages.compose.targetType')}</span>
          <SelectButton
            value={form.targetType}
            options={targetTypes}
            allowEmpty={false}
            onChange={(e) => set('targetType', e.value as MessageTargetType)}
            data-testid="compose-target-type"
          />
        </div>
        {form.targetType === 0 && (
          <div className="compose-field">
            <span>{t('messages.compose.users')}</span>
            <MultiSelect
              value={form.users}
              options={messages.userOptions}
              optionLabel="label"
              optionValue="id"
              filter
              display="chip"
              placeholder={t('messages.compose.pick')}
              filterPlaceholder={t('messages.compose.searchUsers')}
              invalid={!!errors.targets}
              onFilter={(e) => {
                if (searchTimer.current) clearTimeout(searchTimer.current);
                searchTimer.current = setTimeout(() => void messages.searchUsers(e.filter, form.users), SEARCH_DELAY_MS);
              }}
              onChange={(e) => set('users', e.value as number[])}
              data-testid="compose-users"
            />
          </div>
        )}
        {form.targetType === 1 && (
          <div className="compose-field">
            <span>{t('messages.compose.roles')}</span>
            <MultiSelect
              value={form.roles}
              options={messages.roleOptions}
              optionLabel="label"
              optionValue="id"
              display="chip"
              placeholder={t('messages.compose.pick')}
              invalid={!!errors.targets}
              onChange={(e) => set('roles', e.value as number[])}
              data-testid="compose-roles"
            />
          </div>
        )}
        {form.targetType === 2 && (
          <div className="compose-field">
            <span>{t('messages.compose.depts')}</span>
            <TreeSelect
              value={deptSelection}
              options={deptNodes(root.departments.tree)}
              selectionMode="multiple"
              metaKeySelection={false}
              display="chip"
              placeholder={t('messages.compose.pick')}
              ariaLabel={t('messages.compose.depts')}
              invalid={!!errors.targets}
              onChange={(e) => {
                const keys = e.value && typeof e.value === 'object' ? Object.keys(e.value) : [];
                set('depts', keys.map(Number).filter((n) => Number.isInteger(n)));
              }}
              data-testid="compose-depts"
            />
          </div>
        )}
        {form.targetType !== 3 && errorText('targets')}
        <div className="compose-field">
          <span>{t('messages.compose.content')}</span>
          <RichTextEditor value={form.content} onChange={(html) => set('content', html)} invalid={!!errors.content} testId="compose-editor" />
          {errorText('content')}
        </div>
      </div>
    </Dialog>
  );
});
