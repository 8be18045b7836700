import { type ButtonHTMLAttributes, memo } from 'react';
/** Small stroke icons, inline so the first paint needs no icon font or extra request. */
const paths = {
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  lock: 'M6 11h12v9H6zM8 11V7a4 4 0 0 1 8 0v4',
  unlock: 'M6 11h12v9H6zM8 11V7a4 4 0 0 1 7.5-2',
  remove: 'M6 6l12 12M18 6L6 18',
  drag: 'M9 4v16M15 4v16',
  expand: 'M6 9l6 6 6-6',
  collapse: 'M6 15l6-6 6 6',
  save: 'M5 4h11l3 3v13H5zM8 4v5h7V4M8 20v-6h8v6',
  saved: 'M4 6h16M4 12h16M4 18h10',
  image: 'M4 5h16v14H4zM4 16l5-5 4 4 3-3 4 4M15 9h.01',
  add: 'M12 5v14M5 12h14',
  share:
    'M18 8a3 3 0 1 0-3-3M6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  generate: 'M4 12a8 8 0 0 1 14-5.3L20 9M20 4v5h-5M20 12a8 8 0 0 1-14 5.3L4 15M4 20v-5h5',
  undo: 'M9 14L4 9l5-5M4 9h10a6 6 0 0 1 0 12h-3',
  redo: 'M15 14l5-5-5-5M20 9H10a6 6 0 0 0 0 12h3',
  unlockAll: 'M6 11h12v9H6zM8 11V7a4 4 0 0 1 7.5-2M12 14v3',
} as const;

export type IconName = keyof typeof paths;

/** Memoised: a strip re-renders with each new colour, its five icons stay as they were. */
export const Icon = memo(function Icon({ name }: { name: IconName }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name]} />
    </svg>
  );
});

/** A button led by an icon: its name comes from `aria-label`, or from the text in `children`. */
export function IconButton({
  icon,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon: IconName }) {
  return (
    <button type="button" {...button}>
      <Icon name={icon} />
      {children}
    </button>
  );
}
