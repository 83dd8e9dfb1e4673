import { z } from 'zod';

/** GET /api/system/dept/all_dept/ rows, ordered by sort. */
export const deptNode = z.object({ id: z.number().int(), name: z.string(), parent: z.number().int().nullable() });
export type DeptNode = z.infer<typeof deptNode>;
