import { z } from 'zod';

/** One item of GET /api/system/menu/web_router/ (a flat list; the client builds the tree). */
export const menuItem = z.object({
  id: z.number().int(),
  parent: z.number().int().nullable(),
  icon: z.string().nullable(),
  sort: z.number().int().nullable(),
  path: z.string().nullable(),
  name: z.string(),
  title: z.string(),
  is_link: z.boolean(),
  is_catalog: z.boolean(),
  web_path: z.string().nullable(),
  component: z.string().nullable(),
  component_name: z.string().nullable(),
  cache: z.boolean(),
  visible: z.boolean(),
  menuPermission: z.array(z.string()).nullable(),
  frame_out: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItem>;
