import type { OverlayProps } from '../../stores/ui-store';

// Placeholder until issue 8 lands: the overlay's real component replaces this file.
export default function SavedSidebar(_props: OverlayProps) {
  return null;
}
