import { DataReportPage } from '../../../components/DataReportView';

/** 游戏统计 (data_reports/game_stats): daily figures of one game or every game. */
export default function GameStatsPage() {
  return <DataReportPage kind="game_stats" path="/data_reports/game_stats" />;
}
