import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { SOCKET_CLOSE } from '../../contracts/schemas';
import type { AppContext } from '../context';
import { readToken } from '../auth/tokens';
import { isRevoked } from '../domain/revocation';
import { fail } from '../http/envelope';
import type { ErrorReporter } from '../http/report';
import { CONNECTED_FRAME, UNREAD_FRAME } from './frames';


/** Unread messages of a user; the message center (a later slice) replaces this. */
export type UnreadCounter = (userId: number) => Promise<number>;

/**
 * Socket at api/ws/<token>/ and ws/<token>/. The token is an access or refresh token (upstream checks
 * only the signature). A bad token: the upgrade is accepted and the socket closed at once with 4401
 * 'token_not_valid' (upstream fails the handshake with HTTP 500). Client frames are ignored, except
 * the realtime feed's subscribe/unsubscribe (ws/live-feed.ts).
 */
export function socketRoutes(app: FastifyInstance, ctx: AppContext, report: ErrorReporter, unread: UnreadCounter = async () => 0): void {
  const handler = async (socket: WebSocket, token: string) => {
    // Frames sent by the client are accepted and ignored.
    socket.on('message', () => undefined);
    socket.on('error', () => undefined);
    const refuse = () => socket.close(SOCKET_CLOSE.tokenInvalid, 'token_not_valid');
    try {
      const claims = readToken(token, ctx.jwtSecret);
      if (!claims) return refuse();
      if (claims.token_type === 'refresh' && (await isRevoked(ctx.db, claims.jti))) return refuse();
      // A signed-out, rotated-away or otherwise revoked session opens no socket.
      if (!(await ctx.sessions.active(claims))) return refuse();
      const account = await ctx.users.account(claims.user_id);
      if (!account || !account.is_active) return refuse();
      if (socket.readyState !== socket.OPEN) return;
      ctx.hub.add(account.id, socket, claims.sid);
      // dashboard realtime+monitor: subscribe/unsubscribe frames for the realtime feed.
      socket.on('message', (data) => void ctx.live.feed.onClientFrame(account.id, socket, data).catch((err: unknown) => report(err, 'socket frame')));
      const frame = (await unread(account.id)) > 0 ? UNREAD_FRAME : CONNECTED_FRAME;
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    } catch (err) {
      report(err, 'socket setup failed');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'server_error');
    }
  };
  for (const path of ['/api/ws/:token/', '/ws/:token/']) {
    app.route<{ Params: { token: string } }>({
      method: 'GET',
      url: path,
      // A plain HTTP GET on a socket URL: say what it is instead of an empty 404.
      handler: async (_req, reply) => reply.code(426).header('Upgrade', 'websocket').send(fail('该地址只接受 WebSocket 连接')),
      wsHandler: (socket, req) => {
        void handler(socket, req.params.token);
      },
    });
  }
}
