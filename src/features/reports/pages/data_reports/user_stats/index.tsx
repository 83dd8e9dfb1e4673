import { useState } from 'react';
import { saveFile } from '../../../../../components/crud/download';
import { DataReportView } from '../../../components/DataReportView';
import { PageLoading } from '../../../../../components/PageLoading';
import { usePlayers } from '../../../../players/components/usePlayers';
import type { DataReportStore, PlayersStore } from '../../../../players/stores/players';

/** 用户统计 (data_reports/user_stats): daily figures of the platform's accounts (issue 16 item 7). */
function UserStatsView({ players }: { players: PlayersStore }) {
  const [store] = useState<DataReportStore>(() => players.dataReport('user_stats', (file) => saveFile(file)));
  return <DataReportView store={store} path="/data_reports/user_stats" />;
}

export default function UserStatsPage() {
  const players = usePlayers();
  return players ? <UserStatsView players={players} /> : <PageLoading />;
}
