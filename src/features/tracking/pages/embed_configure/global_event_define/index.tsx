import { DefinitionsPage } from '../shared/DefinitionsPage';

/** 全局事件 (embed_configure/global_event_define): events every game may send (register, login, pay, …). */
export default function GlobalEventDefinePage() {
  return <DefinitionsPage global />;
}
