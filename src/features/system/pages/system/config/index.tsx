import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { useEffect, useState } from 'react';
import { groupChildren, settingKey } from '../../../stores/system-config';
import type { ResourceRow } from '../../../../../stores/types';
import { FieldInput } from '../../../../../components/crud/FieldInput';
import { validateField } from '../../../../../components/crud/validate';
import { usePermission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { useServerText } from '../../../../../components/useServerText';
import { useSystemTexts } from '../locale';
import { ConfigEntryDialog } from './ConfigEntryDialog';
import { settingField } from './fields';
import './config.css';

interface Adding {
  group: { id: number; title: string; key: string } | null;
  takenKeys: string[];
}

interface Removing {
  text: string;
  id: number;
  /** The group to show after the removal (null: the first). */
  keepKey: string | null;
}

/**
 * 系统配置 (system/config): settings grouped in tabs, each group saved with save_content; groups and
 * items added (POST system_config/) and removed (DELETE system_config/{id}/) as the back end allows.
 */
const ConfigPage = observer(function ConfigPage() {
  const t = useSystemTexts();
  const root = useStore();
  const serverText = useServerText();
  const can = usePermission();
  const [store] = useState(() => root.createSystemConfigStore());
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [removing, setRemoving] = useState<Removing | null>(null);
  const { groups, values, saving } = store;

  useEffect(() => {
    void store.load();
  }, [store]);

  /** The groups and the console's own settings follow every addition and removal. */
  const changed = async (showKey: string | null) => {
    setActiveKey(showKey);
    await store.reload();
  };

  const save = async (group: ResourceRow) => {
    const found: Record<string, string> = {};
    for (const item of groupChildren(group)) {
      const key = settingKey(group, item);
      const problem = validateField(settingField(item, serverText), values[key], t);
      if (problem) found[key] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (await store.saveGroup(group)) root.notify({ severity: 'success', text: t('sys.common.saved') });
  };

  const remove = async (job: Removing) => {
    setRemoving(null);
    // A refusal: the adapter has shown the server's message.
    if (!(await store.remove(job.id))) return;
    root.notify({ severity: 'success', text: t('crud.deleted') });
    await changed(job.keepKey);
  };

  if (store.failed) {
    return (
      <div className="crud-error" role="alert" data-testid="config-error">
        {t('sys.config.loadFailed')} <Button size="small" label={t('crud.retry')} onClick={() => void store.load()} />
      </div>
    );
  }
  if (!groups) return <div className="crud-empty">{t('crud.loading')}</div>;

  const activeIndex = Math.max(0, groups.findIndex((g) => String(g.key) === activeKey));
  const canAdd = can('Create');
  const canRemove = can('Delete');

  return (
    <div className="crud-page config-page" data-testid="config">
      {canAdd && (
        <div className="crud-toolbar">
          <Button
            size="small"
            icon="pi pi-plus"
            label={t('sys.config.addGroup')}
            onClick={() => setAdding({ group: null, takenKeys: groups.map((g) => String(g.key)) })}
            data-testid="config-add-group"
          />
        </div>
      )}
      {groups.length === 0 ? (
        <div className="crud-empty" data-testid="config-empty">
          <i className="pi pi-inbox" /> {t('sys.config.empty')}
        </div>
      ) : (
        <TabView activeIndex={activeIndex} onTabChange={(event) => setActiveKey(String(groups[event.index]?.key ?? ''))}>
          {groups.map((group) => {
            const groupKey = String(group.key);
            const items = groupChildren(group);
            return (
              <TabPanel key={String(group.id)} header={serverText(String(group.title ?? group.key))}>
                <div className="config-group-bar">
                  <span className="config-group-key">{t('sys.config.groupKey', { key: groupKey })}</span>
                  {canAdd && (
                    <Button
                      size="small"
                      outlined
                      icon="pi pi-plus"
                      label={t('sys.config.addItem')}
                      onClick={() => setAdding({ group: { id: Number(group.id), title: serverText(String(group.title ?? groupKey)), key: groupKey }, takenKeys: items.map((i) => String(i.key)) })}
                      data-testid={`config-add-item-${groupKey}`}
                    />
                  )}
                  {canRemove && (
                    <Button
                      size="small"
                      outlined
                      severity="danger"
                      icon="pi pi-trash"
                      label={t('sys.config.removeGroup')}
                      onClick={() => setRemoving({ id: Number(group.id), text: t('sys.config.removeGroupConfirm', { title: serverText(String(group.title ?? groupKey)), count: items.length }), keepKey: null })}
                      data-testid={`config-remove-group-${groupKey}`}
                    />
                  )}
                </div>
                {items.length === 0 ? (
                  <div className="crud-empty" data-testid={`config-group-empty-${groupKey}`}>
                    {t('sys.config.groupEmpty')}
                  </div>
                ) : (
                  <div className="crud-form-grid" style={{ ['--crud-label-width' as string]: '140px' }}>
                    {items.map((item) => {
                      const key = settingKey(group, item);
                      const field = settingField(item, serverText);
                      return (
                        <div key={key} className="crud-form-item config-item" style={{ gridColumn: 'span 24' }} data-testid={`config-item-${key}`}>
                          <label htmlFor={`field-${field.key}`} className={`crud-form-label${field.form && field.form.rules?.required ? ' is-required' : ''}`} title={key}>
                            {field.label}
                          </label>
                          <div className="crud-form-control">
                            <FieldInput field={field} value={values[key]} invalid={!!problems[key]} onChange={(v) => store.setValue(key, v)} />
                            {problems[key] && <small className="p-error">{problems[key]}</small>}
                          </div>
                          <code className="config-item-key">{key}</code>
                          {canRemove && (
                            <Button
                              size="small"
                              text
                              severity="danger"
                              icon="pi pi-trash"
                              aria-label={t('crud.remove')}
                              title={t('crud.remove')}
                              onClick={() => setRemoving({ id: Number(item.id), text: t('sys.config.removeItemConfirm', { title: field.label }), keepKey: groupKey })}
                              data-testid={`config-remove-${key}`}
                            />
                          )}
                        </div>
                      );
                    })}
                  </div>
                )}
                {can('Update') && items.length > 0 && (
                  <div className="crud-form-footer config-save">
                    <Button size="small" label={t('sys.config.save')} loading={saving} onClick={() => void save(group)} data-testid={`config-save-${groupKey}`} />
                  </div>
                )}
              </TabPanel>
            );
          })}
        </TabView>
      )}
      {adding && (
        <ConfigEntryDialog
          store={store}
          group={adding.group}
          takenKeys={adding.takenKeys}
          onHide={() => setAdding(null)}
          onCreated={(key) => {
            const job = adding;
            setAdding(null);
            void changed(job.group ? job.group.key : key);
          }}
        />
      )}
      <Dialog
        header={t('crud.confirmTitle')}
        visible={!!removing}
        onHide={() => setRemoving(null)}
        style={{ width: 400 }}
        data-testid="crud-confirm"
        footer={
          <div className="crud-form-footer">
            <Button size="small" outlined label={t('crud.cancel')} onClick={() => setRemoving(null)} data-testid="crud-confirm-cancel" />
            <Button size="small" severity="danger" label={t('crud.ok')} onClick={() => removing && void remove(removing)} data-testid="crud-confirm-ok" />
          </div>
        }
      >
        <p>
          <i className="pi pi-exclamation-triangle crud-warn-icon" /> {removing?.text}
        </p>
      </Dialog>
    </div>
  );
});

export default ConfigPage;
