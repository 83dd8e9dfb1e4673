import { progressColor } from './colors';

const COLORS = { red: '#f56c6c', orange: '#e6a23c', green: '#67c23a' } as const;

/** Progress cell: a bar and the percentage, red ≤ 50, orange 50–80, green ≥ 80 (spec §4). */
export function ProgressCell({ value }: { value: unknown }) {
  const percent = Math.max(0, Math.min(100, Number(value) || 0));
  const color = progressColor(percent);
  return (
    <span className="cell-progress" data-testid="progress-cell" data-color={color}>
      <span className="cell-progress-track">
        <span className="cell-progress-bar" style={{ width: `${percent}%`, background: COLORS[color] }} />
      </span>
      <span className="cell-progress-text">{percent}%</span>
    </span>
  );
}
