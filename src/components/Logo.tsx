import { useId } from 'react';

/**
 * The console's mark: a controller-shaped glyph on a rounded square in the primary colour. Each copy
 * names its own gradient (useId, the same in the prerendered page and after hydration): with one
 * shared id, every copy painted the first copy's gradient, and none when that copy was hidden (the
 * sign-in card's logo on a narrow screen, where the brand panel holding the first one is not shown).
 */
export function Logo({ size = 32, className }: { size?: number; className?: string }) {
  const gradient = `console-logo-bg-${useId().replace(/[^\w-]/g, '')}`;
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#66b1ff" />
          <stop offset="1" stopColor="#2b6aab" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M10.5 11h11a5 5 0 0 1 4.9 6l-.9 4.3a2.6 2.6 0 0 1-4.4 1.3L19 20.5h-6l-2.1 2.1a2.6 2.6 0 0 1-4.4-1.3L5.6 17a5 5 0 0 1 4.9-6Z"
        fill="#fff"
      />
      <path d="M11 14.2v4M9 16.2h4" stroke="#337ecc" strokeWidth="1.6" strokeLinecap="round" />
      <circle cx="20.5" cy="15" r="1.2" fill="#337ecc" />
      <circle cx="22.8" cy="17.4" r="1.2" fill="#337ecc" />
    </svg>
  );
}
