import { z } from 'zod';
import {
  batchCodesQuery,
  batchInput,
  batchRow,
  batchUpdateInput,
  gameDetail,
  gameRow,
  GAME_INPUTS,
  GAME_KINDS,
  giftCodeRow,
  h5Preview,
  listPage,
  lookupQuery,
  lookupResult,
  multipleDeleteRequest,
  partnerRow,
  previewQuery,
  purposeUpload,
  redeemInput,
  redeemResult,
  releaseInput,
  releaseRow,
  releaseUpdateInput,
  revealedSecret,
  sharedAccountInput,
  sharedAccountRow,
  tagInput,
  tagRow,
  uploadLimits,
} from '../../../contracts/schemas';
import type { Operation } from '../../openapi/document';

/** Paging, ordering and search of every catalogue list, plus the list's own filters. */
const listQuery = (filters: Record<string, z.ZodType> = {}) =>
  z.object({
    page: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(999).optional(),
    ordering: z.string().optional().describe("Field name, '-' for descending, comma-separated"),
    search: z.string().optional(),
    ...filters,
  });

const GAME_FILTERS = {
  status: z.enum(['developing', 'testing', 'online', 'offline']).optional(),
  partner: z.coerce.number().int().optional(),
  tag: z.string().optional().describe('Tag ids, comma-separated: games carrying any of them'),
  name: z.string().optional(),
};

const deleted = z.array(z.never());

/** The standard routes of one catalogue resource (list, create, read, update, delete, multiple_delete). */
function resource(base: string, tag: string, title: string, row: z.ZodType, create: z.ZodType | null, update: z.ZodType | null, filters: Record<string, z.ZodType> = {}): Operation[] {
  const ops: Operation[] = [
    { method: 'get', path: base, summary: `${title}: list`, tag, auth: true, query: listQuery(filters), data: listPage(row) },
    { method: 'get', path: `${base}{id}/`, summary: `${title}: one`, tag, auth: true, pathId: true, data: row },
  ];
  if (create) ops.push({ method: 'post', path: base, summary: `${title}: create`, tag, auth: true, body: create, data: row });
  if (update) {
    ops.push(
      { method: 'put', path: `${base}{id}/`, summary: `${title}: update (PATCH for a partial update)`, tag, auth: true, pathId: true, body: update, data: row },
      { method: 'delete', path: `${base}{id}/`, summary: `${title}: delete`, tag, auth: true, pathId: true, data: deleted },
      { method: 'delete', path: `${base}multiple_delete/`, summary: `${title}: delete several (all or none)`, tag, auth: true, body: multipleDeleteRequest, data: deleted },
    );
  }
  return ops;
}

/** The game catalogue's routes (issue 14) for the OpenAPI document. */
export const CATALOGUE_OPERATIONS: readonly Operation[] = [
  ...GAME_KINDS.flatMap((kind) => resource(`/api/game/${kind}/`, 'game', `Games (${kind})`, gameRow, GAME_INPUTS[kind], GAME_INPUTS[kind], GAME_FILTERS)),
  { method: 'get', path: '/api/game/detail/', summary: 'Games of every kind (the pickers of the release, batch and account forms)', tag: 'game', auth: true, query: listQuery({ ...GAME_FILTERS, kind: z.enum(GAME_KINDS).optional(), ids: z.string().optional() }), data: listPage(gameRow) },
  { method: 'get', path: '/api/game/detail/{id}/', summary: 'One game of any kind with its detail tabs (current release, channels, codes, summary)', tag: 'game', auth: true, pathId: true, data: gameDetail },
  { method: 'get', path: '/api/game/query/', summary: 'Cross-game lookup by any identifier', tag: 'game', auth: true, query: lookupQuery, data: lookupResult },
  {
    method: 'get',
    path: '/api/game/h5/preview/',
    summary: 'What /preview shows of an H5 game (open, no token)',
    tag: 'game',
    auth: false,
    query: previewQuery,
    data: h5Preview,
    notes: 'An unknown code answers code 404 with a message. The same answer with the code in the path: GET /api/game/h5/preview/<code>/ (what the console calls).',
  },
  ...resource('/api/game/history/', 'releases', 'Releases', releaseRow, releaseInput, releaseUpdateInput, {
    game: z.coerce.number().int().optional(),
    status: z.enum(['draft', 'published', 'rolled_back']).optional(),
    channel: z.string().optional(),
  }),
  { method: 'put', path: '/api/game/history/{id}/publish/', summary: 'Publish: the release becomes its game\'s current version', tag: 'releases', auth: true, pathId: true, data: releaseRow },
  { method: 'put', path: '/api/game/history/{id}/rollback/', summary: 'Roll the game back to this earlier (published) release', tag: 'releases', auth: true, pathId: true, data: releaseRow },
  {
    method: 'post',
    path: '/api/game/upload/icon/',
    summary: 'Upload a game icon (multipart field `file`)',
    tag: 'releases',
    auth: true,
    multipart: true,
    data: purposeUpload,
    notes: 'Size and SHA-256 are computed by the server; the largest size comes from the configuration (ICON_MAX_MB; GET /api/game/upload/limits/).',
  },
  {
    method: 'post',
    path: '/api/game/upload/package/',
    summary: 'Upload a release package (multipart field `file`)',
    tag: 'releases',
    auth: true,
    multipart: true,
    data: purposeUpload,
    notes: 'Size and SHA-256 are computed by the server; the largest size comes from the configuration (PACKAGE_MAX_MB; GET /api/game/upload/limits/).',
  },
  { method: 'get', path: '/api/game/upload/limits/', summary: 'Accepted extensions and largest size per upload purpose', tag: 'releases', auth: true, data: uploadLimits },
  ...resource('/api/game/code/', 'gift codes', 'Gift-code batches', batchRow, batchInput, batchUpdateInput, { game: z.coerce.number().int().optional(), status: z.enum(['active', 'void']).optional() }),
  { method: 'get', path: '/api/game/code/{id}/codes/', summary: 'The codes of a batch (code, status, player, redeem_time)', tag: 'gift codes', auth: true, pathId: true, query: batchCodesQuery, data: listPage(giftCodeRow) },
  {
    method: 'get',
    path: '/api/game/code/{id}/export_codes/',
    summary: 'The codes of a batch as an xlsx file',
    tag: 'gift codes',
    auth: true,
    pathId: true,
    data: z.null(),
    notes: 'Answers the file (Content-Disposition names it); failures are the envelope.',
  },
  { method: 'put', path: '/api/game/code/{id}/void/', summary: 'Void a batch: its unredeemed codes can no longer be redeemed', tag: 'gift codes', auth: true, pathId: true, data: batchRow },
  {
    method: 'post',
    path: '/api/game/code/redeem/',
    summary: 'Redeem a code for a player (game servers)',
    tag: 'gift codes',
    auth: true,
    body: redeemInput,
    data: redeemResult,
    notes: 'Exactly one success per code, also under concurrent calls; later attempts, unknown, voided, expired or not yet valid codes answer code 4000 with the reason.',
  },
  ...resource('/api/common/account/', 'common', 'Shared accounts', sharedAccountRow, sharedAccountInput, sharedAccountInput, {
    provider: z.string().optional(),
    provider_type: z.enum(['store', 'ads', 'payment']).optional(),
    game: z.string().optional(),
  }),
  {
    method: 'post',
    path: '/api/common/account/{id}/reveal/',
    summary: 'The stored secret in clear (own button; written to the operation log without the secret)',
    tag: 'common',
    auth: true,
    pathId: true,
    data: revealedSecret,
  },
  ...resource('/api/common/tag/', 'common', 'Tags', tagRow, tagInput, tagInput, { name: z.string().optional() }),
  { method: 'get', path: '/api/common/partner/', summary: 'Partners (co-operators) the game forms choose from', tag: 'common', auth: true, query: listQuery({ name: z.string().optional() }), data: listPage(partnerRow) },
];
