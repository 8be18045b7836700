import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog } from '../../lib/dialog';
import { showToast } from '../../stores/toast-store';
import type { OverlayProps } from '../../stores/ui-store';
import { type ContactErrors, type ContactMessage, contactMailto, validateContact } from './contact-mail';
import './info.css';

const EMPTY: ContactMessage = { name: '', email: '', message: '' };
const FIELDS = ['name', 'email', 'message'] as const;

/** Opens the mail client through a link click: the one way every browser hands mailto: over. */
function openMailClient(href: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

export default function ContactModal({ onClose }: OverlayProps) {
  const [values, setValues] = useState<ContactMessage>(EMPTY);
  const [errors, setErrors] = useState<ContactErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    const firstBad = FIELDS.find((field) => found[field]);
    if (firstBad) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstBad}"]`)?.focus();
      return;
    }
    openMailClient(contactMailto(values));
    showToast('Opening your email client...');
    setValues(EMPTY);
  };

  const field = (name: keyof ContactMessage) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const error = (name: keyof ContactMessage) =>
    errors[name] ? (
      <p className="field-error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <Dialog title="Contact Us" onClose={onClose} historyEntry={false}>
      <form ref={formRef} className="contact-form" noValidate onSubmit={onSubmit}>
        <p className="info-small">
          Questions, ideas or a paint we are missing? Your email app opens with this message.
        </p>
        <label htmlFor={`${id}-name`}>Name</label>
        <input type="text" autoComplete="name" maxLength={200} {...field('name')} />
        {error('name')}
        <label htmlFor={`${id}-email`}>Email</label>
        <input type="email" autoComplete="email" maxLength={320} {...field('email')} />
        {error('email')}
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea rows={5} maxLength={4000} {...field('message')} />
        {error('message')}
        <button type="submit" className="primary-button">
          Send message
        </button>
      </form>
    </Dialog>
  );
}
