import { z } from 'zod';
import { auditRow } from '../system/common';

/** GET /api/common/partner/ rows: the co-operators games belong to (read-only here; managed by the cooperate area). */
export const partnerRow = z.object({
  ...auditRow,
  name: z.string(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.boolean(),
  game_count: z.number().int(),
});
export type PartnerRow = z.infer<typeof partnerRow>;
