import { Button } from 'primereact/button';
import { OverlayPanel } from 'primereact/overlaypanel';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPOVER_WIDTH_PX } from '../../config';
import { useStore } from '../store-context';
import { cellText, jsonColumnText, prettyText, UNAVAILABLE } from './text';
import './cells.css';

/** Copies text to the clipboard; resolves false when the browser refuses. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The popover of a text cell: the full value (JSON pretty-printed) and a copy button. */
function CellPopover({ value, target, onHide }: { value: unknown; target: HTMLElement; onHide(): void }) {
  const { t } = useTranslation();
  const root = useStore();
  const panel = useRef<OverlayPanel>(null);
  useEffect(() => {
    panel.current?.show(null, target);
  }, [target]);
  const full = prettyText(value);
  const copy = async () => {
    const ok = await copyText(full);
    root.notify({ severity: ok ? 'success' : 'error', text: t(ok ? 'cells.copied' : 'cells.copyFailed') });
  };
  return (
    <OverlayPanel ref={panel} style={{ width: POPOVER_WIDTH_PX }} data-testid="text-cell-popover" onHide={onHide}>
      <pre className="cell-pre">{full}</pre>
      <Button size="small" icon="pi pi-copy" label={t('cells.copy')} onClick={() => void copy()} data-testid="text-cell-copy" />
    </OverlayPanel>
  );
}

/**
 * Text that truncates to fit its cell; a click opens a popover with the full value, JSON pretty-printed,
 * and a copy button (复制成功 / 复制失败). `json` shows only the first 100 characters in the cell. The
 * popover (and its hooks) exists only while open, so a page of 100 rows keeps its cells light.
 */
export function TextCell({ value, json = false }: { value: unknown; json?: boolean }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const shown = json ? jsonColumnText(value) : cellText(value);
  if (!shown) return <span className="cell-empty">{UNAVAILABLE}</span>;
  return (
    <>
      <span className="cell-text" title={shown} data-testid="text-cell" onClick={(event) => setTarget(target ? null : event.currentTarget)}>
        {shown}
      </span>
      {target && <CellPopover value={value} target={target} onHide={() => setTarget(null)} />}
    </>
  );
}
