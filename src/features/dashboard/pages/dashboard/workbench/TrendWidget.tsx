import { observer } from 'mobx-react-lite';
import { EChart } from '../../../../../components/charts/EChart';
import { dailyOption } from '../../../../../components/analytics/charts';
import { useStore } from '../../../../../components/store-context';
import type { WidgetProps } from './widgets';
import { useWorkbenchTexts } from './locale';

/** Sign-ins and new users per day over the datav calls' 30 days, drawn with ECharts (its own chunk). */
const TrendWidget = observer(function TrendWidget({ bodyHeight }: WidgetProps) {
  const t = useWorkbenchTexts();
  const { dashboard } = useStore();
  if (dashboard.state === 'loading' || dashboard.state === 'idle') return <div className="wb-state">{t('workbench.loading')}</div>;
  const logins = dashboard.logins;
  const registered = dashboard.registered;
  if (!logins && !registered) return <div className="wb-state wb-state-error">{t('workbench.failed')}</div>;
  const days = (logins ?? registered ?? []).map((d) => d.day);
  if (days.length === 0) return <div className="wb-state">{t('workbench.trend.empty')}</div>;
  const byDay = (rows: typeof logins) => {
    const m = new Map((rows ?? []).map((r) => [r.day, r.count]));
    return days.map((d) => m.get(d) ?? 0);
  };
  const lines = [
    ...(logins ? [{ name: t('workbench.trend.logins'), values: byDay(logins) }] : []),
    ...(registered ? [{ name: t('workbench.trend.registered'), values: byDay(registered) }] : []),
  ];
  return <EChart testId="wb-trend-chart" label={t('workbench.trend.label')} height={Math.max(120, bodyHeight)} option={(p) => dailyOption(p, days.map((d) => d.slice(5)), lines)} />;
});

export default TrendWidget;
