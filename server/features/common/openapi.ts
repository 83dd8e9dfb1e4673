import { z } from 'zod';
import { listPage, partnerRow, revealedSecret, sharedAccountInput, sharedAccountRow, tagInput, tagRow } from '../../../contracts/schemas';
import { listQuery, resourceOperations, type Operation } from '../../openapi/operation';

const tag = 'common';

/** The shared catalogue parts the game forms use: store/ads/payment accounts, tags, partners. */
export const COMMON_OPERATIONS: readonly Operation[] = [
  ...resourceOperations('/api/common/account/', {
    tag,
    title: 'Shared accounts',
    row: sharedAccountRow,
    create: sharedAccountInput,
    update: sharedAccountInput,
    filters: { provider: z.string().optional(), provider_type: z.enum(['store', 'ads', 'payment']).optional(), game: z.string().optional() },
  }),
  {
    method: 'post',
    path: '/api/common/account/{id}/reveal/',
    summary: 'The stored secret in clear (own button; written to the operation log without the secret)',
    tag,
    auth: true,
    data: revealedSecret,
  },
  ...resourceOperations('/api/common/tag/', { tag, title: 'Tags', row: tagRow, create: tagInput, update: tagInput, filters: { name: z.string().optional() } }),
  { method: 'get', path: '/api/common/partner/', summary: 'Partners (co-operators) the game forms choose from', tag, auth: true, query: listQuery({ name: z.string().optional() }), data: listPage(partnerRow) },
];
