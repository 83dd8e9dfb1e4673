import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useStore } from '../../components/store-context';

/** Runs a tab command on a tab and follows the focus; an unknown command shows 无效的操作 (spec §8). */
export function useTabCommand(): (command: string, target: string) => void {
  const root = useStore();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return useCallback(
    (command, target) => {
      const result = root.tabs.command(command, target);
      if (result === 'invalid') {
        root.notify({ severity: 'error', text: t('shell.invalidCommand') });
        return;
      }
      if (result.navigate) navigate(result.navigate);
    },
    [root, t, navigate],
  );
}
