import type { ComponentChildren } from 'preact';
import './Chip.css';

/**
 * A toggle among others (a filter, a tag): a button whose pressed state is its meaning. `data`
 * carries its markers (`data-testid` and what it stands for, e.g. `data-kind`).
 */
export function Chip({
  pressed,
  onToggle,
  class: className,
  data,
  children,
}: {
  pressed: boolean;
  onToggle: () => void;
  class?: string;
  data: Record<`data-${string}`, string>;
  children: ComponentChildren;
}) {
  return (
    <button
      type="button"
      class={className === undefined ? 'chip' : `chip ${className}`}
      aria-pressed={pressed}
      {...data}
      onClick={onToggle}
    >
      {children}
    </button>
  );
}
