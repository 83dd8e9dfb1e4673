import { z } from 'zod';
import { importByUrlInput, importResult, listPage, multipleDeleteRequest } from '../../contracts/schemas';

/**
 * What the OpenAPI document says of one route: which contract schema goes with its query, body and
 * answer. The areas' lists (server/features/<area>/openapi*) are made of these; server/openapi/document.ts
 * turns them into the document with z.toJSONSchema. This module names no area, so the lists and the
 * document both import it and neither imports the other's importer.
 */

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Operation {
  method: Method;
  /** OpenAPI path template: `{id}` for a row id (a positive integer), `{name}` for other parameters. */
  path: string;
  summary: string;
  tag: string;
  /** Needs `Authorization: JWT <access>` (optional: with or without). */
  auth: boolean | 'optional';
  query?: z.ZodObject;
  /** Path parameters other than `id` (a string when not named here). */
  params?: Record<string, z.ZodType>;
  body?: z.ZodType;
  /** multipart/form-data with the file in field `file`. */
  multipart?: boolean;
  /** The `data` of the success envelope. */
  data: z.ZodType;
  /** A success answers a file of this media type (failures are still the envelope). */
  file?: string;
  /** A success that is not the envelope at all (probes, metrics, sockets). */
  answer?: { status: string; description: string; mediaType?: string; schema?: z.ZodType };
  notes?: string;
}

/** `data: null` answers. */
export const nothing = z.null();

/** What a delete answers: `data: []`. */
export const deleted = z.array(z.never());

/** Paging, ordering and search of a resource list (django-filter style), plus the list's own filters. */
export const listQuery = (filters: Record<string, z.ZodType> = {}) =>
  z.object({
    page: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(999).optional(),
    ordering: z.string().optional().describe("Field name, '-' for descending, comma-separated"),
    search: z.string().optional(),
    ids: z.string().optional().describe('Row ids, comma-separated'),
    create_datetime_after: z.string().optional().describe('yyyy-MM-dd: created on or after that day'),
    create_datetime_before: z.string().optional().describe('yyyy-MM-dd: created on or before that day'),
    ...filters,
  });

export interface ResourceOptions {
  tag: string;
  /** The resource's name in summaries, e.g. 'Tags'. */
  title: string;
  row: z.ZodType;
  /** The create body; absent for a resource without POST. */
  create?: z.ZodType | null;
  /** The update body (PUT, and PATCH with any subset); absent for a read-only resource. */
  update?: z.ZodType | null;
  /** The list's own filters, added to paging, ordering and search. */
  filters?: Record<string, z.ZodType>;
  /** Replaces the standard list query. */
  query?: z.ZodObject;
  /** DELETE (one and several) on a resource without update. */
  deletable?: boolean;
  /** The xlsx routes: export_data only (default), export_data with import_data and update_template, or none. */
  sheets?: 'export' | 'import' | 'none';
  notes?: string;
}

/**
 * The routes one declarative resource registers (http/crud-routes.ts registerResource): list, one,
 * create, update (PUT and PATCH), delete, multiple_delete and the xlsx sheets.
 */
export function resourceOperations(base: string, o: ResourceOptions): Operation[] {
  const { tag, title, row, notes } = o;
  const common = { tag, auth: true, ...(notes ? { notes } : {}) };
  const ops: Operation[] = [
    { method: 'get', path: base, summary: `${title}: list`, ...common, query: o.query ?? listQuery(o.filters), data: listPage(row) },
    { method: 'get', path: `${base}{id}/`, summary: `${title}: one`, ...common, data: row },
  ];
  if (o.create) ops.push({ method: 'post', path: base, summary: `${title}: create`, ...common, body: o.create, data: row });
  if (o.update) {
    ops.push(
      { method: 'put', path: `${base}{id}/`, summary: `${title}: update`, ...common, body: o.update, data: row },
      { method: 'patch', path: `${base}{id}/`, summary: `${title}: update the fields sent`, ...common, body: partial(o.update), data: row },
    );
  }
  if (o.update || o.deletable) {
    ops.push(
      { method: 'delete', path: `${base}{id}/`, summary: `${title}: delete`, ...common, data: deleted },
      { method: 'delete', path: `${base}multiple_delete/`, summary: `${title}: delete several (all or none)`, ...common, body: multipleDeleteRequest, data: deleted },
    );
  }
  const sheets = o.sheets ?? 'export';
  if (sheets !== 'none') {
    ops.push({ method: 'get', path: `${base}export_data/`, summary: `${title}: the list as an xlsx file (the list's filters)`, ...common, query: o.query ?? listQuery(o.filters), data: nothing, file: XLSX });
  }
  if (sheets === 'import') ops.push(...importOperations(base, title, tag));
  return ops;
}

/** import_data (template, upload) and update_template of a resource with xlsx import. */
export function importOperations(base: string, title: string, tag: string): Operation[] {
  return [
    { method: 'get', path: `${base}import_data/`, summary: `${title}: the empty import template (xlsx)`, tag, auth: true, data: nothing, file: XLSX },
    { method: 'get', path: `${base}update_template/`, summary: `${title}: the rows as an import sheet to edit and import again (xlsx)`, tag, auth: true, data: nothing, file: XLSX },
    {
      method: 'post',
      path: `${base}import_data/`,
      summary: `${title}: import an xlsx sheet (multipart field \`file\`, or JSON {url} of a file under /media/)`,
      tag,
      auth: true,
      multipart: true,
      body: importByUrlInput,
      data: importResult,
      notes: 'Bad rows: code 4000 with data [{row, msg}], nothing written.',
    },
  ];
}

/** The PATCH body: the update body with every field optional. */
function partial(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodObject)) return schema;
  try {
    return schema.partial();
  } catch {
    // An object with refinements cannot be made partial: PATCH is documented with the PUT body.
    return schema;
  }
}
