import type { ComponentProps, ReactNode } from 'react';

/** A labelled text field with a hint under it that a screen reader reads with the field. */
export function HintedField({
  id,
  label,
  hint,
  ...input
}: ComponentProps<'input'> & { id: string; label: string; hint: ReactNode }) {
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} aria-describedby={`${id}-hint`} />
      <span id={`${id}-hint`} className="auth-hint">
        {hint}
      </span>
    </div>
  );
}
