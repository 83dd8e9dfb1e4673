import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { TabPanel, TabView } from 'primereact/tabview';
import { useCallback, useEffect, useState } from 'react';
import type { ResourceRow } from '../../../adapters/api';
import { isApiError } from '../../../adapters/errors';
import { FieldInput } from '../../../components/crud/FieldInput';
import type { FieldDef, FieldType, Option } from '../../../components/crud/types';
import { validateField } from '../../../components/crud/validate';
import { usePermission } from '../../../components/Permission';
import { useStore } from '../../../components/store-context';
import { useSystemTexts } from '../locale';

const RESOURCE = '/api/system/system_config/';

/** form_item_type (SystemConfig) → the form type that edits it. */
const FORM_TYPES: Record<number, FieldType> = {
  0: 'text',
  1: 'datetime',
  2: 'date',
  3: 'textarea',
  4: 'select',
  5: 'multiselect',
  6: 'select',
  7: 'image',
  8: 'file',
  9: 'switch',
  10: 'number',
  11: 'array',
  12: 'image',
  15: 'text',
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The children of a group (the back end spells the key `chinldern`). */
export function groupChildren(group: ResourceRow): ResourceRow[] {
  const kids: unknown = group.chinldern ?? group.children;
  return Array.isArray(kids) ? kids.filter(isRecord) : [];
}

/** A setting as a form field: its title, type, options and the 'required' rule. */
export function settingField(item: ResourceRow): FieldDef {
  const type = FORM_TYPES[Number(item.form_item_type)] ?? 'text';
  const rules = Array.isArray(item.rule) ? item.rule.filter(isRecord) : [];
  const options: Option[] | undefined = Array.isArray(item.data_options)
    ? item.data_options.filter(isRecord).map((o) => ({ label: String(o.label ?? o.value), value: (o.value ?? '') as string | number | boolean }))
    : undefined;
  return {
    key: String(item.key),
    label: String(item.title ?? item.key),
    type: type === 'array' ? 'json' : type,
    ...(options ? { options } : {}),
    form: { span: 24, placeholder: typeof item.placeholder === 'string' ? item.placeholder : undefined, rules: { required: rules.some((r) => r.required === true) } },
  };
}

/** 系统配置 (system/config): settings grouped in tabs, each group saved with save_content. */
const ConfigPage = observer(function ConfigPage() {
  const t = useSystemTexts();
  const root = useStore();
  const can = usePermission();
  const [groups, setGroups] = useState<ResourceRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const page = await root.api.list(RESOURCE, { parent__isnull: true, limit: 999 });
      setGroups(page.rows);
      const next: Record<string, unknown> = {};
      for (const group of page.rows) for (const item of groupChildren(group)) next[`${String(group.key)}.${String(item.key)}`] = item.value;
      setValues(next);
    } catch {
      setFailed(true);
    }
  }, [root]);

  useEffect(() => {
    void load();
  }, [load]);

  const save = async (group: ResourceRow) => {
    const items = groupChildren(group);
    const found: Record<string, string> = {};
    for (const item of items) {
      const key = `${String(group.key)}.${String(item.key)}`;
      const problem = validateField(settingField(item), values[key], t);
      if (problem) found[key] = problem;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const body = items.map((item) => {
        const { chinldern: _kids, children: _children, ...rest } = item;
        return { ...rest, value: values[`${String(group.key)}.${String(item.key)}`] ?? null };
      });
      await root.api.action(RESOURCE, 'save_content/', { method: 'PUT', body });
      root.notify({ severity: 'success', text: t('sys.common.saved') });
      await root.settings.load().catch(() => undefined);
    } catch (error) {
      if (!isApiError(error)) throw error;
    } finally {
      setSaving(false);
    }
  };

  if (failed) {
    return (
      <div className="crud-error" role="alert" data-testid="config-error">
        {t('sys.config.loadFailed')} <Button size="small" label={t('crud.retry')} onClick={() => void load()} />
      </div>
    );
  }
  if (!groups) return <div className="crud-empty">{t('crud.loading')}</div>;
  if (groups.length === 0) return <div className="crud-empty">{t('sys.config.empty')}</div>;
  return (
    <div className="crud-page" data-testid="config">
      <TabView>
        {groups.map((group) => (
          <TabPanel key={String(group.id)} header={String(group.title ?? group.key)}>
            <div className="crud-form-grid" style={{ ['--crud-label-width' as string]: '140px' }}>
              {groupChildren(group).map((item) => {
                const key = `${String(group.key)}.${String(item.key)}`;
                const field = settingField(item);
                return (
                  <div key={key} className="crud-form-item" style={{ gridColumn: 'span 24' }} data-testid={`config-item-${key}`}>
                    <label className={`crud-form-label${field.form && field.form.rules?.required ? ' is-required' : ''}`}>{field.label}</label>
                    <div className="crud-form-control">
                      <FieldInput field={field} value={values[key]} invalid={!!problems[key]} onChange={(v) => setValues((old) => ({ ...old, [key]: v }))} />
                      {problems[key] && <small className="p-error">{problems[key]}</small>}
                    </div>
                  </div>
                );
              })}
            </div>
            {can('Update') && (
              <div className="crud-form-footer" style={{ marginTop: '1rem' }}>
                <Button size="small" label={t('sys.config.save')} loading={saving} onClick={() => void save(group)} data-testid={`config-save-${String(group.key)}`} />
              </div>
            )}
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
});

export default ConfigPage;
