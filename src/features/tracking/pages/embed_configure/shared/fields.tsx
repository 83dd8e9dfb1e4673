import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { LightTag } from '../../../../../components/cells/LightTag';
import type { CustomInputProps, FieldDef, ResourceDescription } from '../../../../../components/crud/types';
import { useTracking } from '../../../components/useTracking';
import { FunnelStepsEditor, stepsOf } from '../../../components/FunnelStepsEditor';
import { PropertiesEditor, propertiesOf, propertiesProblem } from '../../../components/PropertiesEditor';
import { TRACKING_IDENTIFIER } from '../../../../../config';
import type { EventChoice } from '../../../stores/tracking';
import type { ResourceRow } from '../../../../../stores/types';
import '../../../components/tracking.css';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The tracking screens' buttons (menu button values of embed_configure/*). */
export const TRACKING_PERMISSIONS: ResourceDescription['permissions'] = {
  add: 'Create',
  edit: 'Update',
  view: 'Retrieve',
  remove: 'Delete',
  search: 'Search',
};

/** 启用 / 停用 as a tag. */
export function enabledCell(t: T) {
  return (row: ResourceRow) => <LightTag value={t(row.enabled === false ? 'tracking.enabledOptions.off' : 'tracking.enabledOptions.on')} severity={row.enabled === false ? 'danger' : 'success'} />;
}

export const enabledField = (t: T): FieldDef => ({ key: 'enabled', label: t('tracking.field.enabled'), type: 'switch', column: { width: 100, cell: enabledCell(t) }, form: { default: true } });

/** Free text over the resource's search fields (the note: game name and app key; event and name). */
export const keywordField = (t: T): FieldDef => ({ key: 'search', label: t('tracking.field.keyword'), search: true, column: false, form: false });
/** 启用 / 停用 as a search choice (the list's `enabled` filter). */
export const enabledFilterField = (t: T): FieldDef => ({
  key: 'enabled_filter',
  label: t('tracking.field.enabled'),
  options: [
    { value: true, label: t('tracking.enabledOptions.on'), color: 'success' },
    { value: false, label: t('tracking.enabledOptions.off'), color: 'danger' },
  ],
  search: { param: 'enabled' },
  column: false,
  form: false,
});

/** The game a row belongs to, by name (user data). */
export function gameCell(row: ResourceRow) {
  return <span data-user-data>{String(row.game_name ?? row.game ?? '-')}</span>;
}

/** The fields of an event definition (per game, or global without the game). */
export function defineFields(t: T, games: Array<{ id: number; name: string }> | null): FieldDef[] {
  return [
    keywordField(t),
    enabledFilterField(t),
    ...(games
      ? [
          {
            key: 'game',
            label: t('tracking.field.game'),
            options: games.map((g) => ({ value: g.id, label: g.name })),
            search: true,
            column: { width: 150, cell: gameCell },
            form: { createOnly: true, rules: { required: true } },
          } satisfies FieldDef,
        ]
      : []),
    {
      key: 'event',
      label: t('tracking.field.event'),
      search: true,
      column: { width: 170, cell: (row) => <code>{String(row.event ?? '')}</code> },
      form: { createOnly: true, placeholder: 'level_up', rules: { required: true, maxLength: 64, pattern: { regex: TRACKING_IDENTIFIER, message: t('tracking.rule.identifier') } } },
    },
    { key: 'name', label: t('tracking.field.name'), column: { width: 160 }, form: { rules: { required: true, maxLength: 64 } } },
    {
      key: 'in_use',
      label: t('tracking.field.inUse'),
      column: {
        width: 200,
        cell: (row) => (row.in_use === true ? <LightTag value={t('tracking.define.inUse')} severity="warning" testId="define-in-use" /> : <span className="tracking-muted">{t('tracking.define.unused')}</span>),
      },
      form: false,
    },
    {
      key: 'properties',
      label: t('tracking.field.properties'),
      column: {
        width: 220,
        cell: (row) => {
          const list = propertiesOf(row.properties);
          if (list.length === 0) return <span className="cell-empty">-</span>;
          return (
            <span className="cell-array" title={list.map((p) => `${p.name}: ${p.type}${p.required ? ' *' : ''}`).join('\n')}>
              {list.map((p) => `${p.name}${p.required ? '*' : ''}`).join(', ')}
            </span>
          );
        },
      },
      input: (props: CustomInputProps) => <PropertiesEditor value={props.value} onChange={props.onChange} disabled={props.disabled} invalid={props.invalid} id={props.id} testId={props.testId} />,
      form: { span: 24, default: [], rules: { check: (value) => propertiesProblem(value, t) } },
    },
    enabledField(t),
  ];
}

/** The funnel form's steps: the chosen game's events (own and global) loaded through root.tracking. */
export const FunnelStepsInput = observer(function FunnelStepsInput(props: CustomInputProps) {
  const tracking = useTracking();
  const chosen = props.values.game ?? props.row?.game;
  const game = typeof chosen === 'number' ? chosen : null;
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (game === null || !tracking) return;
    setLoading(true);
    tracking.loadEvents(game).then(
      () => setLoading(false),
      () => setLoading(false),
    );
  }, [tracking, game]);
  const events: EventChoice[] | null = game === null ? null : (tracking?.events.get(game) ?? []);
  // The filters offer the properties seen on each step's event in the last 30 days too (declared ones first).
  const stepEvents = stepsOf(props.value)
    .map((s) => s.event)
    .filter((e) => !!e)
    .join(',');
  useEffect(() => {
    if (game === null || !tracking || !stepEvents) return;
    for (const event of new Set(stepEvents.split(','))) void tracking.loadSeenProperties(game, event);
  }, [tracking, game, stepEvents]);
  // Read here (this component observes the store; the editor does not).
  const seenByEvent = new Map(game === null || !stepEvents ? [] : stepEvents.split(',').map((event) => [event, tracking?.seenProperties.get(`${game}:${event}`)] as const));
  const seen = (event: string) => seenByEvent.get(event);
  return (
    <FunnelStepsEditor
      value={props.value}
      onChange={props.onChange}
      events={events?.filter((e) => e.enabled) ?? null}
      seenProperties={seen}
      loading={loading}
      disabled={props.disabled}
      invalid={props.invalid}
      id={props.id}
      testId={props.testId}
    />
  );
});
