import type { ConsolePlugin } from '../types';

/** Tenant mode (spec §2.4): the header shows the tenant name from user info (tenant_name). */
const tenant: ConsolePlugin = { name: 'tenant', tenantMode: true };

export default tenant;
