import { useId } from 'react';
import { PASSWORD_MIN } from '../../../shared/api/password-rules';

/**
 * The one way a new password is asked for: sign-up, reset and change say the same rule. A dialog
 * focuses its first text field itself (lib/dialog.tsx), so the field takes no autoFocus.
 */
export function NewPasswordField({ label = 'New password' }: { label?: string }) {
  const id = useId();
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        aria-describedby={`${id}-hint`}
      />
      <span id={`${id}-hint`} className="auth-hint">
        At least {PASSWORD_MIN} characters, and not a common password such as "password1"
      </span>
    </div>
  );
}
