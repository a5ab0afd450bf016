interface LogoMarkProps {
  size?: number;
}

/** The product mark: two linked loops on a rounded square (decorative; the surrounding link carries the name). */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#3347d1" />
      <circle cx="12.5" cy="16" r="6" fill="none" stroke="#ffffff" strokeWidth="3" />
      <circle cx="19.5" cy="16" r="6" fill="none" stroke="#9fe0c0" strokeWidth="3" />
    </svg>
  );
}
