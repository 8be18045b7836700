import type { OverlayProps } from '../../stores/ui-store';

// Placeholder until issue 3 lands: the overlay's real component replaces this file.
export default function ContactModal(_props: OverlayProps) {
  return null;
}
