/**
 * A tag wearing PrimeReact's theme classes without its React component: a page of 100 rows holds
 * hundreds of tags, and PrimeReact's per-component runtime (pass-through props, style hooks) costs
 * far more than the markup.
 */
export function LightTag({ value, severity, testId, type }: { value: string; severity?: 'success' | 'danger' | 'warning' | 'info'; testId?: string; type?: string }) {
  return (
    <span className={`p-tag p-component cell-tag${severity ? ` p-tag-${severity}` : ''}`} data-testid={testId} data-type={type}>
      <span className="p-tag-value">{value}</span>
    </span>
  );
}
