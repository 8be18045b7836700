import { useId } from 'react';
import { PASSWORD_MIN } from '../../../shared/api/password-rules';
import { HintedField } from './hinted-field';

/**
 * The one way a new password is asked for: sign-up, reset and change say the same rule. A dialog
 * focuses its first text field itself (lib/dialog.tsx), so the field takes no autoFocus.
 */
export function NewPasswordField({ label = 'New password' }: { label?: string }) {
  const id = useId();
  return (
    <HintedField
      id={id}
      label={label}
      hint={<>At least {PASSWORD_MIN} characters, and not a common password such as "password1"</>}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN}
    />
  );
}
