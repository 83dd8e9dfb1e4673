/** Types of the accounts screens the components use (from the adapters' contract types). */
export type { AccountBan, AccountDetail, AccountRow, GameUserDetail, GameUserDevices, GameUserRow, PlayerSessions, PlayerTrackEvent } from '../../../adapters/api';
