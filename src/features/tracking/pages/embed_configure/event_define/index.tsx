import { DefinitionsPage } from '../shared/DefinitionsPage';

/** 事件定义 (embed_configure/event_define): a game's own events. */
export default function EventDefinePage() {
  return <DefinitionsPage global={false} />;
}
