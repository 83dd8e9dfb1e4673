import { GameList } from '../shared/GameList';

/** 安卓游戏 (game/android): the android games of the catalogue. */
export default function AndroidGamesPage() {
  return <GameList kind="android" />;
}
