import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useAdvertisingTexts } from '../../../components/locale';
import { useAdvertising } from '../../../components/useAdvertising';
import { copyText } from '../../../../../components/cells/TextCell';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { PageLoading } from '../../../../../components/PageLoading';
import { useStore } from '../../../../../components/store-context';
import type { AdvertisingStore, PerformanceStore } from '../../../stores/advertising';
import { formatMoney } from '../../../../../stores/format/money';
import type { ResourceRow } from '../../../../../stores/types';
import { Performance } from './Performance';
import { SpendDialog } from './SpendDialog';
import { YuanInput } from './YuanInput';
import '../../../../../components/analytics/analytics.css';
import '../../../components/advertising.css';

const CAMPAIGNS = '/api/advertisement/campaign/';
const GAMES = '/api/game/detail/';
const CHANNEL = /^[A-Za-z0-9_.-]{1,64}$/;
const HTTP_URL = /^https?:\/\/[^\s/$.?#].[^\s]*$/i;
const ymd = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * 广告计划 (advertisement/campaign): 投放效果 (the campaign figures) above 计划管理 (the campaigns as a
 * resource description rendered by the CRUD page: game, channel, name, budget in yuan held as fen,
 * period, status, store URL), with each campaign's daily spend and its tracking link.
 */
const CampaignView = observer(function CampaignView({ ads }: { ads: AdvertisingStore }) {
  const t = useAdvertisingTexts();
  const root = useStore();
  const [perf] = useState<PerformanceStore>(() => ads.performance());
  const [spendOf, setSpendOf] = useState<{ id: number; name: string } | null>(null);

  const description = useMemo<ResourceDescription>(() => {
    const statusOptions = [
      { value: 'active', label: t('ads.campaign.statusActive'), color: 'success' },
      { value: 'paused', label: t('ads.campaign.statusPaused'), color: 'warning' },
      { value: 'ended', label: t('ads.campaign.statusEnded'), color: 'info' },
    ];
    const linkOf = (row: ResourceRow) => `${window.location.origin}${CAMPAIGNS.replace('campaign/', 'click/')}?campaign=${String(row.id)}&device={device_id}`;
    return {
      resource: CAMPAIGNS,
      testId: 'campaigns',
      permissions: { add: 'Create', edit: 'Update', view: 'Retrieve', remove: 'Delete', search: 'Search', export: 'Export' },
      ordering: { field: 'create_datetime', direction: 'desc' },
      dialogWidth: '820px',
      fields: [
        {
          key: 'game',
          label: t('ads.common.game'),
          type: 'remote',
          remote: { url: GAMES, labelKey: 'name' },
          search: true,
          column: { width: 140, cell: (row) => <span data-user-data>{String(row.game_name ?? '')}</span> },
          form: { createOnly: true, rules: { required: true } },
        },
        { key: 'name', label: t('ads.campaign.name'), search: true, column: { width: 160 }, form: { rules: { required: true, maxLength: 64 } } },
        { key: 'channel', label: t('ads.campaign.channel'), search: true, column: { width: 100, filter: true }, form: { rules: { required: true, maxLength: 64, pattern: { regex: CHANNEL, message: t('ads.campaign.rule.channel') } } } },
        {
          key: 'budget',
          label: t('ads.campaign.budgetYuan'),
          input: (props) => <YuanInput {...props} />,
          column: { width: 120, cell: (row) => <span>{typeof row.budget === 'number' ? formatMoney(row.budget) : '-'}</span> },
          form: { rules: { required: true, check: (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? null : t('ads.campaign.rule.yuan')) } },
        },
        { key: 'start_date', label: t('ads.campaign.startDate'), type: 'date', column: { width: 110, sortable: true }, form: { default: () => ymd(root.analyticsToday()), rules: { required: true } } },
        {
          key: 'end_date',
          label: t('ads.campaign.endDate'),
          type: 'date',
          column: { width: 110, sortable: true },
          form: { default: () => { const d = root.analyticsToday(); return ymd(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 30)); }, rules: { required: true, check: (v, values) => (typeof v === 'string' && typeof values.start_date === 'string' && v < values.start_date ? '结束日期:不能早于开始日期。' : null) } },
        },
        { key: 'status', label: t('ads.campaign.status'), options: statusOptions, search: true, column: { width: 90 }, form: { default: 'active', rules: { required: true } } },
        { key: 'store_url', label: t('ads.campaign.storeUrl'), column: { width: 220 }, form: { span: 24, rules: { required: true, maxLength: 500, pattern: { regex: HTTP_URL, message: t('ads.campaign.rule.url') } } } },
      ],
      rowActions: [
        { key: 'spend', label: t('ads.campaign.spendAction'), icon: 'pi pi-wallet', permission: 'Retrieve', run: (row) => setSpendOf({ id: Number(row.id), name: String(row.name ?? row.id) }) },
        {
          key: 'link',
          label: t('ads.campaign.linkAction'),
          icon: 'pi pi-link',
          permission: 'Retrieve',
          run: async (row) => {
            const link = linkOf(row);
            const copied = await copyText(link);
            root.notify({ severity: copied ? 'success' : 'info', text: t(copied ? 'ads.campaign.linkCopied' : 'ads.campaign.linkFailed', { link }) });
          },
        },
      ],
    };
  }, [t, root]);

  return (
    <div className="tracking-page ads-page" data-testid="ads-campaign">
      <h2 className="ads-section-title">{t('ads.campaign.performance')}</h2>
      <Performance store={perf} ads={ads} />
      <h2 className="ads-section-title">{t('ads.campaign.manage')}</h2>
      <CrudPage description={description} />
      {spendOf && (
        <SpendDialog
          key={spendOf.id}
          ads={ads}
          campaign={spendOf.id}
          name={spendOf.name}
          onHide={() => {
            setSpendOf(null);
            void perf.load();
          }}
        />
      )}
    </div>
  );
});

export default function CampaignPage() {
  const ads = useAdvertising();
  return ads ? <CampaignView ads={ads} /> : <PageLoading />;
}
