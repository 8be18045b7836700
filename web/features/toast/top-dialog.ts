import { useEffect, useState } from 'react';

const topModal = (): HTMLDialogElement | null => {
  const open = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
  for (let i = open.length - 1; i >= 0; i--) if (open[i]?.matches(':modal')) return open[i] as HTMLDialogElement;
  return null;
};

/**
 * The modal <dialog> on top, if any. A modal dialog makes everything outside it inert, so a toast's
 * button (Undo after a delete in the Saved sidebar) must live inside it to be clicked or reached by Tab.
 */
export function useTopDialog(): HTMLDialogElement | null {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    let current = topModal();
    setDialog(current);
    const observer = new MutationObserver((records) => {
      // Look again only when a dialog opened or closed, or the one we sit in left the page (React
      // removes a dialog before its effect closes it); other DOM changes (typing, lists) cost nothing.
      if (!records.some((r) => r.type === 'attributes') && (current === null || current.isConnected)) return;
      current = topModal();
      setDialog(current);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return dialog;
}
