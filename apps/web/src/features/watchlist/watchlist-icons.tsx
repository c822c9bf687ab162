import type { ReactNode } from 'react';

/** The watchlist toolbar's line icons, drawn in currentColor like components/icons. */
function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Icon filled={filled}>
    <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
  </Icon>
);
export const PlusIcon = () => (
  <Icon>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);
export const MinusIcon = () => (
  <Icon>
    <path d="M5 12h14" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);
export const FilterIcon = () => (
  <Icon>
    <path d="M4 5h16l-6 7v6l-4 2v-8z" />
  </Icon>
);
export const EditIcon = () => (
  <Icon>
    <path d="M4 20h4L19 9l-4-4L4 16zM14 6l4 4" />
  </Icon>
);
/** The chart icon is shared with the top gainers and losers. */
export { ChartIcon } from '../../components/icons/icons.tsx';
export const AddListIcon = () => (
  <Icon>
    <path d="M4 6h10M4 12h10M4 18h6M18 14v6M15 17h6" />
  </Icon>
);
