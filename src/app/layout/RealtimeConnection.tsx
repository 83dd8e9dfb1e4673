import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../components/store-context';

/**
 * The layout's real-time socket (spec §1): opens when the layout appears, closes when it goes away.
 * Renders nothing; the store keeps the unread count and shows the frames' notifications.
 */
export function RealtimeConnection() {
  const root = useStore();
  const { i18n } = useTranslation();
  useEffect(() => {
    // i18n.t reads the language of the moment, so the texts follow a language switch.
    root.messages.connect((key) => i18n.t(key));
    return () => root.messages.disconnect();
  }, [root, i18n]);
  return null;
}
