import { Calendar } from 'primereact/calendar';
import { useState } from 'react';
import { useAccountsTexts } from './accounts-locale';
import { LightTag } from '../../../components/cells/LightTag';
import { formatDate, formatInstant } from '../../../stores/format';
import type { AccountBan } from '../stores/accounts-types';

/** Shared pieces of 平台账号 and 游戏用户. */

export const when = (value: string | null | undefined): string => {
  return typeof value === 'string' ? formatInstant(value) : '-';
};

/** Normal / banned (with the end of the ban). */
export function StatusTag({ status, ban, testId }: { status: string; ban?: AccountBan | null; testId?: string }) {
  const t = useAccountsTexts();
  if (status !== 'banned') return <LightTag value={t('accounts.common.normal')} severity="success" />;
  const until = ban ? (ban.expires_at ? t('accounts.common.until', { time: when(ban.expires_at) }) : t('accounts.common.forever')) : '';
  return (
    <span data-testid={testId} title={ban?.reason ?? ''}>
      <LightTag value={t('accounts.common.banned')} severity="danger" /> {until ? <small className="accounts-muted">{until}</small> : null}
    </span>
  );
}

/** Seconds as "12 s", "3 min 4 s", "1 h 5 min". */
export function useDuration(): (seconds: number) => string {
  const t = useAccountsTexts();
  return (seconds) => {
    const s = Math.round(seconds);
    if (s < 60) return t('accounts.gameUsers.seconds', { n: s });
    if (s < 3600) return t('accounts.gameUsers.minutes', { m: Math.floor(s / 60), s: s % 60 });
    return t('accounts.gameUsers.hours', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
  };
}

export interface DayRange {
  start: string;
  end: string;
}
const dayOf = (s: string) => new Date(`${s}T00:00:00`);

/** A calendar range picker of whole days (both ends; a half-chosen range is not sent). */
export function DayRangePicker({ value, onChange, testId, clearable, label }: { value: DayRange | null; onChange: (r: DayRange | null) => void; testId: string; clearable?: boolean; label: string }) {
  const [dates, setDates] = useState<Array<Date | null> | null>(value ? [dayOf(value.start), dayOf(value.end)] : null);
  // A new value from outside replaces a half-chosen range (adjusted while rendering, not in an effect).
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setDates(value ? [dayOf(value.start), dayOf(value.end)] : null);
  }
  return (
    <label className="accounts-field">
      <span>{label}</span>
      <Calendar
      data-testid={testId}
      inputId={testId}
      value={dates as Date[] | null}
      selectionMode="range"
      readOnlyInput
      showButtonBar={!!clearable}
      dateFormat="yy-mm-dd"
      maxDate={new Date()}
      onChange={(e) => {
        const v = (e.value ?? null) as Array<Date | null> | null;
        setDates(v);
        if (v === null) onChange(null);
        else if (v[0] && v[1]) onChange({ start: formatDate(v[0]), end: formatDate(v[1]) });
      }}
      className="accounts-range"
      placeholder={label}
    />
    </label>
  );
}
