import { Icon } from '../../components/icons/icons.tsx';

/** The chart toolbar's line icons, drawn like components/icons (16 px, currentColor). */
const size = { width: '16', height: '16' } as const;

export const CrosshairIcon = () => (
  <Icon {...size}>
    <circle cx="12" cy="12" r="7" />
    <path d="M12 2v6M12 16v6M2 12h6M16 12h6" />
  </Icon>
);
export const CandlesIcon = () => (
  <Icon {...size}>
    <path d="M7 3v4M7 15v6M17 5v3M17 17v3" />
    <rect x="5" y="7" width="4" height="8" rx="0.5" />
    <rect x="15" y="8" width="4" height="9" rx="0.5" />
  </Icon>
);
export const LineChartIcon = () => (
  <Icon {...size}>
    <path d="M3 17l5-6 4 4 8-9" />
  </Icon>
);
export const StudiesIcon = () => (
  <Icon {...size}>
    <path d="M3 18c3 0 4-12 7-12s3 8 5 8 3-4 6-4" />
  </Icon>
);
export const CompareIcon = () => (
  <Icon {...size}>
    <path d="M3 16l5-5 4 3 8-8" />
    <path d="M3 20h18" />
    <path d="M17 6h3v3" />
  </Icon>
);
export const DrawIcon = () => (
  <Icon {...size}>
    <path d="M4 20l4-1 11-11a2 2 0 0 0-3-3L5 16l-1 4z" />
  </Icon>
);
export const ShareIcon = () => (
  <Icon {...size}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </Icon>
);
export const HorizontalLineIcon = () => (
  <Icon {...size}>
    <path d="M3 12h18" />
    <circle cx="12" cy="12" r="1.5" />
  </Icon>
);
export const TrendLineIcon = () => (
  <Icon {...size}>
    <path d="M5 19L19 5" />
    <circle cx="5" cy="19" r="1.5" />
    <circle cx="19" cy="5" r="1.5" />
  </Icon>
);
export const TrashIcon = () => (
  <Icon {...size}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);
export const SettingsIcon = () => (
  <Icon width="13" height="13">
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1" />
  </Icon>
);
export const RemoveIcon = () => (
  <Icon width="13" height="13">
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);
