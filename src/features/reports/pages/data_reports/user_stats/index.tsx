import { DataReportPage } from '../../../components/DataReportView';

/** 用户统计 (data_reports/user_stats): daily figures of the platform's accounts. */
export default function UserStatsPage() {
  return <DataReportPage kind="user_stats" path="/data_reports/user_stats" />;
}
