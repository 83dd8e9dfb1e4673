/**
 * Today's calendar day in `timeZone`, as a Date at local midnight of that day (what the screens'
 * default ranges and date pickers read). The server counts analytics days in its ANALYTICS_TZ, so a
 * browser elsewhere must still default to the server's today: at 20:00 UTC it is already tomorrow in
 * Shanghai, and a range ending on the browser's date would leave out the day that has begun there.
 */
export function dayIn(timeZone: string, now: Date = new Date()): Date {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return new Date(part('year'), part('month') - 1, part('day'));
}

/** Whether the browser knows `timeZone` (an IANA name such as Asia/Shanghai or UTC). */
export function knownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
