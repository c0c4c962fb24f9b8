/**
 * A small line icon of the popup, drawn in the text's colour (no emoji: not every system has a font
 * for them). Decorative: the button or the words beside it name what it stands for.
 */
export function LineIcon({
  d,
  size = 16,
  stroke,
  filled = false,
  class: className,
}: {
  /** The path, on a 16×16 grid. */
  d: string;
  size?: number;
  stroke: number;
  filled?: boolean;
  class?: string;
}) {
  return (
    <svg class={className} viewBox="0 0 16 16" width={size} height={size} aria-hidden="true">
      <path
        d={d}
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        stroke-width={stroke}
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
