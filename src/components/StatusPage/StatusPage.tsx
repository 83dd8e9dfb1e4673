import { Link } from 'wouter';
import { INDEX_PATH } from '../../config';
import './status-page.css';

export interface StatusPageProps {
  /** The big figure ('404', '403'). */
  code: string;
  title: string;
  text: string;
  /** Label of the link back to the index page. */
  back: string;
  /** 'refusal' (403) is drawn warm; 'missing' (404) blue. */
  tone: 'missing' | 'refusal';
  testId: string;
  backTestId?: string;
}

/** A full-page status (404, 403): the figure, a title, one sentence and the way back to /index. */
export function StatusPage({ code, title, text, back, tone, testId, backTestId }: StatusPageProps) {
  return (
    <div className={`status-page${tone === 'refusal' ? ' is-refusal' : ''}`} data-testid={testId}>
      <div className="status-page-code" aria-hidden="true">
        {code}
      </div>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link href={INDEX_PATH} className="status-page-back" data-testid={backTestId}>
        <i className="pi pi-home" aria-hidden="true" />
        {back}
      </Link>
    </div>
  );
}
