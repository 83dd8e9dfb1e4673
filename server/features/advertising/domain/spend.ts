import { AD_MAX_AMOUNT, REPORT_CURRENCY, type SpendInput, type SpendResult } from '../../../../contracts/schemas';
import type { Db, Queryable } from '../../../db/db';
import { CrudError } from '../../../domain/crud/spec';
import { readXlsxBounded, XlsxError } from '../../../domain/crud/xlsx';
import { exact } from '../../../domain/analytics/revenue';

/**
 * Daily spend of a campaign (CNY fen per calendar day). Entered as JSON (PUT …/{id}/spend/) or
 * imported from an xlsx sheet (日期, 花费（元）): every day within the campaign's period; a day
 * written again replaces its amount. All days of one call are written or none.
 */

interface CampaignPeriod {
  id: number;
  start_date: string;
  end_date: string;
}

async function period(tx: Queryable, campaign: number): Promise<CampaignPeriod> {
  const c = (await tx.query<CampaignPeriod>("SELECT id, to_char(start_date, 'YYYY-MM-DD') AS start_date, to_char(end_date, 'YYYY-MM-DD') AS end_date FROM ad_campaigns WHERE id = $1", [campaign]))[0];
  if (!c) throw new CrudError(`广告计划 ${campaign} 不存在。`);
  return c;
}

export async function getSpend(db: Queryable, campaign: number): Promise<SpendResult> {
  await period(db, campaign);
  const rows = await db.query<{ day: string; amount: string }>("SELECT to_char(day, 'YYYY-MM-DD') AS day, amount::text AS amount FROM ad_spend WHERE campaign = $1 ORDER BY day", [campaign]);
  const days = rows.map((r) => ({ day: r.day, amount: exact(r.amount) }));
  return { campaign, currency: REPORT_CURRENCY, total: days.reduce((n, d) => n + d.amount, 0), days };
}

export async function setSpend(db: Db, campaign: number, input: SpendInput): Promise<SpendResult> {
  return db.transaction(async (tx) => {
    const c = await period(tx, campaign);
    // Lock the campaign row: two writers of one campaign queue instead of interleaving.
    await tx.query('SELECT 1 FROM ad_campaigns WHERE id = $1 FOR UPDATE', [campaign]);
    const outside = input.days.find((d) => d.day < c.start_date || d.day > c.end_date);
    if (outside) throw new CrudError(`日期:${outside.day} 不在投放期 ${c.start_date} ~ ${c.end_date} 内。`);
    await tx.query(
      `INSERT INTO ad_spend (campaign, day, amount)
       SELECT $1, d, a FROM unnest($2::date[], $3::bigint[]) AS u(d, a)
       ON CONFLICT (campaign, day) DO UPDATE SET amount = excluded.amount, update_datetime = now()`,
      [campaign, input.days.map((d) => d.day), input.days.map((d) => String(d.amount))],
    );
    return getSpend(tx, campaign);
  });
}

/** Excel's day number (1900 date system) → YYYY-MM-DD. */
function excelDay(n: number): string {
  return new Date(Date.UTC(1899, 11, 30) + n * 86_400_000).toISOString().slice(0, 10);
}

/** A yuan amount (text or a number cell) → fen, exactly; at most 2 decimals. */
export function yuanToFen(text: string): number | null {
  const t = text.trim().replace(/[,，]/g, '');
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(t);
  if (m) return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  // A number cell written by a spreadsheet may carry binary noise (12.300000000000001): within 1e-6 of whole fen.
  if (/^\d{1,13}\.\d+$/.test(t)) {
    const fen = Number(t) * 100;
    const whole = Math.round(fen);
    if (Math.abs(fen - whole) < 1e-6) return whole;
  }
  return null;
}

function dayOfCell(text: string): string | null {
  const t = text.trim();
  if (/^\d{4,5}$/.test(t)) return excelDay(Number(t));
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(t);
  if (!m) return null;
  const d = `${m[1]}-${m[2]?.padStart(2, '0')}-${m[3]?.padStart(2, '0')}`;
  const parsed = new Date(`${d}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d ? d : null;
}

/** Parses an uploaded spend sheet: header row, then 日期 | 花费（元）. Every bad row → code 4000 with data [{row, msg}], nothing written. */
export async function parseSpendSheet(buf: Buffer): Promise<SpendInput> {
  let rows: string[][];
  try {
    rows = await readXlsxBounded(buf, { inflatedBytes: 4 * 1024 * 1024, rows: 367, columns: 8 });
  } catch (err) {
    if (err instanceof XlsxError) throw new CrudError(err.message);
    throw err;
  }
  const problems: Array<{ row: number; msg: string }> = [];
  const days: SpendInput['days'] = [];
  const seen = new Set<string>();
  rows.forEach((cells, i) => {
    if (i === 0) return;
    const [dayText = '', amountText = ''] = cells;
    if (dayText.trim() === '' && amountText.trim() === '') return;
    const day = dayOfCell(dayText);
    const fen = yuanToFen(amountText);
    if (day === null) problems.push({ row: i + 1, msg: `日期:${dayText.slice(0, 20)} 不是有效的日期（YYYY-MM-DD）。` });
    else if (seen.has(day)) problems.push({ row: i + 1, msg: `日期:${day} 重复。` });
    else if (fen === null) problems.push({ row: i + 1, msg: `花费:${amountText.slice(0, 20)} 不是有效的金额（元，最多两位小数，不能为负）。` });
    else if (fen > AD_MAX_AMOUNT) problems.push({ row: i + 1, msg: '花费:超出上限。' });
    else {
      seen.add(day);
      days.push({ day, amount: fen });
    }
  });
  if (problems.length > 0) throw new CrudError(`导入失败：${problems.length} 行有误，未写入任何数据。`, 4000, problems.slice(0, 100));
  if (days.length === 0) throw new CrudError('表格没有数据行（表头：日期、花费（元））。');
  return { days };
}
