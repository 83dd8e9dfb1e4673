import { useTranslation } from 'react-i18next';
import type { LoginDay } from '../../stores/types';

const WIDTH = 420;
const HEIGHT = 250;
const PAD = { top: 24, right: 12, bottom: 32, left: 36 };

/** The y axis: whole, round steps (1, 2 or 5 × 10^n), at most 4 of them, covering the largest value. */
export function axisTicks(largest: number): number[] {
  const rough = Math.max(largest, 4) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const top = Math.ceil(Math.max(largest, 4) / step) * step;
  const ticks: number[] = [];
  for (let tick = 0; tick <= top; tick += step) ticks.push(tick);
  return ticks;
}

/** Sign-ins per day as an SVG bar chart; '-' when the call failed. */
export function LoginChart({ days }: { days: LoginDay[] | null }) {
  const { t } = useTranslation();
  if (days === null) return <div className="chart-empty">{t('app.unavailable')}</div>;
  if (days.length === 0) return <div className="chart-empty">{t('dashboard.trendEmpty')}</div>;

  const ticks = axisTicks(Math.max(...days.map((d) => d.count)));
  const max = ticks[ticks.length - 1] ?? 1;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / days.length;
  const barW = Math.min(32, slot * 0.56);
  return (
    <svg className="login-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('dashboard.trendTitle')} data-testid="login-chart">
      {ticks.map((tick) => {
        const y = PAD.top + plotH - (tick / max) * plotH;
        return (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} className="login-chart-grid" />
            <text x={PAD.left - 8} y={y + 4} textAnchor="end" className="login-chart-axis">
              {tick}
            </text>
          </g>
        );
      })}
      {days.map((day, i) => {
        const h = (day.count / max) * plotH;
        const x = PAD.left + slot * i + (slot - barW) / 2;
        const y = PAD.top + plotH - h;
        const label = day.day.length >= 10 ? day.day.slice(5, 10) : day.day;
        return (
          <g key={day.day} data-testid="login-chart-bar">
            <title>{t('dashboard.trendBar', { day: day.day, count: day.count })}</title>
            <rect x={x} y={y} width={barW} height={Math.max(h, day.count > 0 ? 2 : 0)} rx={4} className="login-chart-bar" />
            <text x={x + barW / 2} y={y - 6} textAnchor="middle" className="login-chart-value">
              {day.count}
            </text>
            <text x={x + barW / 2} y={HEIGHT - 10} textAnchor="middle" className="login-chart-axis">
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
