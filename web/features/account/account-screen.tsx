import { type FormEvent, lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { copyText } from '../../lib/clipboard';
import { Dialog } from '../../lib/dialog';
import {
  changePassword,
  deleteAccount,
  disableTwoFactor,
  downloadAccountData,
  enableTwoFactor,
  signOutEverywhere,
  startTwoFactorSetup,
} from '../../stores/account-actions';
import { authState } from '../../stores/auth-store';
import { savedState } from '../../stores/saved-store';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import './auth-modal.css';
import './account-screen.css';
import { NewPasswordField } from './new-password-field';

type Status = { tone: 'error' | 'ok'; text: string } | null;

/** "ABCDEFGH…" as "ABCD EFGH …": a 32-character key read in groups, as authenticator apps print it. */
const groupsOfFour = (key: string) => key.replace(/(.{4})(?=.)/g, '$1 ');

// The QR code's encoder is needed only by someone setting up an authenticator app.
const TotpQr = lazy(() => import('./totp-qr'));

function StatusLine({ status }: { status: Status }) {
  if (!status) return null;
  return status.tone === 'error' ? (
    <p className="auth-error" role="alert">
      {status.text}
    </p>
  ) : (
    <p className="auth-notice" role="status">
      {status.text}
    </p>
  );
}

type Outcome = { ok: true } | { ok: false; message: string };

/** A section's requests: one at a time, the button busy meanwhile, a failure said in its status line. */
function useRequest() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  /** Null when a request is already running; `request` starts before any wait, while the form event is live. */
  const run = async <T extends Outcome>(request: () => Promise<T>): Promise<T | null> => {
    if (busy) return null;
    setBusy(true);
    setStatus(null);
    const outcome = await request();
    setBusy(false);
    const said: Outcome = outcome;
    if (!said.ok) setStatus({ tone: 'error', text: said.message });
    return outcome;
  };
  return { busy, status, setStatus, run };
}

/** The account screen: password, sessions, the person's data, and leaving. */
export default function AccountScreen({ onClose }: OverlayProps) {
  const { user } = useSnapshot(authState);
  if (!user) return null;
  const hasPassword = user.providers.includes('password');
  return (
    <Dialog title="Account" onClose={onClose} className="auth-modal account-screen">
      <p className="auth-intro">
        Signed in as <strong>{user.email}</strong>
      </p>
      {hasPassword && <ChangePassword />}
      {hasPassword && <TwoFactor enabled={user.totp === true} />}
      <SignOutEverywhere onClose={onClose} />
      <DownloadData />
      <DeleteAccount hasPassword={hasPassword} twoFactor={user.totp === true} onClose={onClose} />
    </Dialog>
  );
}

function ChangePassword() {
  const { busy, status, setStatus, run } = useRequest();
  const ids = { current: useId() };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const outcome = await run(() =>
      changePassword(String(form.get('current') ?? ''), String(form.get('password') ?? '')),
    );
    if (!outcome?.ok) return;
    formElement.reset();
    setStatus({ tone: 'ok', text: 'Password changed. Every other device was signed out.' });
  };
  return (
    <section className="account-section" aria-labelledby={`${ids.current}-h`}>
      <h3 id={`${ids.current}-h`}>Change password</h3>
      <form onSubmit={submit}>
        <div className="auth-field">
          <label htmlFor={ids.current}>Current password</label>
          <input id={ids.current} name="current" type="password" autoComplete="current-password" required />
        </div>
        <NewPasswordField />
        <StatusLine status={status} />
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? 'Please wait…' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}

function SignOutEverywhere({ onClose }: { onClose: () => void }) {
  const [status, setStatus] = useState<Status>(null);
  return (
    <section className="account-section">
      <h3>Devices</h3>
      <p className="auth-hint">Signs out this browser and every other device signed in to this account.</p>
      <StatusLine status={status} />
      <button
        type="button"
        className="account-action"
        onClick={async () => {
          const outcome = await signOutEverywhere();
          if (!outcome.ok) setStatus({ tone: 'error', text: outcome.message });
          else {
            showToast('Signed out on every device.');
            onClose();
          }
        }}
      >
        Sign Out Everywhere
      </button>
    </section>
  );
}

function DownloadData() {
  const [status, setStatus] = useState<Status>(null);
  return (
    <section className="account-section">
      <h3>Your data</h3>
      <p className="auth-hint">Every palette you saved, with its full history, as one JSON file.</p>
      <StatusLine status={status} />
      <button
        type="button"
        className="account-action"
        onClick={async () => {
          const outcome = await downloadAccountData();
          setStatus(outcome.ok ? null : { tone: 'error', text: outcome.message });
        }}
      >
        Download My Data
      </button>
    </section>
  );
}

/** "3 palettes", "1 palette"; "every palette" until the account's list has been read. */
function palettesWord(count: number | null): string {
  if (count === null) return 'every palette in it';
  return `${count} palette${count === 1 ? '' : 's'}`;
}

/**
 * Two steps: what proves it is the owner (the password; with two-factor on, a code from the app or a
 * recovery code too, as signing in asks), then a last step that names what goes. A refusal brings the
 * first step back with the server's reason.
 */
function DeleteAccount({
  hasPassword,
  twoFactor,
  onClose,
}: {
  hasPassword: boolean;
  twoFactor: boolean;
  onClose: () => void;
}) {
  const { busy, status, setStatus, run } = useRequest();
  const saved = useSnapshot(savedState);
  const [proof, setProof] = useState({ password: '', code: '' });
  const [confirming, setConfirming] = useState(false);
  const ids = { password: useId(), code: useId(), heading: useId(), last: useId() };
  const keepRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const count = saved.loaded && saved.source === 'remote' ? saved.palettes.length : null;
  const what = palettesWord(count);

  useEffect(() => {
    if (confirming) keepRef.current?.focus();
  }, [confirming]);

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    setConfirming(true);
  };
  const erase = async () => {
    const outcome = await run(() => deleteAccount(proof.password, twoFactor ? proof.code.trim() : undefined));
    if (!outcome) return;
    if (!outcome.ok) {
      setConfirming(false);
      requestAnimationFrame(() => passwordRef.current?.focus());
      return;
    }
    showToast('Your account and every palette in it are deleted.');
    onClose();
  };
  return (
    <section className="account-section account-danger" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Delete account</h3>
      {confirming ? (
        <fieldset aria-labelledby={ids.last} className="account-last-step">
          <p id={ids.last} className="auth-hint">
            <strong>This is the last step.</strong>{' '}
            {count === 0
              ? 'Your account goes for good. Nobody can bring it back.'
              : `Your account, ${what}, their history and every share link go for good. Nobody can bring them back.`}
          </p>
          <button type="button" className="account-action account-delete" disabled={busy} onClick={erase}>
            {busy
              ? 'Please wait…'
              : count === 0
                ? 'Delete my account for good'
                : `Delete my account and ${what} for good`}
          </button>
          <button
            ref={keepRef}
            type="button"
            className="account-action"
            disabled={busy}
            onClick={() => setConfirming(false)}
          >
            Keep my account
          </button>
        </fieldset>
      ) : (
        <>
          <p className="auth-hint">
            Erases your account, every saved palette with its history, and every share link. This cannot be undone:
            download your data first if you want a copy.
          </p>
          <form onSubmit={review}>
            {hasPassword ? (
              <div className="auth-field">
                <label htmlFor={ids.password}>Your password, to confirm</label>
                <input
                  ref={passwordRef}
                  id={ids.password}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={proof.password}
                  onChange={(event) => setProof({ ...proof, password: event.target.value })}
                />
              </div>
            ) : (
              <p className="auth-hint">
                This account signs in with Google: sign in with Google again just before deleting.
              </p>
            )}
            {twoFactor && (
              <div className="auth-field">
                <label htmlFor={ids.code}>Code from your authenticator app, or a recovery code</label>
                <input
                  id={ids.code}
                  name="code"
                  type="text"
                  autoComplete="one-time-code"
                  spellCheck={false}
                  required
                  maxLength={32}
                  value={proof.code}
                  onChange={(event) => setProof({ ...proof, code: event.target.value })}
                />
              </div>
            )}
            <StatusLine status={status} />
            <button type="submit" className="account-action account-delete" disabled={busy}>
              Delete My Account
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function TwoFactor({ enabled }: { enabled: boolean }) {
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { busy, status, setStatus, run } = useRequest();
  const ids = { heading: useId(), code: useId(), password: useId() };
  const sectionRef = useRef<HTMLElement>(null);
  const scanRef = useRef<HTMLParagraphElement>(null);
  // The QR opens below what the screen shows: bring the whole set-up (heading, QR, key, code) into view.
  const showSetUp = () => sectionRef.current?.scrollIntoView({ block: 'start' });
  useEffect(() => {
    if (!setup) return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    // The button pressed is gone: the keyboard continues from the instructions.
    scanRef.current?.focus({ preventScroll: true });
  }, [setup]);
  const copyKey = async (secret: string) => {
    const copied = await copyText(secret);
    showToast(copied ? 'Key copied' : 'Failed to copy', copied ? 'info' : 'error');
  };
  const field = (event: FormEvent<HTMLFormElement>, name: string) => {
    event.preventDefault();
    return String(new FormData(event.currentTarget).get(name) ?? '');
  };

  const begin = async () => {
    const outcome = await run(startTwoFactorSetup);
    if (outcome?.ok) setSetup({ secret: outcome.secret, uri: outcome.uri });
  };
  const turnOn = async (event: FormEvent<HTMLFormElement>) => {
    const code = field(event, 'code');
    const outcome = await run(() => enableTwoFactor(code));
    if (!outcome?.ok) return;
    setSetup(null);
    setCodes(outcome.recoveryCodes);
  };
  const turnOff = async (event: FormEvent<HTMLFormElement>) => {
    const password = field(event, 'password');
    const outcome = await run(() => disableTwoFactor(password));
    if (outcome?.ok) setStatus({ tone: 'ok', text: 'Two-factor sign-in is off.' });
  };

  return (
    <section ref={sectionRef} className="account-section" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Two-factor sign-in</h3>
      {codes ? (
        <>
          <p className="auth-notice" role="status">
            Two-factor sign-in is on. Keep these recovery codes somewhere safe: each one signs you in once if you lose
            your phone. They are shown only now.
          </p>
          <ul className="recovery-codes" aria-label="Recovery codes">
            {codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </>
      ) : enabled ? (
        <form onSubmit={turnOff}>
          <p className="auth-hint">On: signing in asks for a code from your authenticator app.</p>
          <div className="auth-field">
            <label htmlFor={ids.password}>Your password, to turn it off</label>
            <input id={ids.password} name="password" type="password" autoComplete="current-password" required />
          </div>
          <StatusLine status={status} />
          <button type="submit" className="account-action" disabled={busy}>
            Turn Off Two-Factor Sign-In
          </button>
        </form>
      ) : setup ? (
        <form onSubmit={turnOn}>
          <p ref={scanRef} tabIndex={-1} className="auth-hint">
            Scan this with your authenticator app, then enter the code it shows.
          </p>
          <Suspense fallback={<p className="auth-hint">Drawing the QR code…</p>}>
            <TotpQr uri={setup.uri} onDrawn={showSetUp} />
          </Suspense>
          <div className="totp-key">
            <p className="auth-hint">
              Or type this key:{' '}
              {/* In groups of four to read and type; copied (by the button or a selection) without the spaces. */}
              <code
                className="totp-secret"
                onCopy={(event) => {
                  event.preventDefault();
                  event.clipboardData.setData('text/plain', String(getSelection()).replace(/\s/g, ''));
                }}
              >
                {groupsOfFour(setup.secret)}
              </code>
            </p>
            <button type="button" className="totp-copy" onClick={() => void copyKey(setup.secret)}>
              Copy key
            </button>
          </div>
          <div className="auth-field">
            <label htmlFor={ids.code}>Code from the app</label>
            <input
              id={ids.code}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={32}
            />
          </div>
          <StatusLine status={status} />
          <button type="submit" className="auth-submit" disabled={busy}>
            Turn On
          </button>
        </form>
      ) : (
        <>
          <p className="auth-hint">
            Ask for a code from an authenticator app as well as your password when signing in.
          </p>
          <StatusLine status={status} />
          <button type="button" className="account-action" onClick={begin} disabled={busy}>
            Set Up Authenticator App
          </button>
        </>
      )}
    </section>
  );
}
