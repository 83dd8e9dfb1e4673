import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { CrudResource } from '../../../domain/crud/resource';
import { areaSpec } from '../resources/area';
import { deptSpec } from '../resources/dept';
import { dictionarySpec } from '../resources/dictionary';
import { fileListSpec } from '../resources/file';
import { loginLogSpec } from '../resources/login-log';
import { menuSpec } from '../resources/menu';
import { menuButtonSpec } from '../resources/menu-button';
import { operationLogSpec } from '../resources/operation-log';
import { RoleViews, roleSpec } from '../resources/role';
import { systemConfigSpec } from '../resources/system-config';
import { userSpec } from '../resources/user';
import { apiWhiteListSpec } from '../resources/white-list';
import { IMPORT_MAX_BYTES, registerResource } from '../../../http/crud-routes';
import { accountActions } from './account-actions';
import { configActions } from './config-actions';

/**
 * The system administration endpoints (API-CONTRACT §14): one declarative resource each, plus the
 * extra actions. Registered in their own plugin so the multipart parser for imports (@fastify/multipart) stays local.
 */
export async function systemAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    // Imports upload their sheet as multipart/form-data (read in crud-routes.ts importFile).
    await scope.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 5, fields: 20, parts: 25 } });

    // List pages stay in memory until the database changes, where this process is its only writer.
    const options = { cacheLists: ctx.db.kind === 'pglite' };
    const specs = [
      deptSpec(),
      userSpec(new RoleViews(ctx.db)),
      roleSpec(),
      menuSpec(),
      menuButtonSpec(),
      dictionarySpec(),
      systemConfigSpec(ctx),
      apiWhiteListSpec(),
      areaSpec(),
      loginLogSpec(),
      operationLogSpec(),
    ];
    const resources = specs.map((spec) => new CrudResource(spec, ctx.db, options));
    // Extra actions first: their static paths must exist before anything else claims them.
    accountActions(scope, ctx);
    configActions(scope, ctx);
    for (const r of resources) {
      registerResource(scope, ctx, r, { readOnly: r.spec.readOnly, deletable: r.spec.deletable });
    }
    // The file list: upload (POST) belongs to the files module; list, read, rename and delete are here
    // unless that module already serves them. multiple_delete and export_data are always here.
    const files = new CrudResource(fileListSpec(), ctx.db, options);
    if (!app.hasRoute({ method: 'GET', url: '/api/system/file/' }) && !scope.hasRoute({ method: 'GET', url: '/api/system/file/' })) {
      registerResource(scope, ctx, files, { readOnly: false });
    } else {
      registerResource(scope, ctx, files, { rowsElsewhere: true, readOnly: true, deletable: true });
    }
  });
}
