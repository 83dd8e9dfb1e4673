import { observer } from 'mobx-react-lite';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import type { ResourceRow } from '../../../../../stores/types';
import { copyText } from '../../../../../components/cells/TextCell';
import { CrudPage } from '../../../../../components/crud/CrudPage';
import type { ResourceDescription } from '../../../../../components/crud/types';
import { useStore } from '../../../../../components/store-context';
import { GAME_API } from '../../../../../stores/games';
import { useGameTexts } from '../../../../../components/catalogue/locale';
import { CATALOGUE_PERMISSIONS, kindOptions, providerOptions, providerTypeOptions } from '../../../../../components/catalogue/options';
import { DictTag } from '../../../../../components/cells/DictTag';
import { useGameChoices } from '../../../../../components/useGameChoices';
import '../../../../../components/catalogue/catalogue.css';

const HTTP_URL = /^https?:\/\/[^\s/?#]+/i;

/**
 * 公共账号 (common/account): third-party accounts games share (app stores, ad networks, payment
 * providers). The secret is written, never read back by lists: it shows masked, and 查看密钥 (its own
 * button, written to the operation log) shows it once in a dialog.
 */
export default observer(function SharedAccountsPage() {
  const t = useGameTexts();
  const root = useStore();
  const [revealed, setRevealed] = useState<{ name: string; secret: string } | null>(null);
  const games = useGameChoices();

  const description = useMemo<ResourceDescription>(
    () => ({
      resource: GAME_API.accounts,
      testId: 'account',
      permissions: CATALOGUE_PERMISSIONS,
      ordering: { field: 'provider', direction: 'asc' },
      fields: [
        { key: 'provider_type', label: t('game.account.providerType'), options: providerTypeOptions(t), search: true, column: { width: 100, filter: true }, form: false },
        { key: 'provider', label: t('game.account.provider'), options: providerOptions(t), search: true, column: { width: 150 }, form: { rules: { required: true } } },
        { key: 'name', label: t('game.account.name'), search: true, column: { width: 160 }, form: { rules: { required: true, maxLength: 64 } } },
        { key: 'account', label: t('game.account.account'), search: true, column: { width: 170 }, form: { rules: { required: true, maxLength: 128 } } },
        {
          key: 'secret',
          label: t('game.account.secret'),
          type: 'password',
          column: { width: 110, cell: (row) => <span className="game-secret" data-testid="secret-mask">{typeof row.secret_mask === 'string' && row.secret_mask ? row.secret_mask : '-'}</span> },
          form: { span: 24, rules: { maxLength: 4000 }, placeholder: t('game.account.secretKeep') },
        },
        { key: 'url', label: t('game.account.url'), column: { width: 220 }, form: { span: 24, rules: { maxLength: 255, pattern: { regex: HTTP_URL, message: t('game.rule.url') } }, placeholder: 'https://' } },
        { key: 'status', label: t('game.account.status'), dict: 'button_status_bool', column: { width: 80 }, form: { default: true } },
        {
          key: 'games',
          label: t('game.account.games'),
          type: 'multiselect',
          options: games.map((g) => ({ value: g.id, label: g.name })),
          search: { param: 'game' },
          column: {
            width: 220,
            cell: (row) => {
              const list = Array.isArray(row.game_info) ? (row.game_info as Array<{ id: number; name: string; kind: string }>) : [];
              return list.length === 0 ? <span className="cell-empty">-</span> : <span className="cell-array">{list.map((g) => <span key={g.id} className="game-inline-game"><DictTag value={g.kind} options={kindOptions(t)} /> {g.name}</span>)}</span>;
            },
          },
          form: { span: 24, default: [] },
        },
      ],
      // An empty secret on an edit keeps the stored one (the server changes it only when one is sent).
      toBody: (values) => {
        const body = { ...values };
        if (body.secret === '' || body.secret === null || body.secret === undefined) delete body.secret;
        return body;
      },
      rowActions: [
        {
          key: 'reveal',
          label: t('game.account.reveal'),
          icon: 'pi pi-eye',
          permission: 'Reveal',
          severity: 'warning',
          visible: (row) => row.has_secret === true,
          run: async (row: ResourceRow, ctx) => {
            const name = String(row.name);
            if (!(await ctx.confirm(t('game.account.revealConfirm', { name })))) return;
            try {
              setRevealed({ name, secret: await root.games.reveal(Number(row.id)) });
            } catch {
              // shown by the adapter
            }
          },
        },
      ],
    }),
    [t, root, games],
  );
  return (
    <>
      <CrudPage description={description} />
      {revealed && (
        <Dialog header={t('game.account.revealTitle', { name: revealed.name })} visible onHide={() => setRevealed(null)} style={{ width: 520 }} data-testid="reveal-dialog">
          <pre className="game-secret-value" data-testid="reveal-secret">
            {revealed.secret}
          </pre>
          <p className="game-muted">{t('game.account.revealNote')}</p>
          <div className="crud-form-footer">
            <Button
              size="small"
              icon="pi pi-copy"
              label={t('game.account.copy')}
              onClick={() =>
                void copyText(revealed.secret).then((ok) => root.notify({ severity: ok ? 'success' : 'error', text: t(ok ? 'cells.copied' : 'cells.copyFailed') }))
              }
            />
            <Button size="small" outlined label={t('crud.close')} onClick={() => setRevealed(null)} data-testid="reveal-close" />
          </div>
        </Dialog>
      )}
    </>
  );
});
