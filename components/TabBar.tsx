import type { ComponentChild } from 'preact';
import { useRef } from 'preact/hooks';
import './TabBar.css';

export interface TabBarItem<N extends string> {
  name: N;
  label: ComponentChild;
  testId: string;
}

/** The ids that tie a tab to its panel (`aria-controls` / `aria-labelledby`). */
export const tabId = (group: string, name: string) => `${group}-tab-${name}`;
export const panelId = (group: string, name: string) => `${group}-panel-${name}`;

/**
 * A WAI-ARIA tab list: one tab in the Tab order (the selected one); the arrow keys move to the
 * previous/next tab and select it (mirrored right to left), Home/End to the first/last. Used by the
 * popup's frame (its views) and inside views (the feed's sections).
 */
export function TabBar<N extends string>(props: {
  group: string;
  label: string;
  tabs: readonly TabBarItem<N>[];
  selected: N;
  onSelect: (name: N) => void;
  class?: string;
}) {
  const { group, label, tabs, selected, onSelect } = props;
  const list = useRef<HTMLDivElement>(null);

  const onKeyDown = (event: KeyboardEvent) => {
    const current = tabs.findIndex((tab) => tab.name === selected);
    const rtl = list.current !== null && getComputedStyle(list.current).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number;
    if (step !== undefined) next = (current + step + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    else return;
    event.preventDefault();
    const tab = tabs[next];
    if (tab === undefined) return;
    onSelect(tab.name);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(group, tab.name))}`)?.focus();
  };

  return (
    <div
      ref={list}
      class={`tab-bar ${props.class ?? ''}`}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const isSelected = tab.name === selected;
        return (
          <button
            key={tab.name}
            type="button"
            role="tab"
            id={tabId(group, tab.name)}
            // Only the selected tab's panel exists.
            aria-controls={isSelected ? panelId(group, tab.name) : undefined}
            aria-selected={isSelected}
            tabIndex={isSelected ? 0 : -1}
            class="tab"
            data-testid={tab.testId}
            onClick={() => onSelect(tab.name)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

/** The panel of the selected tab. */
export function TabPanel(props: { group: string; name: string; children: ComponentChild; class?: string }) {
  return (
    <div
      role="tabpanel"
      id={panelId(props.group, props.name)}
      aria-labelledby={tabId(props.group, props.name)}
      class={props.class}
    >
      {props.children}
    </div>
  );
}
