import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
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

/**
 * A link proves only that its holder reads the mailbox, and anyone can sign an address up: so
 * confirming asks for the password chosen at sign-up, or lets the mailbox's owner choose their own,
 * which starts the account clean. The address is never bound to a password its owner did not choose.
 */
function ConfirmEmail({ token, onClose }: { token: string; onClose: () => void }) {
  const [mode, setMode] = useState<'known' | 'own'>('known');
  const [state, setState] = useState<'ready' | 'busy' | 'done'>('ready');
  const [error, setError] = useState('');
  const passwordId = useId();
  const switched = useRef(false);
  // The dialog focuses its first field when it opens; after a switch, the new form's field takes focus.
  const focusAfterSwitch = useCallback((form: HTMLFormElement | null) => {
    if (form && switched.current) form.querySelector('input')?.focus();
  }, []);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'busy') return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setState('busy');
    setError('');
    const outcome = await confirmEmailAddress(token, mode === 'own' ? { newPassword: password } : { password });
    if (!outcome.ok) {
      setError(outcome.message);
      setState('ready');
      return;
    }
    setState('done');
  };
  const switchTo = (next: 'known' | 'own') => {
    switched.current = true;
    setMode(next);
    setError('');
  };
  return (
    <Dialog title="Confirm Your Email" onClose={onClose} className="auth-modal" historyEntry={false}>
      {state === 'done' ? (
        <>
          <p className="auth-notice" role="status">
            {mode === 'own'
              ? 'Your email address is confirmed, with the password you just chose. Sign in with it to start saving palettes.'
              : 'Your email address is confirmed. Sign in with your password to start saving palettes.'}
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
        <form key={mode} ref={focusAfterSwitch} onSubmit={submit}>
          {mode === 'known' ? (
            <>
              <p className="auth-intro">
                Confirm that this address is yours with the password you chose when you signed up. Nobody is signed in
                by this: afterwards, sign in with that password.
              </p>
              <div className="auth-field">
                <label htmlFor={passwordId}>Password you chose</label>
                <input id={passwordId} name="password" type="password" autoComplete="current-password" required />
              </div>
            </>
          ) : (
            <>
              <p className="auth-intro">
                Choose your own password. It replaces any password set for this address, and the account starts clean:
                anything set up on it before (two-factor sign-in, saved palettes, signed-in devices) is removed.
              </p>
              <NewPasswordField />
            </>
          )}
          {error && (
            <p className="auth-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="auth-submit" disabled={state === 'busy' || !token}>
            {state === 'busy' ? 'Please wait…' : mode === 'own' ? 'Set Password and Confirm' : 'Confirm My Email'}
          </button>
          <p className="auth-switch">
            {mode === 'known' ? (
              <>
                Did not sign up, or forgot the password?{' '}
                <button type="button" className="auth-link" onClick={() => switchTo('own')}>
                  Choose my own password
                </button>
              </>
            ) : (
              <button type="button" className="auth-link" onClick={() => switchTo('known')}>
                I know the password I chose
              </button>
            )}
          </p>
        </form>
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
