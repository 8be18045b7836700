import type { Mail } from './mailer';

const APP = 'Swatchbook';

/** Everything put into the HTML part is escaped: an address or origin can never become markup. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

interface MailParts {
  to: string;
  subject: string;
  intro: string;
  action: string;
  link: string;
  expires: string;
  notYou: string;
}

/** One layout for every account mail: plain text first, the same words as simple HTML, one button. */
function accountMail(parts: MailParts): Mail {
  const text = [
    `${APP}`,
    '',
    parts.intro,
    '',
    `${parts.action}:`,
    parts.link,
    '',
    parts.expires,
    '',
    parts.notYou,
    '',
    `— ${APP}, palettes of real paint`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${e(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f6f4ef;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#222">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:28px">
<p style="margin:0 0 20px;font-size:20px;font-weight:700">${APP}</p>
<p style="margin:0 0 20px;line-height:1.5">${e(parts.intro)}</p>
<p style="margin:0 0 24px"><a href="${e(parts.link)}" style="display:inline-block;background:#222;color:#fff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${e(parts.action)}</a></p>
<p style="margin:0 0 12px;line-height:1.5;font-size:14px">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${e(parts.link)}</span></p>
<p style="margin:0 0 12px;line-height:1.5;font-size:14px">${e(parts.expires)}</p>
<p style="margin:0;line-height:1.5;font-size:14px;color:#555">${e(parts.notYou)}</p>
</div></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}

export const confirmationMail = (to: string, link: string): Mail =>
  accountMail({
    to,
    subject: `Confirm your ${APP} account`,
    intro: `Welcome to ${APP}. Someone (we hope you) created an account with the address ${to}. Confirm the address, then sign in with your password to start saving palettes.`,
    action: 'Confirm your email address',
    link,
    expires: 'The link works for 48 hours and once only. After that, sign up again or ask for a new link.',
    notYou:
      'If you did not sign up, ignore this mail: without confirmation the account is removed after 48 hours, and nobody can use it.',
  });

export const passwordResetMail = (to: string, link: string): Mail =>
  accountMail({
    to,
    subject: `Reset your ${APP} password`,
    intro: `Someone (we hope you) asked to reset the password of the ${APP} account for ${to}. The link lets you choose a new password; it signs you in and signs out every other device.`,
    action: 'Choose a new password',
    link,
    expires: 'The link works for 1 hour and once only.',
    notYou:
      'If you did not ask for this, ignore this mail: your password stays as it is. If it keeps happening, someone may be trying your address.',
  });
