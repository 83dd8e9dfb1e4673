import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import ReactGridLayout, { useContainerWidth, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { WIDGET_RULES, WORKBENCH_COLS, WORKBENCH_ROWS, type WorkbenchWidget } from '../../../../../../contracts/schemas/dashboard/workbench';
import { ActionButton } from '../../../../../components/controls';
import { Permission } from '../../../../../components/Permission';
import { useStore } from '../../../../../components/store-context';
import { WORKBENCH_GAP, WORKBENCH_MESSAGES_SHOWN, WORKBENCH_ROW_HEIGHT } from '../../../../../config';
import type { WorkbenchStore } from '../../../stores/workbench';
import { useWorkbenchTexts } from './locale';
import { WIDGETS } from './widgets';
import './workbench.css';

/** Title bar height inside a widget (px), for the body height charts size to. */
const TITLE_BAR = 40;

/** The widget's body height for h rows. */
const bodyHeight = (h: number) => h * WORKBENCH_ROW_HEIGHT + (h - 1) * WORKBENCH_GAP - TITLE_BAR - 16;

const Widget = observer(function Widget({ store, widget }: { store: WorkbenchStore; widget: WorkbenchWidget }) {
  const t = useWorkbenchTexts();
  const def = WIDGETS[widget.kind];
  const Body = def.component;
  return (
    <article className="wb-widget" data-testid={`wb-widget-${widget.i}`} data-kind={widget.kind} aria-label={t(`workbench.kinds.${widget.kind}`)}>
      <header className={`wb-widget-title${store.editing ? ' wb-drag' : ''}`}>
        <i className={`pi ${def.icon}`} aria-hidden="true" />
        <h3>{t(`workbench.kinds.${widget.kind}`)}</h3>
        {store.editing && (
          <button
            type="button"
            className="wb-remove p-button p-button-text p-button-rounded p-button-danger p-button-sm"
            data-testid={`wb-remove-${widget.i}`}
            aria-label={`${t('workbench.remove')} ${t(`workbench.kinds.${widget.kind}`)}`}
            title={t('workbench.remove')}
            onClick={() => store.remove(widget.i)}
          >
            <span className="pi pi-times" aria-hidden="true" />
          </button>
        )}
      </header>
      {/* A tab stop: a widget whose content overflows scrolls from the keyboard too. */}
      <div className="wb-widget-body" tabIndex={0} role="group" aria-label={t(`workbench.kinds.${widget.kind}`)}>
        <Body store={store} bodyHeight={bodyHeight(widget.h)} />
      </div>
    </article>
  );
});

const Grid = observer(function Grid({ store }: { store: WorkbenchStore }) {
  const { width: measured, containerRef, mounted } = useContainerWidth();
  // A kept-alive page is hidden (width 0) while another tab shows: keep the last width, so the
  // widgets stay mounted and keep their state (a typed filter) until the tab comes back.
  const lastWidth = useRef(0);
  if (measured > 0) lastWidth.current = measured;
  const width = lastWidth.current;
  const layout: Layout = store.shown.map((w) => {
    const rule = WIDGET_RULES[w.kind];
    return { i: w.i, x: w.x, y: w.y, w: w.w, h: w.h, minW: rule.minW, minH: rule.minH, maxW: rule.maxW, maxH: rule.maxH };
  });
  return (
    <div ref={containerRef} className={`wb-grid${store.editing ? ' wb-grid-editing' : ''}`} data-testid="wb-grid">
      {mounted && width > 0 && (
        <ReactGridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: WORKBENCH_COLS, rowHeight: WORKBENCH_ROW_HEIGHT, margin: [WORKBENCH_GAP, WORKBENCH_GAP], containerPadding: [0, 0], maxRows: WORKBENCH_ROWS }}
          dragConfig={{ enabled: store.editing, handle: '.wb-drag', cancel: '.wb-remove' }}
          resizeConfig={{ enabled: store.editing, handles: ['se'] }}
          onLayoutChange={(next) => store.applyGrid(next)}
        >
          {store.shown.map((w) => (
            <div key={w.i}>
              <Widget store={store} widget={w} />
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
});

const Palette = observer(function Palette({ store }: { store: WorkbenchStore }) {
  const t = useWorkbenchTexts();
  return (
    <div className="wb-palette" data-testid="wb-palette" role="group" aria-label={t('workbench.add')}>
      <span className="wb-palette-title">{t('workbench.add')}</span>
      {store.palette.map(({ kind, enabled }) => (
        <button
          key={kind}
          type="button"
          className="wb-palette-item"
          data-testid={`wb-add-${kind}`}
          disabled={!enabled}
          title={enabled ? t(`workbench.kindHints.${kind}`) : t('workbench.full')}
          onClick={() => store.add(kind)}
        >
          <i className={`pi ${WIDGETS[kind].icon}`} aria-hidden="true" />
          <span>{t(`workbench.kinds.${kind}`)}</span>
        </button>
      ))}
    </div>
  );
});

/**
 * The workbench (dashboard/workbench): the signed-in user's own grid of widgets, from the
 * server. 编辑布局 (menu button Update) opens the edit mode: add from the palette, remove, drag by the
 * title bar, resize by the corner, 恢复默认; 保存布局 stores it for every browser, 取消 drops the draft.
 */
const WorkbenchPage = observer(function WorkbenchPage() {
  const root = useStore();
  const t = useWorkbenchTexts();
  const [store, setStore] = useState<WorkbenchStore | null>(null);
  const unread = root.messages.unread;

  useEffect(() => {
    let live = true;
    void root.workbench().then((s) => {
      if (!live) return;
      setStore(s);
      void s.load();
      void s.loadShortcuts();
      void s.loadLogins();
    });
    void root.dashboard.load();
    void root.messages.refreshUnread();
    return () => {
      live = false;
    };
  }, [root]);

  // The list follows the unread count the socket keeps current (a new message, one read elsewhere).
  useEffect(() => {
    if (store) void store.loadMessages(WORKBENCH_MESSAGES_SHOWN);
  }, [store, unread]);

  const refresh = () => {
    if (!store) return;
    void store.load();
    void store.loadShortcuts();
    void store.loadLogins();
    void store.loadMessages(WORKBENCH_MESSAGES_SHOWN);
    if (store.kpis !== null || store.kpisState === 'error') void store.loadKpis();
    void root.dashboard.load();
  };

  const save = async () => {
    if (store && (await store.save())) root.notify({ severity: 'success', text: t('workbench.saved') });
  };

  return (
    <div className="wb-page" data-testid="workbench">
      <div className="wb-toolbar">
        <h2>{t('workbench.title')}</h2>
        {store?.editing ? (
          <div className="wb-actions">
            <span className="wb-hint">{store.dirty ? t('workbench.unsaved') : t('workbench.dragHint')}</span>
            <ActionButton data-testid="wb-reset" label={t('workbench.reset')} icon="pi pi-replay" className="p-button-secondary p-button-outlined" onClick={store.resetDraft} />
            <ActionButton data-testid="wb-cancel" label={t('workbench.cancel')} icon="pi pi-times" className="p-button-secondary p-button-text" onClick={store.cancelEdit} />
            <ActionButton data-testid="wb-save" label={t('workbench.save')} icon="pi pi-check" loading={store.saving} onClick={() => void save()} />
          </div>
        ) : (
          <div className="wb-actions">
            {store?.state === 'ready' && !store.saved && <span className="wb-hint">{t('workbench.defaultLayout')}</span>}
            <Permission name="Retrieve">
              <ActionButton data-testid="workbench-retrieve" label={t('workbench.refresh')} icon="pi pi-refresh" className="p-button-secondary p-button-outlined" onClick={refresh} />
            </Permission>
            <Permission name="Update">
              <ActionButton data-testid="workbench-update" label={t('workbench.edit')} icon="pi pi-pencil" disabled={store?.state !== 'ready'} onClick={() => store?.startEdit()} />
            </Permission>
          </div>
        )}
      </div>
      {store?.editing && <Palette store={store} />}
      {store?.saveError && (
        <div className="wb-error" role="alert" data-testid="wb-save-error">
          {store.saveError}
        </div>
      )}
      {!store || store.state === 'loading' || store.state === 'idle' ? (
        <div className="wb-state" role="status" data-testid="wb-loading">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {t('workbench.loading')}
        </div>
      ) : store.state === 'error' ? (
        <div className="wb-error" role="alert" data-testid="wb-error">
          {t('workbench.loadFailed', { error: store.error })}{' '}
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => void store.load()}>
            {t('workbench.retry')}
          </button>
        </div>
      ) : store.shown.length === 0 ? (
        <div className="wb-empty" data-testid="wb-empty">
          <i className="pi pi-th-large" aria-hidden="true" />
          <p>{t('workbench.empty')}</p>
          {store.editing && <p>{t('workbench.emptyEdit')}</p>}
        </div>
      ) : (
        <Grid store={store} />
      )}
    </div>
  );
});

export default WorkbenchPage;
