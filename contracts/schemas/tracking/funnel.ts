import { z } from 'zod';

/**
 * Funnel analysis (menu data_embed/funnel): GET /api/data_embed/funnel/ and its export.
 * A player enters at their first step-1 event in the range (calendar days in the server's analytics
 * time zone); step n counts when steps 1..n-1 happened in order and every one within window_seconds
 * of the entering event. See docs/tracking.md.
 */

/** Calendar day parameters. */
export const analysisDay = (name: string) =>
  z
    .string({ error: `${name} 必须是 YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} 必须是 YYYY-MM-DD` })
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, { error: `${name} 不是有效的日期` });

/** An integer query parameter within [min, max], with the message every drill-down list uses. */
export const intIn = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} 必须是 ${min} 到 ${max} 的整数` })
    .int({ error: `${name} 必须是 ${min} 到 ${max} 的整数` })
    .min(min, { error: `${name} 必须是 ${min} 到 ${max} 的整数` })
    .max(max, { error: `${name} 必须是 ${min} 到 ${max} 的整数` });

/** A property name (events' property names follow the event identifier rule). */
export const PROPERTY_NAME = /^[a-z][a-z0-9_]{0,63}$/;

export const funnelQuery = z.object({
  funnel: z.coerce.number({ error: 'funnel 必须是漏斗编号' }).int({ error: 'funnel 必须是漏斗编号' }).min(1, { error: 'funnel 必须是漏斗编号' }).max(2_147_483_647, { error: 'funnel 必须是漏斗编号' }),
  start: analysisDay('start'),
  end: analysisDay('end'),
  breakdown: z.string().regex(PROPERTY_NAME, { error: 'breakdown 必须是属性名（小写字母开头，只含小写字母、数字和下划线）' }).optional(),
});
export type FunnelQuery = z.infer<typeof funnelQuery>;

export const funnelStepResult = z.object({
  event: z.string(),
  /** Players who reached this step (in order, within the window). */
  players: z.number().int().min(0),
  /** players / players of step 1 (0..1; 0 when nobody entered). */
  conversion: z.number().min(0).max(1),
  /** players / players of the previous step (0..1; step 1: 1 when anyone entered, else 0). */
  step_conversion: z.number().min(0).max(1),
  /** Median seconds from the previous step's event to this step's; null for step 1 or when nobody reached it. */
  median_seconds: z.number().min(0).nullable(),
});
export type FunnelStepResult = z.infer<typeof funnelStepResult>;

/** The breakdown group key of every value outside the top 10. */
export const BREAKDOWN_OTHER = '__other__';

export const funnelResult = z.object({
  funnel: z.object({ id: z.number().int(), name: z.string(), game: z.number().int(), window_seconds: z.number().int() }),
  start: z.string(),
  end: z.string(),
  steps: z.array(funnelStepResult).min(2),
  /** With ?breakdown=: per value of the property on the entering step-1 event (null: absent), top 10 by players, then '__other__'. */
  breakdown: z
    .array(z.object({ value: z.string().nullable(), steps: z.array(funnelStepResult).min(2) }))
    .optional(),
});
export type FunnelResult = z.infer<typeof funnelResult>;
