import { z } from 'zod';
import { nothing, type Operation } from '../openapi/operation';

/** The sample H5 game's routes (./h5-game.ts): its page and files, its settings and its "game server". */
export const SAMPLE_GAME_OPERATIONS: readonly Operation[] = [
  { method: 'get', path: '/samples/h5-game/', summary: 'The sample H5 game (plays with the tracking SDK)', tag: 'samples', auth: false, data: nothing, answer: { status: '200', description: 'The game page', mediaType: 'text/html' } },
  {
    method: 'get',
    path: '/samples/h5-game/{file}',
    summary: "One of the sample game's files (index.html, game.js, game.css); HTTP 404 for any other",
    tag: 'samples',
    auth: false,
    params: { file: z.enum(['index.html', 'game.js', 'game.css']) },
    data: nothing,
    answer: { status: '200', description: 'The file', mediaType: 'text/plain' },
  },
  {
    method: 'get',
    path: '/samples/h5-game/config.json',
    summary: "The sample game's settings: its tracking app's public key (never the secret)",
    tag: 'samples',
    auth: false,
    data: z.object({ public_key: z.string() }),
  },
  {
    method: 'post',
    path: '/samples/h5-game/purchase',
    summary: "The sample game's server: prices the item and reports the paid order signed with the app's secret",
    tag: 'samples',
    auth: false,
    body: z.object({ distinct_id: z.string().min(1).max(128), item: z.enum(['gems_60', 'gems_300']) }),
    data: z.object({ order_id: z.string(), amount: z.number().int(), currency: z.string(), gems: z.number().int() }),
    notes: '20 purchases per client address and minute (HTTP 429 with Retry-After); HTTP 502 when the order could not be reported.',
  },
];
