import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { INFO_ENTRY_KEY, roomAddress } from '../../lib/hash-route';
import { deleteRoom, listRooms, type SavedRoom } from '../../data/room-db';
import { catalogueState } from '../../stores/catalogue-store';
import { showToast } from '../../stores/toast-store';
import { openOverlay } from '../../stores/ui-store';

/** Rooms kept on this device (data/room-db.ts), each beside the palette it was tried with. Nothing when there are none. */
export function SavedRooms({ onClose }: { onClose: () => void }) {
  const [rooms, setRooms] = useState<SavedRoom[]>([]);
  const { catalogue } = useSnapshot(catalogueState);
  useEffect(() => {
    let live = true;
    listRooms()
      .then((list) => live && setRooms(list))
      .catch((error: unknown) => console.warn('saved rooms: could not be read', error));
    return () => {
      live = false;
    };
  }, []);
  if (rooms.length === 0) return null;
  const open = async (id: string) => {
    // The sidebar gives way to the room in place: one history entry, which Back closes. (Loaded on
    // use: the history module takes over the page's history the moment it loads.)
    const { handOverEntry } = await import('../../lib/dialog-history');
    handOverEntry(roomAddress(id), { [INFO_ENTRY_KEY]: true });
    onClose();
    openOverlay('room', { saved: id });
  };
  const remove = async (room: SavedRoom) => {
    try {
      await deleteRoom(room.id);
      setRooms((list) => list.filter((r) => r.id !== room.id));
      showToast('Room deleted');
    } catch {
      showToast('Failed to delete the room', 'error');
    }
  };
  return (
    <section className="saved-rooms" aria-labelledby="saved-rooms-title">
      <h3 id="saved-rooms-title">Rooms</h3>
      <ul aria-label="Saved rooms">
        {rooms.map((room) => (
          <li key={room.id} className="saved-room">
            <button type="button" className="saved-primary" onClick={() => open(room.id)}>
              {room.name}
            </button>
            <span className="saved-room-paints">
              {room.paletteIds.map((id) => {
                const color = catalogue?.byId.get(id);
                return color ? (
                  <span
                    key={id}
                    className="saved-room-swatch"
                    style={{ background: color.hexCode }}
                    title={color.colorName}
                  />
                ) : null;
              })}
            </span>
            <button
              type="button"
              className="saved-secondary"
              aria-label={`Delete room ${room.name}`}
              onClick={() => void remove(room)}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
