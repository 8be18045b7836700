import { useState } from 'react';
import { saveFile } from '../../lib/save-file';
import { showToast } from '../../stores/toast-store';
import { exportPicture, saveRoom } from './room-store';

const FILE_NAME = 'swatchbook-room.jpg';

/**
 * Save on this device, download the captioned image, or (where the browser shares) share it: the
 * share sheet gets the image file itself; a browser that shares links but not files gets the download.
 */
export function RoomKeep() {
  const [busy, setBusy] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const withImage = async (use: (blob: Blob) => Promise<void>) => {
    setBusy(true);
    try {
      const blob = await exportPicture('image/jpeg');
      if (blob) await use(blob);
    } finally {
      setBusy(false);
    }
  };

  const onDownload = () =>
    withImage(async (blob) => {
      saveFile(blob, FILE_NAME);
      showToast('Room image downloaded');
    });

  const onShare = () =>
    withImage(async (blob) => {
      const file = new File([blob], FILE_NAME, { type: blob.type || 'image/jpeg' });
      if (typeof navigator.canShare !== 'function' || !navigator.canShare({ files: [file] })) {
        saveFile(blob, FILE_NAME);
        showToast('This browser cannot share images, so the room image was downloaded');
        return;
      }
      try {
        await navigator.share({ files: [file], title: 'My room in Swatchbook' });
      } catch (error) {
        if ((error as DOMException).name !== 'AbortError') showToast('Sharing failed', 'error');
      }
    });

  return (
    <div className="room-keep">
      <button type="button" className="room-button room-primary" onClick={() => void saveRoom()}>
        Save room
      </button>
      <button type="button" className="room-button" disabled={busy} onClick={() => void onDownload()}>
        Download image
      </button>
      {canShare ? (
        <button type="button" className="room-button" disabled={busy} onClick={() => void onShare()}>
          Share image
        </button>
      ) : null}
    </div>
  );
}
