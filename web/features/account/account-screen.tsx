import { type FormEvent, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Dialog } from '../../lib/dialog';
import { changePassword, deleteAccount, downloadAccountData, signOutEverywhere } from '../../stores/account-actions';
import { authState } from '../../stores/auth-store';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import './auth-modal.css';
import './account-screen.css';

type Status = { tone: 'error' | 'ok'; text: string } | null;

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
      <SignOutEverywhere onClose={onClose} />
      <DownloadData />
      <DeleteAccount hasPassword={hasPassword} onClose={onClose} />
    </Dialog>
  );
}

function ChangePassword() {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const ids = { current: useId(), next: useId(), hint: useId() };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    setBusy(true);
    setStatus(null);
    const outcome = await changePassword(String(form.get('current') ?? ''), String(form.get('next') ?? ''));
    setBusy(false);
    if (!outcome.ok) {
      setStatus({ tone: 'error', text: outcome.message });
      return;
    }
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
        <div className="auth-field">
          <label htmlFor={ids.next}>New password</label>
          <input
            id={ids.next}
            name="next"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            aria-describedby={ids.hint}
          />
          <span id={ids.hint} className="auth-hint">
            At least 8 characters, and not a common password
          </span>
        </div>
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

function DeleteAccount({ hasPassword, onClose }: { hasPassword: boolean; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const ids = { password: useId(), heading: useId() };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    setBusy(true);
    setStatus(null);
    const outcome = await deleteAccount(password);
    setBusy(false);
    if (!outcome.ok) {
      setStatus({ tone: 'error', text: outcome.message });
      return;
    }
    showToast('Your account and every palette in it are deleted.');
    onClose();
  };
  return (
    <section className="account-section account-danger" aria-labelledby={ids.heading}>
      <h3 id={ids.heading}>Delete account</h3>
      <p className="auth-hint">
        Erases your account, every saved palette with its history, and every share link. This cannot be undone: download
        your data first if you want a copy.
      </p>
      <form onSubmit={submit}>
        {hasPassword ? (
          <div className="auth-field">
            <label htmlFor={ids.password}>Your password, to confirm</label>
            <input id={ids.password} name="password" type="password" autoComplete="current-password" required />
          </div>
        ) : (
          <p className="auth-hint">
            This account signs in with Google: sign in with Google again just before deleting.
          </p>
        )}
        <StatusLine status={status} />
        <button type="submit" className="account-action account-delete" disabled={busy}>
          {busy ? 'Please wait…' : 'Delete My Account'}
        </button>
      </form>
    </section>
  );
}
