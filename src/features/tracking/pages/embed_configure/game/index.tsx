import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import { copyText } from '../../../../../components/cells/TextCell';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { useTrackingTexts } from '../../../components/locale';
import { formatFigure, formatInstant } from '../../../../../stores/format';
import { TRACKING_API } from '../../../stores/tracking';
import type { ResourceRow, TrackingCredentials } from '../../../../../stores/types';
import { enabledField, enabledFilterField, gameCell, keywordField, TRACKING_PERMISSIONS } from '../shared/fields';
import { useGameChoices } from '../../../../../components/useGameChoices';
import { usePermission } from '../../../../../components/Permission';
import { IntegrationPanel } from '../../../components/IntegrationPanel';
import type { IntegrationStore, LiveEventsStore } from '../../../stores/integration';
import '../../../components/tracking.css';

/**
 * 埋点应用 (embed_configure/game): which games send tracking data. Each has an app key and a secret
 * (masked in the list); 重新生成密钥 (the Update button) replaces both after a confirmation saying the
 * old pair stops working, then shows the new pair once, with copy buttons and the signing rule.
 * 接入 (integrate) opens the app's panel: install snippet, public key, allowed origins, the order
 * signing rule and the live events arriving while it is open (IntegrationPanel).
 */
export default observer(function TrackingAppsPage() {
  const t = useTrackingTexts();
  const root = useStore();
  const [issued, setIssued] = useState<{ name: string; credentials: TrackingCredentials } | null>(null);
  const [integrating, setIntegrating] = useState<{ integration: IntegrationStore; live: LiveEventsStore; confirm: (text: string) => Promise<boolean>; reload: () => void } | null>(null);
  const can = usePermission();
  const games = useGameChoices();
  const language = root.locale.language;

  const description = useMemo<ResourceDescription>(
    () => ({
      resource: TRACKING_API.apps,
      testId: 'tracking-app',
      permissions: TRACKING_PERMISSIONS,
      fields: [
        keywordField(t),
        enabledFilterField(t),
        {
          key: 'game',
          label: t('tracking.field.game'),
          options: games.map((g) => ({ value: g.id, label: g.name })),
          search: true,
          column: { width: 170, cell: gameCell },
          form: { createOnly: true, rules: { required: true } },
        },
        { key: 'app_key', label: t('tracking.field.appKey'), column: { width: 210, cell: (row) => <code data-testid="app-key">{String(row.app_key ?? '')}</code> }, form: false },
        { key: 'secret_mask', label: t('tracking.field.secret'), column: { width: 100, cell: (row) => <code data-testid="secret-mask">{String(row.secret_mask ?? '-')}</code> }, form: false },
        enabledField(t),
        {
          key: 'last_event_time',
          label: t('tracking.field.lastEventTime'),
          column: {
            width: 160,
            cell: (row) => {
              return typeof row.last_event_time === 'string' ? formatInstant(row.last_event_time) : <span className="tracking-muted">{t('tracking.app.never')}</span>;
            },
          },
          form: false,
        },
        { key: 'events_7d', label: t('tracking.field.events7d'), column: { width: 120, cell: (row) => formatFigure(Number(row.events_7d ?? 0), language) }, form: false },
      ],
      toBody: (values, mode) => {
        const body: Record<string, unknown> = { enabled: values.enabled !== false, description: values.description ?? '' };
        if (mode === 'create') body.game = values.game;
        return body;
      },
      rowActions: [
        {
          key: 'integrate',
          label: t('tracking.integrate.action'),
          icon: 'pi pi-code',
          permission: 'Search',
          severity: 'info',
          run: async (row: ResourceRow, ctx) => {
            const tracking = await root.tracking();
            setIntegrating({ integration: tracking.integration(row), live: tracking.liveEvents(Number(row.id)), confirm: (text) => ctx.confirm(text), reload: () => void ctx.store.load() });
          },
        },
        {
          key: 'regenerate',
          label: t('tracking.app.regenerate'),
          icon: 'pi pi-refresh',
          permission: 'Update',
          severity: 'warning',
          run: async (row: ResourceRow, ctx) => {
            const name = String(row.game_name ?? row.game);
            if (!(await ctx.confirm(t('tracking.app.regenerateConfirm', { name })))) return;
            try {
              const credentials = await (await root.tracking()).regenerate(Number(row.id));
              setIssued({ name, credentials });
              void ctx.store.load();
            } catch {
              // shown by the adapter
            }
          },
        },
      ],
    }),
    [t, games, root, language],
  );

  const copy = (text: string) => void copyText(text).then((ok) => root.notify({ severity: ok ? 'success' : 'error', text: t(ok ? 'cells.copied' : 'cells.copyFailed') }));
  const closeIntegration = () => {
    // The list shows the new public key and origins after the panel changed them.
    if (integrating && (integrating.integration.publicKey !== integrating.integration.app.publicKey || integrating.integration.origins.join() !== integrating.integration.app.allowedOrigins.join())) integrating.reload();
    setIntegrating(null);
  };
  return (
    <>
      <CrudPage description={description} />
      {integrating && (
        <Dialog
          header={t('tracking.integrate.title', { name: integrating.integration.app.gameName })}
          visible
          onHide={closeIntegration}
          style={{ width: 860, maxWidth: '96vw' }}
          data-testid="integrate-dialog"
        >
          <IntegrationPanel
            integration={integrating.integration}
            live={integrating.live}
            host={window.location.origin}
            canUpdate={can('Update')}
            copy={copy}
            confirm={integrating.confirm}
            notify={(text) => root.notify({ severity: 'success', text })}
          />
        </Dialog>
      )}
      {issued && (
        <Dialog header={t('tracking.app.credentialsTitle', { name: issued.name })} visible onHide={() => setIssued(null)} style={{ width: 620, maxWidth: '96vw' }} data-testid="credentials-dialog">
          <div className="tracking-credential-row">
            <strong style={{ minWidth: 70 }}>{t('tracking.field.appKey')}</strong>
            <code className="tracking-credential" data-testid="credentials-app-key">
              {issued.credentials.app_key}
            </code>
            <Button size="small" outlined icon="pi pi-copy" label={t('tracking.app.copyKey')} onClick={() => copy(issued.credentials.app_key)} data-testid="copy-app-key" />
          </div>
          <div className="tracking-credential-row">
            <strong style={{ minWidth: 70 }}>{t('tracking.field.secret')}</strong>
            <code className="tracking-credential" data-testid="credentials-secret">
              {issued.credentials.secret}
            </code>
            <Button size="small" outlined icon="pi pi-copy" label={t('tracking.app.copySecret')} onClick={() => copy(issued.credentials.secret)} data-testid="copy-secret" />
          </div>
          <p className="tracking-muted" data-testid="credentials-note">
            {t('tracking.app.credentialsNote')}
          </p>
          <p className="tracking-muted" data-testid="credentials-signing">
            {t('tracking.app.signing')}
          </p>
          <div className="crud-form-footer">
            <Button size="small" outlined label={t('crud.close')} onClick={() => setIssued(null)} data-testid="credentials-close" />
          </div>
        </Dialog>
      )}
    </>
  );
});
