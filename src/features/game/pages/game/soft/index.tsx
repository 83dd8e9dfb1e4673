import { GameList } from '../shared/GameList';

/** 软件管理 (game/soft): the soft games of the catalogue. */
export default function SoftGamesPage() {
  return <GameList kind="soft" />;
}
