import { useStore } from './store-context';
import { serverText } from '../i18n/server-texts';

/**
 * Shows a text the server sent (a seed setting name, a group title) in the interface language: the
 * translation of a reference-server seed text, else the text as sent (src/i18n/server-texts.ts).
 * Read inside an observer: it follows the language.
 */
export function useServerText(): (text: string) => string {
  const root = useStore();
  const language = root.locale.language;
  return (text) => serverText(language, text);
}
