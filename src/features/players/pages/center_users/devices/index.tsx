import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { LightTag } from '../../../../../components/cells/LightTag';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { usePlayersTexts } from '../../../components/locale';
import '../../../components/players.css';
import { PLAYERS_DEVICES_PAGE_SIZE } from '../../../../../config';
import { formatInstant } from '../../../../../stores/format';
import { PLAYERS_API } from '../../../stores/players';
import type { ResourceRow } from '../../../../../stores/types';
import { useGameChoices } from '../../../../../components/useGameChoices';

const when = (value: unknown) => {
  return typeof value === 'string' ? formatInstant(value) : '-';
};

interface Account {
  game_name: string;
  distinct_id: string;
}
const accountsOf = (row: ResourceRow): Account[] => (Array.isArray(row.account_list) ? (row.account_list as Account[]) : []);

/**
 * 设备管理 (center_users/devices): the devices seen on register/login events as a read-only resource
 * description: search by device id or model, OS, game, a player's devices, shared devices (2+ accounts);
 * model, OS and version, first/last seen, the number of accounts and the accounts themselves.
 */
const DevicesView = observer(function DevicesView() {
  const t = usePlayersTexts();
  const games = useGameChoices();
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: PLAYERS_API.devices,
      testId: 'devices',
      permissions: { view: 'Retrieve', search: 'Search', export: 'Export' },
      limit: PLAYERS_DEVICES_PAGE_SIZE,
      ordering: { field: 'last_seen', direction: 'desc' },
      commonColumns: false,
      fields: [
        { key: 'search', label: t('players.devices.keyword'), search: true, column: false, form: false },
        { key: 'device_id', label: t('players.devices.deviceId'), column: { width: 170, cell: (row) => <code data-user-data>{String(row.device_id ?? '')}</code> }, form: false },
        { key: 'device_model', label: t('players.devices.model'), column: { width: 170, cell: (row) => <span data-user-data>{String(row.device_model || '-')}</span> }, form: false },
        {
          key: 'os',
          label: t('players.devices.os'),
          options: [
            { value: 'android', label: 'Android' },
            { value: 'ios', label: 'iOS' },
          ],
          search: true,
          column: { width: 110, cell: (row) => `${row.os === 'ios' ? 'iOS' : row.os === 'android' ? 'Android' : String(row.os || '-')} ${String(row.os_version ?? '')}`.trim() },
          form: false,
        },
        { key: 'game', label: t('players.devices.game'), options: games.map((g) => ({ value: g.id, label: g.name })), search: true, column: false, form: false },
        { key: 'distinct_id', label: t('players.devices.player'), search: true, column: false, form: false },
        {
          key: 'shared',
          label: t('players.devices.shared'),
          options: [
            { value: '1', label: t('players.devices.sharedYes') },
            { value: '0', label: t('players.devices.sharedNo') },
          ],
          search: true,
          column: false,
          form: false,
        },
        {
          key: 'accounts',
          label: t('players.devices.accounts'),
          column: { width: 90, sortable: true, cell: (row) => (Number(row.accounts) >= 2 ? <LightTag value={String(row.accounts)} severity="warning" /> : String(row.accounts ?? 0)) },
          form: false,
        },
        {
          key: 'account_list',
          label: t('players.devices.accountList'),
          column: {
            width: 300,
            cell: (row) => (
              <span className="players-accounts" data-user-data>
                {accountsOf(row)
                  .map((a) => `${a.distinct_id}（${a.game_name}）`)
                  .join('、') || '-'}
              </span>
            ),
          },
          form: false,
        },
        { key: 'first_seen', label: t('players.devices.firstSeen'), column: { width: 160, sortable: true, cell: (row) => when(row.first_seen) }, form: false },
        { key: 'last_seen', label: t('players.devices.lastSeen'), column: { width: 160, sortable: true, cell: (row) => when(row.last_seen) }, form: false },
      ],
    }),
    [t, games],
  );
  return <CrudPage description={description} />;
});

export default function DevicesPage() {
  return <DevicesView />;
}
