import { lazy, Suspense } from 'react';
import { PageLoading } from '../PageLoading';
import type { CrudViewProps } from './CrudView';

/** The CRUD view with its DataTable loads in its own chunk (never with the login page). */
const CrudView = lazy(() => import('./CrudView'));

/** Renders a resource description as a CRUD page (see CrudView). */
export function CrudPage(props: CrudViewProps) {
  return (
    <Suspense fallback={<PageLoading />}>
      <CrudView {...props} />
    </Suspense>
  );
}
