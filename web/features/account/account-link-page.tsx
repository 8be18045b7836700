import { type FormEvent, useState } from 'react';
import { Dialog } from '../../lib/dialog';
import { confirmEmailAddress, resetPassword } from '../../stores/account-actions';
import { showToast } from '../../stores/toast-store';
import { openOverlay, type OverlayProps } from '../../stores/ui-store';
import './auth-modal.css';
import { NewPasswordField } from './new-password-field';

/**
 * Leaves /confirm or /reset-password for the app's own address, so a reload does not reopen the page.
 * These pages own no history entry of their own (the link's address is theirs), so this one replace
 * is the whole of leaving.
 */
function leaveLinkAddress() {
  history.replaceState(history.state, '', '/');
}

/**
 * The pages an account mail links to. Opening the link changes nothing (a link can be planted):
 * only the person's own click confirms, and confirming signs nobody in.
 */
export default function AccountLinkPage({ params, onClose }: OverlayProps) {
  const close = () => {
    leaveLinkAddress();
    onClose();
  };
  return params.kind === 'reset-password' ? (
    <ResetPassword token={params.token ?? ''} onClose={close} />
  ) : (
    <ConfirmEmail token={params.token ?? ''} onClose={close} />
  );
}

function ConfirmEmail({ token, onClose }: { token: string; onClose: () => void }) {
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [error, setError] = useState('');
  const confirm = async () => {
    setState('busy');
    setError('');
    const outcome = await confirmEmailAddress(token);
    if (!outcome.ok) {
      setError(outcome.message);
      setState('ready');
      return;
    }
    setState('done');
  };
  return (
    <Dialog title="Confirm Your Email" onClose={onClose} className="auth-modal" historyEntry={false}>
      {state === 'done' ? (
        <>
          <p className="auth-notice" role="status">
            Your email address is confirmed. Sign in with your password to start saving palettes.
          </p>
          <button
            type="button"
            className="auth-submit"
            onClick={() => {
              onClose();
              openOverlay('auth');
            }}
          >
            Sign In
          </button>
        </>
      ) : (
        <>
          <p className="auth-intro">
            Confirm that this address is yours. Nobody is signed in by this: afterwards, sign in with your password.
          </p>
          {error && (
            <p className="auth-error" role="alert">
              {error}
            </p>
          )}
          <button type="button" className="auth-submit" onClick={confirm} disabled={state === 'busy' || !token}>
            {state === 'busy' ? 'Please wait…' : 'Confirm My Email'}
          </button>
        </>
      )}
    </Dialog>
  );
}

function ResetPassword({ token, onClose }: { token: string; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setError('');
    const outcome = await resetPassword(token, password);
    setBusy(false);
    if (!outcome.ok) {
      setError(outcome.message);
      return;
    }
    showToast('Your password is changed, and you are signed in. Every other device was signed out.');
    onClose();
  };
  return (
    <Dialog title="Choose a New Password" onClose={onClose} className="auth-modal" historyEntry={false}>
      <form onSubmit={submit}>
        <NewPasswordField />
        {error && (
          <p className="auth-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Set Password and Sign In'}
        </button>
      </form>
    </Dialog>
  );
}
