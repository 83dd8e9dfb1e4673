import { useState } from 'react';
import { saveFile } from '../../../../../components/crud/download';
import { DataReportView } from '../../../components/DataReportView';
import { PageLoading } from '../../../../../components/PageLoading';
import { usePlayers } from '../../../../players/components/usePlayers';
import type { DataReportStore, PlayersStore } from '../../../../players/stores/players';

/** 游戏统计 (data_reports/game_stats): daily figures of one game or every game (issue 16 item 7). */
function GameStatsView({ players }: { players: PlayersStore }) {
  const [store] = useState<DataReportStore>(() => players.dataReport('game_stats', (file) => saveFile(file)));
  return <DataReportView store={store} path="/data_reports/game_stats" />;
}

export default function GameStatsPage() {
  const players = usePlayers();
  return players ? <GameStatsView players={players} /> : <PageLoading />;
}
