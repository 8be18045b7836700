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
    const update = () => setDialog(topModal());
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => observer.disconnect();
  }, []);
  return dialog;
}
