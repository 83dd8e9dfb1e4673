import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { CustomInputProps, ResourceDescription } from '../../../../../components/crud/types';
import { stepsOf, stepsProblem, WindowInput, windowProblem } from '../../../components/FunnelStepsEditor';
import { useTrackingTexts } from '../../../components/locale';
import { TRACKING_API, windowParts } from '../../../stores/tracking';
import { enabledField, FunnelStepsInput, gameCell, TRACKING_PERMISSIONS } from '../shared/fields';
import { useGameChoices } from '../../../../../components/useGameChoices';

/**
 * 漏斗定义 (embed_configure/funnel_define): 2 to 10 ordered steps, each an event of the game (own or
 * global) with optional property conditions, and a conversion window from 1 minute to 30 days.
 */
export default observer(function FunnelDefinePage() {
  const t = useTrackingTexts();
  const games = useGameChoices();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: TRACKING_API.funnels,
      testId: 'funnel-define',
      permissions: TRACKING_PERMISSIONS,
      dialogWidth: '920px',
      fields: [
        {
          key: 'game',
          label: t('tracking.field.game'),
          options: games.map((g) => ({ value: g.id, label: g.name })),
          search: true,
          column: { width: 150, cell: gameCell },
          form: { createOnly: true, rules: { required: true } },
        },
        { key: 'name', label: t('tracking.field.funnelName'), search: true, column: { width: 170 }, form: { rules: { required: true, maxLength: 64 } } },
        {
          key: 'steps',
          label: t('tracking.field.steps'),
          column: {
            width: 320,
            cell: (row) => {
              const steps = stepsOf(row.steps);
              return (
                <span className="cell-array" title={t('tracking.steps.count', { n: steps.length })}>
                  {steps.map((s) => `${s.event}${s.filters?.length ? ` (${s.filters.map((f) => `${f.property} ${t(`tracking.ops.${f.op}`)} ${String(f.value)}`).join(', ')})` : ''}`).join(' → ')}
                </span>
              );
            },
          },
          input: (props: CustomInputProps) => <FunnelStepsInput {...props} />,
          form: { span: 24, default: [{ event: '' }, { event: '' }], rules: { check: (value) => stepsProblem(value, t) } },
        },
        {
          key: 'window_seconds',
          label: t('tracking.field.window'),
          column: {
            width: 110,
            cell: (row) => {
              const parts = windowParts(Number(row.window_seconds) || 0);
              return t(`tracking.window.n_${parts.unit}`, { count: parts.value });
            },
          },
          input: (props: CustomInputProps) => <WindowInput value={props.value} onChange={props.onChange} disabled={props.disabled} invalid={props.invalid} id={props.id} testId={props.testId} />,
          form: { default: 86_400, rules: { required: true, check: (value) => windowProblem(value, t) } },
        },
        enabledField(t),
      ],
      // Steps as the server takes them: conditions only where there are some.
      toBody: (values, mode) => {
        const body: Record<string, unknown> = { ...values, steps: stepsOf(values.steps).map((s) => (s.filters && s.filters.length > 0 ? { event: s.event, filters: s.filters } : { event: s.event })) };
        if (mode === 'edit') delete body.game;
        return body;
      },
    }),
    [t, games],
  );
  return <CrudPage description={description} />;
});
