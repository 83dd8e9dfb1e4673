import { GameList } from '../shared/GameList';

/** 小游戏 (game/mini): the mini games of the catalogue. */
export default function MiniGamesPage() {
  return <GameList kind="mini" />;
}
