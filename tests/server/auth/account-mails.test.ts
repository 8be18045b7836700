import { describe, expect, it } from 'vitest';
import { confirmationMail, passwordResetMail } from '../../../server/auth/account-mails';

describe('account mails', () => {
  it('carry plain text and HTML with the app name, what the link does, when it expires and what to do if it was not you', () => {
    for (const [mail, expiry] of [
      [confirmationMail('ann@example.com', 'https://swatchbook.example/confirm?token=abc'), /48 hours/],
      [passwordResetMail('ann@example.com', 'https://swatchbook.example/reset-password?token=abc'), /1 hour/],
    ] as const) {
      for (const part of [mail.text, mail.html!]) {
        expect(part).toContain('Swatchbook');
        expect(part).toMatch(expiry);
        expect(part).toMatch(/If you did not/);
        expect(part).toContain('token=abc');
      }
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
  });

  it('escapes everything put into the HTML part', () => {
    const mail = confirmationMail(
      '"<b>x</b>"@example.com',
      'https://x.example/confirm?token=a&b="><script>alert(1)</script>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).toContain('&amp;b=&quot;&gt;');
  });
});
