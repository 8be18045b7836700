import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import {
  askForPasswordReset,
  resendConfirmation,
  signInWithGoogle,
  signInWithPassword,
  signInWithSecondFactor,
  signUpWithPassword,
} from '../../stores/account-actions';
import { authState } from '../../stores/auth-store';
import { localChoice } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';
import { closeOverlay, openOverlay, type OverlayProps } from '../../stores/ui-store';
import './auth-modal.css';
import { HintedField } from './hinted-field';
import { NewPasswordField } from './new-password-field';

/** 'second-factor': back from Google to an account with two-factor on; only the code is missing. */
type Mode = 'signin' | 'signup' | 'forgot' | 'second-factor';

const CREATED = 'Account created! Check your email to confirm.';
const EXISTS = 'An account with this email already exists. Please sign in.';
const RESET_SENT =
  'If an account uses that address, we have sent it a link to choose a new password. The link works for 1 hour.';
const ASK_ADMIN =
  'This server cannot send mail, so it cannot send you a reset link. Ask its administrator for a password reset link.';
/** The sign-up modal closes 3 s after success, time to read its message. */
const CLOSE_AFTER_SIGNUP_MS = 3000;

/** Sign In / Create Account (one modal, switchable), and on save the choice to keep a palette on this device only. */
export default function AuthModal({ params, onClose }: OverlayProps) {
  const { google, mail } = useSnapshot(authState);
  const [mode, setMode] = useState<Mode>(
    params.mode === 'signup' || params.mode === 'second-factor' ? params.mode : 'signin',
  );
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  // The server asked for the authenticator code: the form grows a code field.
  const [needsCode, setNeedsCode] = useState(false);
  // Signed up but never confirmed (the link expired or got lost): offer a new link for this address.
  const [unconfirmed, setUnconfirmed] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const ids = { email: useId(), password: useId(), error: useId(), totp: useId() };
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);
  const askCode = (mode === 'signin' && needsCode) || mode === 'second-factor';
  const forSave = params.reason === 'save';

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      onClose();
      // Signed in at once (no mail to confirm): carry on with the save that asked for an account.
      if (forSave && authState.user) openOverlay('save');
    }, CLOSE_AFTER_SIGNUP_MS);
    return () => clearTimeout(timer);
  }, [done, onClose, forSave]);

  const switchTo = (next: Mode) => {
    setMode(next);
    setNeedsCode(false);
    setError('');
    setNotice('');
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || done) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get('email') ?? '').trim();
    const password = String(form.get('password') ?? '');
    setBusy(true);
    setError('');
    setNotice('');
    if (mode === 'forgot') {
      const outcome = await askForPasswordReset(email);
      setBusy(false);
      if (!outcome.ok) setError(outcome.message);
      else setNotice(outcome.delivery === 'administrator' ? ASK_ADMIN : RESET_SENT);
      return;
    }
    if (mode === 'signup') {
      const outcome = await signUpWithPassword(email, password);
      setBusy(false);
      if (!outcome.ok) {
        if (outcome.code === 'email_taken') {
          setMode('signin');
          setNotice(EXISTS);
          return;
        }
        setError(outcome.message);
        return;
      }
      if (outcome.signedIn) {
        // No mail to confirm: the account works now, so say so and get out of the way.
        showToast(`Account created. You are signed in as ${email}.`);
        onClose();
        if (forSave) openOverlay('save');
        return;
      }
      setNotice(CREATED);
      setDone(true);
      return;
    }
    const totp = String(form.get('totp') ?? '').trim();
    if (mode === 'second-factor') {
      const outcome = await signInWithSecondFactor(totp);
      setBusy(false);
      if (outcome.ok) onClose();
      else if (outcome.code === 'second_factor_expired') {
        // Nothing waits any more: back to the ways in, Google's button among them.
        switchTo('signin');
        setError(outcome.message);
      } else setError(outcome.message);
      return;
    }
    const outcome = await signInWithPassword(email, password, needsCode ? totp : undefined);
    setBusy(false);
    if (!outcome.ok) {
      if (outcome.code === 'email_not_confirmed') setUnconfirmed(email);
      if (outcome.code === 'totp_required') {
        setNeedsCode(true);
        setNotice('Two-factor sign-in is on for this account.');
        return;
      }
      setError(outcome.message);
      return;
    }
    onClose();
    if (forSave) openOverlay('save');
  }

  const title =
    mode === 'signin' || mode === 'second-factor' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Reset Password';
  const submitLabel = mode === 'forgot' ? 'Send Reset Link' : title;
  return (
    <Dialog title={title} onClose={onClose} className="auth-modal">
      {forSave && (
        <p className="auth-intro">
          Sign in to keep your palettes safe on every device, with their full history and a public link to share.
        </p>
      )}
      <form onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
        {mode === 'second-factor' ? (
          <p className="auth-intro">
            Google confirmed it is you. Two-factor sign-in is on for this account: enter the code from your
            authenticator app to finish.
          </p>
        ) : (
          <div className="auth-field">
            <label htmlFor={ids.email}>Email</label>
            <input ref={emailRef} id={ids.email} name="email" type="email" autoComplete="email" required autoFocus />
          </div>
        )}
        {mode === 'forgot' && !mail && <p className="auth-intro">{ASK_ADMIN}</p>}
        {mode === 'signin' && (
          // No minimum here: the password was chosen already (under whichever rule held then); only
          // sign-up and a new password state one (NewPasswordField).
          <div className="auth-field">
            <label htmlFor={ids.password}>Password</label>
            <input id={ids.password} name="password" type="password" autoComplete="current-password" required />
          </div>
        )}
        {mode === 'signup' && <NewPasswordField label="Password" />}
        {askCode && (
          <HintedField
            ref={codeRef}
            id={ids.totp}
            label="Authentication code"
            hint="The 6-digit code from your authenticator app, or one of your recovery codes"
            name="totp"
            type="text"
            inputMode="text"
            autoComplete="one-time-code"
            required
            maxLength={32}
          />
        )}
        {mode === 'signin' && (
          <p className="auth-forgot">
            <button type="button" className="auth-link" onClick={() => switchTo('forgot')}>
              Forgot password?
            </button>
          </p>
        )}
        {error && (
          <p id={ids.error} className="auth-error" role="alert">
            {error}
          </p>
        )}
        {unconfirmed && mode === 'signin' && (
          <p className="auth-forgot">
            <button
              type="button"
              className="auth-link"
              onClick={async () => {
                const outcome = await resendConfirmation(unconfirmed);
                setError(outcome.ok ? '' : outcome.message);
                setNotice(outcome.ok ? `If ${unconfirmed} still needs confirming, a new link is on its way.` : '');
              }}
            >
              Send a new confirmation link
            </button>
          </p>
        )}
        {notice && (
          <p className="auth-notice" role="status">
            {notice}
          </p>
        )}
        <button type="submit" className="auth-submit" disabled={busy || done}>
          {busy ? 'Please wait…' : submitLabel}
        </button>
      </form>
      {google && mode !== 'forgot' && mode !== 'second-factor' && (
        <button type="button" className="auth-google" onClick={signInWithGoogle} disabled={busy}>
          Continue with Google
        </button>
      )}
      {mode === 'second-factor' && (
        <p className="auth-switch">
          Lost your authenticator? Use one of your recovery codes in the same box.{' '}
          <button type="button" className="auth-link" onClick={() => switchTo('signin')}>
            Sign in another way
          </button>
        </p>
      )}
      <p className="auth-switch" hidden={mode === 'second-factor'}>
        {mode === 'signin'
          ? "Don't have an account? "
          : mode === 'signup'
            ? 'Already have an account? '
            : 'Remembered it? '}
        <button type="button" className="auth-link" onClick={() => switchTo(mode === 'signin' ? 'signup' : 'signin')}>
          {mode === 'signin' ? 'Create Account' : 'Sign In'}
        </button>
      </p>
      {forSave && (
        <p className="auth-local">
          <button
            type="button"
            className="auth-link"
            onClick={() => {
              localChoice.deviceOnly = true;
              closeOverlay('auth');
              openOverlay('save');
            }}
          >
            Keep it on this device only
          </button>
        </p>
      )}
    </Dialog>
  );
}
