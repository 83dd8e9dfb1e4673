import { useRouter } from 'wouter';

/**
 * The query string as the address has it, without the '?', percent-encoding kept. wouter's
 * `useSearch()` runs it through decodeURI (`q=a%20b` → `q=a b`), which changes the full path the
 * guard puts in the login redirect and the tabs are keyed by; the console reads the query here.
 */
export function useRawSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search.startsWith('?') ? search.slice(1) : search;
}
