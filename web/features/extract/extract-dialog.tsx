import type { OverlayProps } from '../../stores/ui-store';

// Placeholder until issue 5 lands: the overlay's real component replaces this file.
export default function ExtractDialog(_props: OverlayProps) {
  return null;
}
