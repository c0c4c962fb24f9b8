import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import './Setting.css';

/** One choice of a select setting. */
export interface Choice {
  value: string;
  label: string;
  /** The language the label is written in, when it is not the page's (a language's own name). */
  lang?: string;
}

interface Common {
  testId: string;
  /** What the setting is, as its control's accessible name. */
  label: string;
  /** A sentence of what it does (the control's description). */
  help?: string;
  disabled?: boolean;
  /** A sentence of why the setting could not change (e.g. the browser refused a permission). */
  problem?: string | null;
  /** More markers on the control (e.g. `data-kind`). */
  data?: Record<`data-${string}`, string>;
}

export type SettingProps = Common &
  (
    | { kind: 'checkbox'; checked: boolean; onChange(checked: boolean): void }
    | { kind: 'select'; value: string; choices: readonly Choice[]; onChange(value: string): void }
  );

/**
 * One setting of the options page: its control, its name (a real label) and the sentence of what it
 * does (the control's description, so a screen reader reads it after the name), and the sentence
 * of a refusal when there is one.
 */
export function Setting(props: SettingProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const problemId = `${id}-problem`;
  const describedBy =
    [props.help ? helpId : null, props.problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  const text: ComponentChildren = [
    <label for={id} key="label">
      {props.label}
    </label>,
    props.help && (
      <small id={helpId} key="help">
        {props.help}
      </small>
    ),
    props.problem && (
      <p class="error" id={problemId} role="alert" key="problem">
        {props.problem}
      </p>
    ),
  ];

  if (props.kind === 'select') {
    return (
      <div class="setting setting-column">
        {text}
        <select
          id={id}
          data-testid={props.testId}
          {...props.data}
          value={props.value}
          disabled={props.disabled}
          aria-describedby={describedBy}
          onChange={(event) => props.onChange(event.currentTarget.value)}
        >
          {props.choices.map((choice) => (
            <option key={choice.value} value={choice.value} lang={choice.lang}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <div class="setting">
      <input
        id={id}
        type="checkbox"
        data-testid={props.testId}
        {...props.data}
        checked={props.checked}
        disabled={props.disabled}
        aria-describedby={describedBy}
        onChange={(event) => props.onChange(event.currentTarget.checked)}
      />
      <div class="setting-text">{text}</div>
    </div>
  );
}
