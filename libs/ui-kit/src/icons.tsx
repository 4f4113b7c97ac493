import type { SVGProps } from 'react';

export type IconName =
  | 'home'
  | 'billing'
  | 'channels'
  | 'user'
  | 'settings'
  | 'logout'
  | 'back'
  | 'chevron'
  | 'document'
  | 'check'
  | 'menu'
  | 'message';

// Stroke paths on a 24-unit grid; drawn here so the kit needs no icon package.
const PATHS: Readonly<Record<IconName, string>> = {
  home: 'M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10',
  billing: 'M3 6h18v12H3zM3 10h18M7 15h4',
  channels: 'M4 7h16M4 12h16M4 17h10M18 15l3 2-3 2',
  user: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c0-4 4-6 8-6s8 2 8 6',
  settings: 'M12 15a3 3 0 100-6 3 3 0 000 6zM19 12l2-1-1-3-2 .3-1.5-1.5.3-2-3-1-1 2h-1.6l-1-2-3 1 .3 2L6 7.3 4 7 3 10l2 1v2l-2 1 1 3 2-.3 1.5 1.5-.3 2 3 1 1-2h1.6l1 2 3-1-.3-2 1.5-1.5 2 .3 1-3-2-1z',
  logout: 'M10 5H5v14h5M15 8l4 4-4 4M19 12H9',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M9 6l6 6-6 6',
  document: 'M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6',
  check: 'M5 12l5 5 9-10',
  menu: 'M4 7h16M4 12h16M4 17h16',
  message: 'M4 5h16v11H9l-5 4z',
};

export type IconProps = SVGProps<SVGSVGElement> & { name: IconName; size?: number };

/** A decorative line icon; give the control around it the accessible name. */
export const Icon = ({ name, size = 18, ...props }: IconProps) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    {...props}
  >
    <path d={PATHS[name]} />
  </svg>
);
