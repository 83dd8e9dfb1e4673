import { observer } from 'mobx-react-lite';
import { Dropdown } from 'primereact/dropdown';
import { SelectButton } from 'primereact/selectbutton';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { EChart, type ChartPalette } from '../../../../../components/charts/EChart';
import { useStore } from '../../../../../components/store-context';
import { barsOption } from '../../../../../components/analytics/charts';
import { Money, ReportForm, ReportState } from '../../../../../components/analytics/ReportParts';
import { useIncomeTexts } from '../../../components/locale';
import { useIncome } from '../../../components/useIncome';
import { AnalysisTable, FormItem, storePage } from '../../../../../components/analytics/AnalysisParts';
import { INCOME_RANK_LIMITS } from '../../../../../config';
import type { IncomeStore, RankStore } from '../../../stores/income';
import { formatMoney } from '../../../../../stores/format/money';
import { formatFigure } from '../../../../../stores/format';
import type { RankBy, RankResult } from '../../../../../stores/types';

const BYS: RankBy[] = ['game', 'channel', 'player'];
const rankEmpty = (r: RankResult) => r.rows.length === 0;

/**
 * 收入排行 (center_income/rank): the top games, channels or players (tabs) of a range by revenue,
 * 10 to 100 of them, as bars and a table (players with their game).
 */
const RankView = observer(function RankView({ income }: { income: IncomeStore }) {
  const t = useIncomeTexts();
  const root = useStore();
  const [store] = useState<RankStore>(() => income.rank());
  const language = root.locale.language;
  useEffect(() => {
    void store.load();
  }, [store]);
  const result = store.state === 'ready' ? store.result : null;
  const by = store.options.by;
  const slices = useMemo(() => (result?.rows ?? []).map((r) => ({ name: r.game_name && result?.by === 'player' ? `${r.label} · ${r.game_name}` : r.label, value: r.revenue })), [result]);
  const chart = useCallback((p: ChartPalette) => barsOption(p, slices, (v) => formatMoney(v)), [slices]);
  const title = t('income.rank.title', { count: store.options.limit });
  const money = (v: number) => <Money text={formatMoney(v)} negative={v < 0} />;

  return (
    <div className="tracking-page" data-testid="income-rank">
      <SelectButton
        className="p-button-sm income-rank-by"
        value={by}
        allowEmpty={false}
        options={BYS.map((value) => ({ value, label: t(`income.rank.bys.${value}`) }))}
        itemTemplate={(option: { value: RankBy; label: string }) => <span data-testid={`rank-tab-${option.value}`}>{option.label}</span>}
        onChange={(e) => {
          store.setOption('by', (e.value as RankBy | null) ?? 'game');
          void store.load();
        }}
        aria-label={t('income.rank.by')}
        data-testid="rank-by"
      />
      <ReportForm store={store} prefix="rank">
        <FormItem label={t('income.rank.limit')}>
          <Dropdown
            className="p-inputtext-sm"
            value={store.options.limit}
            options={INCOME_RANK_LIMITS.map((value) => ({ value, label: t('income.rank.limitOption', { count: value }) }))}
            onChange={(e) => {
              store.setOption('limit', e.value as number);
              void store.load();
            }}
            data-testid="rank-limit"
            aria-label={t('income.rank.limit')}
          />
        </FormItem>
      </ReportForm>
      {ReportState({ store, prefix: 'rank', empty: rankEmpty }) ??
        (result && (
          <>
            <section className="tracking-card">
              <h3>{title}</h3>
              <EChart option={chart} label={t('analytics.chartLabel', { title })} height={Math.max(240, slices.length * 26 + 48)} testId="rank-chart" />
            </section>
            <section className="tracking-card">
              <AnalysisTable label={t('analytics.tableLabel', { title })} className="tracking-table income-table" testId="rank-table"
                head={
                  <>
                    <th>{t('income.rank.rank')}</th>
                    <th className="is-text">{t(`income.rank.name.${result.by}`)}</th>
                    {result.by === 'player' && <th className="is-text">{t('income.rank.playerGame')}</th>}
                    <th className="is-number">{t('income.figure.revenue')}</th>
                    <th className="is-number">{t('income.figure.gross')}</th>
                    <th className="is-number">{t('income.figure.refunds')}</th>
                    <th className="is-number">{t('income.figure.orders')}</th>
                    {result.by !== 'player' && <th className="is-number">{t('income.figure.payingPlayers')}</th>}
                  </>
                }
              >
                {result.rows.map((r) => (
                  <tr key={r.key}>
                    <td>{r.rank}</td>
                    <td className="income-label" title={r.label} data-user-data>
                      {r.label}
                    </td>
                    {result.by === 'player' && <td className="is-text" data-user-data>{r.game_name ?? '-'}</td>}
                    <td className="is-number">{money(r.revenue)}</td>
                    <td className="is-number">{formatMoney(r.gross)}</td>
                    <td className="is-number">{formatMoney(r.refunds)}</td>
                    <td className="is-number">{formatFigure(r.orders, language)}</td>
                    {result.by !== 'player' && <td className="is-number">{formatFigure(r.paying_players, language)}</td>}
                  </tr>
                ))}
              </AnalysisTable>
            </section>
          </>
        ))}
    </div>
  );
});

export default storePage(useIncome, (income) => <RankView income={income} />);
