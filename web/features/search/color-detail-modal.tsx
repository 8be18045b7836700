import type { OverlayProps } from '../../stores/ui-store';

// Placeholder until issue 4 lands: the overlay's real component replaces this file.
export default function ColorDetailModal(_props: OverlayProps) {
  return null;
}
