import type { ReactNode } from 'react';
import { NETWORK_LABELS, type Exchange, type Network } from '../../shared/enums';

interface IconProps {
  size?: number;
  /** Announced name; the icon is decorative when absent. */
  title?: string;
}

const NETWORK_ART: Record<Network, { background: string; art: ReactNode }> = {
  ETHEREUM: {
    background: '#627eea',
    art: (
      <g fill="#fff">
        <path d="M16 5l-6.5 11L16 20l6.5-4z" opacity="0.95" />
        <path d="M16 21.3L9.5 17.4 16 27l6.5-9.6z" opacity="0.8" />
      </g>
    ),
  },
  BITCOIN: {
    background: '#f7931a',
    art: (
      <path
        fill="#fff"
        d="M20.6 14.1c.3-1.9-1.2-2.9-3.2-3.6l.7-2.6-1.6-.4-.6 2.5-1.3-.3.6-2.5-1.6-.4-.7 2.6-1-.3-2.2-.5-.4 1.7 1.2.3c.7.2.8.6.8 1l-1.8 7.3c-.1.2-.3.5-.8.4l-1.2-.3-.8 1.8 2.1.5 1.1.3-.7 2.6 1.6.4.7-2.6 1.3.3-.7 2.6 1.6.4.7-2.6c2.7.5 4.7.3 5.6-2.1.7-2-.1-3.1-1.5-3.8 1-.2 1.8-.9 2-2.3zm-3.6 5c-.5 2-3.9.9-5 .6l.9-3.6c1.1.3 4.6.8 4.1 3zm.5-5.1c-.5 1.8-3.3.9-4.2.7l.8-3.2c.9.2 3.8.6 3.4 2.5z"
      />
    ),
  },
  POLYGON: {
    background: '#8247e5',
    art: (
      <path
        fill="#fff"
        d="M20.5 12.6c-.3-.2-.7-.2-1 0l-2.4 1.4-1.6.9-2.3 1.4c-.3.2-.7.2-1 0l-1.8-1.1c-.3-.2-.5-.5-.5-.9v-2.1c0-.4.2-.7.5-.9l1.8-1c.3-.2.7-.2 1 0l1.8 1c.3.2.5.5.5.9v1.4l1.6-.9V11c0-.4-.2-.7-.5-.9l-3.4-2c-.3-.2-.7-.2-1 0l-3.5 2c-.3.2-.5.5-.5.9v4c0 .4.2.7.5.9l3.5 2c.3.2.7.2 1 0l2.3-1.3 1.6-.9 2.3-1.3c.3-.2.7-.2 1 0l1.8 1c.3.2.5.5.5.9v2.1c0 .4-.2.7-.5.9l-1.8 1c-.3.2-.7.2-1 0l-1.8-1c-.3-.2-.5-.5-.5-.9v-1.4l-1.6.9V20c0 .4.2.7.5.9l3.5 2c.3.2.7.2 1 0l3.5-2c.3-.2.5-.5.5-.9v-4c0-.4-.2-.7-.5-.9z"
      />
    ),
  },
  FANTOM: {
    background: '#1969ff',
    art: <path fill="#fff" d="M16 6l6 3.5v13L16 26l-6-3.5v-13zm0 2.3L12 10.6v4.6l4 2.3 4-2.3v-4.6zm-4 9.2v4.3l4 2.3 4-2.3v-4.3l-4 2.3z" />,
  },
  BINANCE_SMART_CHAIN: {
    background: '#f3ba2f',
    art: (
      <path
        fill="#fff"
        d="M12.1 14.4L16 10.5l3.9 3.9 2.3-2.3L16 6l-6.2 6.2zM6 16l2.3-2.3 2.3 2.3-2.3 2.3zm6.1 1.6L16 21.5l3.9-3.9 2.3 2.3L16 26l-6.2-6.2zm9.3-1.6l2.3-2.3L26 16l-2.3 2.3zM18.3 16L16 13.7 14.3 15.4l-.2.2-.4.4L16 18.3z"
      />
    ),
  },
  RONIN: {
    background: '#1273ea',
    art: <path fill="#fff" d="M10 7h9a3 3 0 013 3v4.5a3 3 0 01-1.6 2.6L22 25h-3.5l-1.6-7.5H13.5V25H10zm3.5 3.2v4.2h4.7v-4.2z" />,
  },
  AVALANCHE: {
    background: '#e84142',
    art: (
      <path
        fill="#fff"
        d="M19.8 17.6c.4-.7 1.1-.7 1.5 0l2.4 4.3c.4.7.1 1.3-.7 1.3h-4.9c-.8 0-1.1-.6-.7-1.3zM15 9.2c.4-.7 1.1-.7 1.5 0l.5 1 1.3 2.2c.3.6.3 1.3 0 1.9l-4 7c-.4.6-1 1-1.7 1.1H9.3c-.8 0-1.1-.6-.7-1.3z"
      />
    ),
  },
};

function Badge({ background, art, size, title }: { background: string; art: ReactNode; size: number; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      width={size}
      height={size}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <circle cx="16" cy="16" r="16" fill={background} />
      {art}
    </svg>
  );
}

/** A network's round logo (docs/wallets.md: network icon). */
export function NetworkIcon({ network, size = 32, title }: IconProps & { network: Network }) {
  const { background, art } = NETWORK_ART[network];
  return <Badge background={background} art={art} size={size} title={title ?? undefined} />;
}

/** An exchange's round logo. */
export function ExchangeIcon({ exchange, size = 32, title }: IconProps & { exchange: Exchange }) {
  const art = (
    <path
      fill="#fff"
      d="M12.1 14.4L16 10.5l3.9 3.9 2.3-2.3L16 6l-6.2 6.2zM6 16l2.3-2.3 2.3 2.3-2.3 2.3zm6.1 1.6L16 21.5l3.9-3.9 2.3 2.3L16 26l-6.2-6.2zm9.3-1.6l2.3-2.3L26 16l-2.3 2.3zM18.3 16L16 13.7 14.3 15.4l-.2.2-.4.4L16 18.3z"
    />
  );
  return <Badge background={exchange === 'BINANCE' ? '#1e2026' : '#555'} art={art} size={size} title={title} />;
}

export const EXCHANGE_LABELS: Record<Exchange, string> = { BINANCE: 'Binance' };

export function networkLabel(network: Network): string {
  return NETWORK_LABELS[network];
}
