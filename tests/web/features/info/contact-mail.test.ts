import { describe, expect, it } from 'vitest';
import { CONTACT_EMAIL, contactMailto, validateContact } from '../../../../web/features/info/contact-mail';

describe('contact form', () => {
  it('requires a name, a valid email and a message', () => {
    expect(Object.keys(validateContact({ name: ' ', email: '', message: '\n' })).sort()).toEqual([
      'email',
      'message',
      'name',
    ]);
    expect(validateContact({ name: 'Ann', email: 'ann.example.com', message: 'Hi' })).toHaveProperty('email');
    expect(validateContact({ name: 'Ann', email: 'ann@example.com', message: 'Hi' })).toEqual({});
  });

  it('builds a mailto link whose subject and body survive any characters', () => {
    const input = { name: 'Ann & Bob?', email: 'ann@example.com', message: 'Line one\nLine two #1 & more=yes' };
    const url = new URL(contactMailto(input));
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(CONTACT_EMAIL);
    expect(url.searchParams.get('subject')).toBe('Swatchbook: message from Ann & Bob?');
    expect(url.searchParams.get('body')).toBe('Line one\nLine two #1 & more=yes\n\n— Ann & Bob? <ann@example.com>');
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body']);
  });
});
