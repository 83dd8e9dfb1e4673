import { z } from 'zod';

/** A frame the server pushes on the socket (API-CONTRACT §12). */
export const socketFrame = z.object({
  sender: z.string().optional(),
  contentType: z.string().optional(),
  content: z.string().optional(),
  refresh_unread: z.boolean().optional(),
  refreshUnread: z.boolean().optional(),
  systemConfig: z.boolean().optional(),
});
export type SocketFrame = z.infer<typeof socketFrame>;

/** Close codes the reference server uses when it refuses a socket (the real back end fails with HTTP 500 instead). */
export const SOCKET_CLOSE = { tokenInvalid: 4401 } as const;
