import { useEffect, useState } from 'react';
import { openExtractWith } from './extract-inbox';
import './drop-zone.css';

const carriesFiles = (event: DragEvent) => Boolean(event.dataTransfer?.types.includes('Files'));

/** Drop an image anywhere on the page to extract a palette from it. */
export function DropZone() {
  const [active, setActive] = useState(false);
  useEffect(() => {
    // dragenter/dragleave fire for every child element: count them so the hint does not flicker.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth++;
      setActive(true);
    };
    const onOver = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    };
    const onLeave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setActive(false);
    };
    const onDrop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser would navigate away to the dropped file.
      event.preventDefault();
      depth = 0;
      setActive(false);
      const file = event.dataTransfer?.files[0];
      if (file) openExtractWith(file);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, []);
  if (!active) return null;
  return (
    <div className="drop-zone" aria-hidden="true">
      <p>Drop an image to extract a palette</p>
    </div>
  );
}
