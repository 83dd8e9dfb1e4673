import { observer } from 'mobx-react-lite';
import { useMemo } from 'react';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useTrackingTexts } from '../../../components/locale';
import { TRACKING_API } from '../../../stores/tracking';
import { defineFields, TRACKING_PERMISSIONS } from './fields';
import { useGameChoices } from '../../../../../components/useGameChoices';

/**
 * 事件定义 (per game) and 全局事件 (shared by every game): identifier (lower snake case), display name,
 * properties with type and required flag. A definition with stored events shows so and has no delete
 * button: it can only be disabled (the server refuses the delete with the same words).
 */
export const DefinitionsPage = observer(function DefinitionsPage({ global }: { global: boolean }) {
  const t = useTrackingTexts();
  const games = useGameChoices(!global);
  const description = useMemo<ResourceDescription>(
    () => ({
      resource: global ? TRACKING_API.globalEvents : TRACKING_API.events,
      testId: global ? 'global-event-define' : 'event-define',
      permissions: TRACKING_PERMISSIONS,
      ordering: { field: 'event', direction: 'asc' },
      fields: defineFields(t, global ? null : games.map((g) => ({ id: g.id, name: g.name }))),
      removable: (row) => row.in_use !== true,
      // The identifier and the game stay what they were; a global definition has no game.
      toBody: (values, mode) => {
        const body = { ...values };
        if (mode === 'edit') {
          delete body.event;
          delete body.game;
        } else if (global) body.game = null;
        return body;
      },
    }),
    [t, games, global],
  );
  return <CrudPage description={description} />;
});
