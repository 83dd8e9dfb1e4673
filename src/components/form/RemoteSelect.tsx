import { AutoComplete } from 'primereact/autocomplete';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRow } from '../../stores/types';
import type { RemoteSource } from '../crud/types';
import { useStore } from '../store-context';

type Id = number | string;

const idOf = (row: ResourceRow, key: string): Id | null => {
  const v = row[key];
  return typeof v === 'number' || typeof v === 'string' ? v : null;
};

interface RemoteSelectProps {
  source: RemoteSource;
  value: Id | Id[] | null | undefined;
  onChange(value: Id | Id[] | null): void;
  multiple?: boolean;
  disabled?: boolean;
  testId?: string;
  /** The id of the text input (a <label htmlFor> names it). */
  inputId?: string;
  /** The accessible name where no <label> points at the input; also names the list of suggestions. */
  ariaLabel?: string;
}

/**
 * Remote search select (spec §2.5, §5, §7): placeholder 请输入关键词搜索; typing searches the resource
 * (`search`), an empty keyword calls nothing; the labels of the initial values come by their ids;
 * results are read from data.data or data.results (the store's RemoteSelectSource).
 */
export function RemoteSelect({ source, value, onChange, multiple = false, disabled, testId = 'remote-select', inputId, ariaLabel }: RemoteSelectProps) {
  const { t } = useTranslation();
  const root = useStore();
  const rows = useMemo(() => root.remoteSource(source.url), [root, source.url]);
  const valueKey = source.valueKey ?? 'id';
  const [suggestions, setSuggestions] = useState<ResourceRow[]>([]);
  const [selected, setSelected] = useState<ResourceRow[]>([]);
  const ids: Id[] = Array.isArray(value) ? value : value === null || value === undefined || value === '' ? [] : [value];
  const idsKey = ids.join(',');

  useEffect(() => {
    const wanted = idsKey ? idsKey.split(',') : [];
    if (wanted.length === 0) return undefined;
    let live = true;
    rows
      .byIds(wanted)
      .then((found) => {
        if (live) setSelected(found.filter((row) => wanted.includes(String(idOf(row, valueKey)))));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [idsKey, rows, valueKey]);

  const search = async (keyword: string) => {
    try {
      setSuggestions(await rows.search(keyword));
    } catch {
      setSuggestions([]);
    }
  };

  // Only the rows still in the value are shown (the value may be cleared from outside).
  const shown = selected.filter((row) => ids.map(String).includes(String(idOf(row, valueKey))));

  const emit = (rows: ResourceRow[]) => {
    setSelected(rows);
    const next = rows.map((row) => idOf(row, valueKey)).filter((id): id is Id => id !== null);
    onChange(multiple ? next : (next[0] ?? null));
  };

  return (
    <AutoComplete
      className="w-full p-inputtext-sm"
      data-testid={testId}
      multiple={multiple}
      disabled={disabled}
      field={source.labelKey}
      value={multiple ? shown : (shown[0] ?? null)}
      suggestions={suggestions}
      completeMethod={(event) => void search(event.query)}
      placeholder={t('cells.remotePlaceholder')}
      {...(inputId ? { inputId } : {})}
      {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
      pt={{ list: { 'aria-label': ariaLabel ?? t('cells.remotePlaceholder') } }}
      emptyMessage={t('cells.noResults')}
      showEmptyMessage
      onChange={(event) => {
        const v: unknown = event.value;
        if (multiple) emit(Array.isArray(v) ? (v as ResourceRow[]) : []);
        else if (v && typeof v === 'object') emit([v as ResourceRow]);
        else if (v === null || v === '') emit([]);
      }}
    />
  );
}
