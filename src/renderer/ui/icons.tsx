import type { ReactElement, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 20, children, ...rest }: IconProps & { children: ReactElement | ReactElement[] }) {
  return (
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
      {...rest}
    >
      {children}
    </svg>
  );
}

export const Icons = {
  devices: (p: IconProps) => (
    <Svg {...p}>
      <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </Svg>
  ),
  run: (p: IconProps) => (
    <Svg {...p}>
      <path d="M7 4.5v15l12-7.5z" />
    </Svg>
  ),
  history: (p: IconProps) => (
    <Svg {...p}>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3.5 4v4h4" />
      <path d="M12 7.5V12l3 2" />
    </Svg>
  ),
  memory: (p: IconProps) => (
    <Svg {...p}>
      <path d="M9 4.5a3 3 0 0 0-3 3v.5a3 3 0 0 0-2 2.8 3 3 0 0 0 1.5 2.6A3 3 0 0 0 8 18a3 3 0 0 0 4 1.3V5.2A3 3 0 0 0 9 4.5z" />
      <path d="M15 4.5a3 3 0 0 1 3 3v.5a3 3 0 0 1 2 2.8 3 3 0 0 1-1.5 2.6A3 3 0 0 1 16 18a3 3 0 0 1-4 1.3" />
    </Svg>
  ),
  benchmarks: (p: IconProps) => (
    <Svg {...p}>
      <path d="M4 20h16" />
      <rect x="5.5" y="11" width="3" height="7" rx="0.5" />
      <rect x="10.5" y="6" width="3" height="12" rx="0.5" />
      <rect x="15.5" y="13.5" width="3" height="4.5" rx="0.5" />
    </Svg>
  ),
  settings: (p: IconProps) => (
    <Svg {...p}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </Svg>
  ),
  mirror: (p: IconProps) => (
    <Svg {...p}>
      <rect x="3" y="4" width="18" height="13" rx="2" />
      <path d="M8 21h8M12 17v4" />
    </Svg>
  ),
  tree: (p: IconProps) => (
    <Svg {...p}>
      <rect x="3" y="3" width="7" height="5" rx="1" />
      <rect x="14" y="10" width="7" height="5" rx="1" />
      <rect x="14" y="17" width="7" height="4" rx="1" />
      <path d="M6.5 8v11h7.5M6.5 12.5h7.5" />
    </Svg>
  ),
  step: (p: IconProps) => (
    <Svg {...p}>
      <path d="M5 12h10M11 6l6 6-6 6" />
      <path d="M20 5v14" />
    </Svg>
  ),
};
