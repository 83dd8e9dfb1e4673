import CrudView, { type CrudViewProps } from './CrudView';

/**
 * Renders a resource description as a CRUD page (see CrudView). The view with its DataTable is a chunk
 * shared by the page files, which all load on demand (never with the login page); it arrives beside a
 * page's own chunk, so the page renders without a second loading state.
 */
export function CrudPage(props: CrudViewProps) {
  return <CrudView {...props} />;
}
