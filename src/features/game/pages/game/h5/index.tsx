import { GameList } from '../shared/GameList';

/** H5 游戏 (game/h5): the h5 games of the catalogue. */
export default function H5GamesPage() {
  return <GameList kind="h5" />;
}
