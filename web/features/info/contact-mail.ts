/** Where the contact form's mail goes. */
export const CONTACT_EMAIL = 'hello@swatchbook.app';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<keyof ContactMessage, string>>;

// Deliberately loose: the mail client is the real check; this catches typos like a missing @.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Name, email and message are all required. */
export function validateContact(input: ContactMessage): ContactErrors {
  const errors: ContactErrors = {};
  if (!input.name.trim()) errors.name = 'Please enter your name.';
  if (!input.email.trim()) errors.email = 'Please enter your email address.';
  else if (!EMAIL.test(input.email.trim())) errors.email = 'Please enter a valid email address.';
  if (!input.message.trim()) errors.message = 'Please write a message.';
  return errors;
}

/** A mailto: link with the subject and body prefilled; every part is URI-encoded. */
export function contactMailto(input: ContactMessage): string {
  const name = input.name.trim();
  const subject = `Swatchbook: message from ${name}`;
  const body = `${input.message.trim()}\n\n— ${name} <${input.email.trim()}>`;
  return `mailto:${CONTACT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
