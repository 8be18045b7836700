import { proxy, ref } from 'valtio';
import { formatColorNumber } from '../../../shared/catalogue/ids';
import type { CatalogueColor } from '../../../shared/catalogue/types';
import { getRoom, putRoom, type SavedRoom, SURFACE_KEYS, type SurfaceKey, type SurfaceOp } from '../../data/room-db';
import { getCatalogue } from '../../stores/catalogue-store';
import { showToast } from '../../stores/toast-store';
import {
  type CardInput,
  downloadPicture,
  dropPicture,
  keepPhoto,
  type Layer,
  type LoadResult,
  type SelectLayer,
  type SurfaceMask,
  loadPicture,
  preparePicture,
  renderPicture,
  selectAndRender,
  surfaceMask,
  warmRoomWorker,
} from './room-client';

export type { SurfaceKey };
export { SURFACE_KEYS };

export const SURFACE_LABELS: Record<SurfaceKey, string> = {
  walls: 'Walls',
  feature: 'Feature wall',
  ceiling: 'Ceiling',
  woodwork: 'Woodwork',
};

/** A sample room as `rooms/rooms.json` lists it (made by the project, shipped with the app). */
export interface SampleRoom {
  id: string;
  name: string;
  width: number;
  height: number;
  wallsNow: { id: string; hex: string };
  lights: Array<{ id: string; label: string; src: string }>;
  surfaces: Array<{ value: number; label: string }>;
  mask: string;
}

interface Surface {
  paintId: string | null;
  ops: SurfaceOp[];
  /** Whether its mask covers anything (the mask itself lives outside the proxy). */
  covered: boolean;
}

type Picture = { kind: 'sample'; roomId: string; light: string } | { kind: 'photo'; name: string };

interface RoomState {
  phase: 'empty' | 'loading' | 'ready';
  problem: string | null;
  picture: Picture | null;
  /**
   * Which picture the surfaces are drawn on: a new one (another room, a photo) counts up, another
   * light of the same room does not (its masks fit it), so the zoom and the crosshair stay.
   */
  generation: number;
  width: number;
  height: number;
  /** The palette the room is tried with (catalogue ids): the chips. */
  paletteIds: string[];
  selected: SurfaceKey;
  surfaces: Record<SurfaceKey, Surface>;
  tool: 'tap' | 'brush';
  erase: boolean;
  /** What the walls are painted now (a catalogue id); null: "a white, not sure which". */
  wallsNowId: string | null;
  /** The question about the walls is open (asked once per photo). */
  askingWallsNow: boolean;
  /** The split between the picture and what it is compared with, 0–100 (100: no comparison shown). */
  split: number;
  /** Shown under the split: the photo as it was, or the selected surface in a second paint. */
  compareWith: 'photo' | string;
  /** Press-and-hold: the photo as it was, whole. */
  holding: boolean;
  canUndo: boolean;
  canRedo: boolean;
  savedId: string | null;
  /** The live region's text. */
  announcement: string;
  /** Jobs under way (a tap, a paint, a picture loading): the picture says it is busy until they land. */
  working: number;
  /**
   * Taps under way, from the finger to the surface shown (one made while the picture was on its
   * way waits for it): the picture shows it is working on them.
   */
  selecting: number;
  frame: ImageBitmap | null;
  /** A picture is on screen (`frame` is set): what the view's layout depends on, not which frame. */
  showing: boolean;
  under: ImageBitmap | null;
  /** The photo as it was (press-and-hold). */
  original: ImageBitmap | null;
  samples: SampleRoom[] | null;
}

const emptySurfaces = (): Record<SurfaceKey, Surface> => ({
  walls: { paintId: null, ops: [], covered: false },
  feature: { paintId: null, ops: [], covered: false },
  ceiling: { paintId: null, ops: [], covered: false },
  woodwork: { paintId: null, ops: [], covered: false },
});

export const roomState = proxy<RoomState>({
  phase: 'empty',
  problem: null,
  picture: null,
  generation: 0,
  width: 0,
  height: 0,
  paletteIds: [],
  selected: 'walls',
  surfaces: emptySurfaces(),
  tool: 'tap',
  erase: false,
  wallsNowId: null,
  askingWallsNow: false,
  split: 100,
  compareWith: 'photo',
  holding: false,
  canUndo: false,
  canRedo: false,
  savedId: null,
  announcement: '',
  working: 0,
  selecting: 0,
  frame: null,
  showing: false,
  under: null,
  original: null,
  samples: null,
});

/**
 * The masks, one byte per pixel of the working copy, kept out of the proxy; each numbered, as the
 * engine keeps its own copy and is sent only the number.
 */
let masks: Partial<Record<SurfaceKey, SurfaceMask>> = {};
let maskVersion = 0;
const nextMask = (key: SurfaceKey) => ({ key, version: ++maskVersion });
let before: ImageBitmap | null = null;

type Step = Record<SurfaceKey, { paintId: string | null; ops: SurfaceOp[] }>;
let past: Step[] = [];
let future: Step[] = [];

const paint = (id: string | null | undefined): CatalogueColor | undefined =>
  id ? getCatalogue()?.byId.get(id) : undefined;

/** Plain copies of a surface's ops: a valtio proxy cannot be posted to the worker or stored. */
const plainOps = (key: SurfaceKey): SurfaceOp[] => JSON.parse(JSON.stringify(roomState.surfaces[key].ops));

function step(): Step {
  const out = {} as Step;
  for (const key of SURFACE_KEYS) {
    const surface = roomState.surfaces[key];
    out[key] = { paintId: surface.paintId, ops: plainOps(key) };
  }
  return out;
}

function syncHistory(): void {
  roomState.canUndo = past.length > 0;
  roomState.canRedo = future.length > 0;
}

function resetHistory(): void {
  past = [];
  future = [];
  syncHistory();
}

function remember(): void {
  past = [...past.slice(-49), step()];
  future = [];
  syncHistory();
}

const PROBLEMS: Record<Exclude<LoadResult, { ok: true }>['reason'], (r: Exclude<LoadResult, { ok: true }>) => string> =
  {
    empty: () => 'That file is empty. Choose a photo of your room.',
    'not-image': () => 'That file is not an image. Choose a JPEG, PNG or WebP photo of your room.',
    truncated: () => 'That photo is incomplete (the file was cut short). Choose another photo.',
    corrupt: () => 'That photo is damaged and could not be read. Choose another photo.',
    'too-large': (r) =>
      `That image is too large (${r.width} × ${r.height} pixels). Choose a photo under 50 megapixels.`,
    'too-small': (r) =>
      `That image is too small to show a room (${r.width} × ${r.height} pixels). Choose a photo of your room.`,
    undecodable: (r) =>
      `This browser cannot open ${r.format === 'heic' ? 'HEIC' : r.format === 'avif' ? 'AVIF' : 'this kind of'} photos. Export it as a JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and choose that.`,
  };

function fail(message: string): void {
  roomState.problem = message;
  showToast(message, 'error');
}

/** The longest side worth decoding: the screen's in device pixels (the analysis caps it at 2 MP). */
function displaySide(): number {
  const side = Math.max(screen.width, screen.height, window.innerWidth, window.innerHeight);
  return Math.min(4096, Math.round(side * Math.min(3, window.devicePixelRatio || 1)));
}

async function working<T>(job: () => Promise<T>): Promise<T> {
  roomState.working++;
  try {
    return await job();
  } finally {
    roomState.working--;
  }
}

let renderRun: Promise<void> | null = null;
let renderAgain = false;
/** Frames are numbered as asked for: one that lands after a later one was shown is dropped. */
let frameAsked = 0;
let frameShown = 0;

/** Shows a new frame (and what it is compared with) unless a later one is already on screen. */
function showFrame(asked: number, picture: Picture | null, frame: ImageBitmap, under?: ImageBitmap | null): boolean {
  if (asked < frameShown || roomState.picture !== picture) {
    frame.close();
    if (under && under !== before) under.close();
    return false;
  }
  frameShown = asked;
  if (roomState.frame !== before) roomState.frame?.close();
  roomState.frame = ref(frame);
  if (under === undefined) return true;
  const oldUnder = roomState.under;
  if (oldUnder && oldUnder !== before && oldUnder !== under) oldUnder.close();
  roomState.under = under ? ref(under) : null;
  return true;
}

function layers(override?: { key: SurfaceKey; paintId: string }): Layer[] {
  const nowHex = paint(roomState.wallsNowId)?.hexCode;
  return SURFACE_KEYS.flatMap((key) => {
    const mask = masks[key];
    const paintId = override?.key === key ? override.paintId : roomState.surfaces[key].paintId;
    const color = paint(paintId);
    if (!mask || !color || !roomState.surfaces[key].covered) return [];
    // The person's answer is about the walls; ceilings and woodwork are taken as white.
    const own = key === 'walls' || key === 'feature' ? nowHex : undefined;
    return [{ ...mask, hex: color.hexCode, ...(own ? { nowHex: own } : {}) }];
  });
}

/** Repaints in the worker; calls while one runs fold into one more run with the latest state. */
function rerender(): Promise<void> {
  if (renderRun) {
    renderAgain = true;
    return renderRun;
  }
  renderRun = (async () => {
    do {
      renderAgain = false;
      const current = roomState.picture;
      const asked = ++frameAsked;
      const outline = roomState.surfaces[roomState.selected].covered ? masks[roomState.selected] : undefined;
      const frame = await renderPicture(layers(), outline);
      const compareId = roomState.compareWith;
      const under =
        compareId === 'photo' || roomState.split >= 100
          ? before
          : await renderPicture(layers({ key: roomState.selected, paintId: compareId }));
      showFrame(asked, current, frame, under);
    } while (renderAgain);
  })()
    .catch((error: unknown) => {
      console.error('room: repainting failed', error);
      fail('Repainting the picture failed. Try again.');
    })
    .finally(() => {
      renderRun = null;
    });
  return renderRun;
}

function announceSurface(key: SurfaceKey): void {
  const surface = roomState.surfaces[key];
  const color = paint(surface.paintId);
  roomState.announcement = `${SURFACE_LABELS[key]}: ${
    surface.covered ? (color?.colorName ?? 'no paint yet, choose one below') : 'nothing selected'
  }`;
}

async function recomputeMask(key: SurfaceKey): Promise<void> {
  const ops = roomState.surfaces[key].ops;
  if (ops.length === 0) {
    delete masks[key];
    roomState.surfaces[key].covered = false;
    return;
  }
  const hold = nextMask(key);
  const mask = await surfaceMask(plainOps(key), hold);
  masks[key] = { ...hold, mask };
  roomState.surfaces[key].covered = mask.some((v) => v > 0);
}

function reset(picture: Picture, width: number, height: number): void {
  roomState.generation++;
  masks = {};
  roomState.surfaces = emptySurfaces();
  roomState.picture = picture;
  roomState.width = width;
  roomState.height = height;
  roomState.selected = 'walls';
  roomState.split = 100;
  roomState.compareWith = 'photo';
  roomState.savedId = null;
  roomState.problem = null;
  resetHistory();
}

/**
 * Shows a picture just loaded (the worker sends it ready to draw with the load): the photo as it
 * was is the frame at once, and only a room that already has painted surfaces is rendered again.
 */
async function showPicture(picture: ImageBitmap): Promise<void> {
  const old = [before, roomState.frame, roomState.under];
  before = picture;
  roomState.original = ref(picture);
  roomState.under = ref(picture);
  if (layers().length > 0) await rerender();
  else roomState.frame = ref(picture);
  roomState.showing = true;
  for (const bitmap of new Set(old)) {
    if (bitmap && bitmap !== roomState.frame && bitmap !== roomState.under && bitmap !== before) bitmap.close();
  }
  roomState.phase = 'ready';
}

let loadToken = 0;

/** A photo from the camera, the file chooser, a drop or a paste; a bad file changes nothing. */
async function openPhotoNow(file: File): Promise<void> {
  const token = ++loadToken;
  const wasPhase = roomState.phase;
  roomState.phase = 'loading';
  roomState.problem = null;
  try {
    const result = await loadPicture({ id: `photo-${token}-${Date.now()}`, photo: file }, displaySide());
    if (token !== loadToken) return dropPicture(result);
    if (!result.ok) {
      roomState.phase = wasPhase;
      fail(PROBLEMS[result.reason](result));
      return;
    }
    // The worker starts on the analysis now; taps wait behind it, while the person answers what
    // the walls are now.
    preparePicture().catch((error: unknown) => console.warn('room: preparing the photo failed', error));
    reset({ kind: 'photo', name: file.name || 'Photo' }, result.width, result.height);
    roomState.wallsNowId = null;
    roomState.askingWallsNow = true;
    await showPicture(result.picture);
    roomState.announcement = 'Photo ready. Tap a wall to select it.';
  } catch (error) {
    console.error('room: reading the photo failed', error);
    roomState.phase = wasPhase;
    fail('That photo could not be read. Choose another photo.');
  }
}

export async function loadSamples(): Promise<SampleRoom[]> {
  if (roomState.samples) return roomState.samples as SampleRoom[];
  const response = await fetch('/rooms/rooms.json');
  if (!response.ok) throw new Error(`rooms.json: HTTP ${response.status}`);
  const rooms = (await response.json()) as SampleRoom[];
  roomState.samples = rooms;
  return rooms;
}

async function fetchBlob(src: string): Promise<Blob> {
  const response = await fetch(`/${src.replace(/^\//, '')}`);
  if (!response.ok) throw new Error(`${src}: HTTP ${response.status}`);
  return response.blob();
}

/**
 * A sample room in one of its lights. Switching the light keeps every surface and paint: the label
 * masks are the same in every light, so only the picture changes.
 */
async function openSampleNow(roomId: string, light?: string): Promise<void> {
  const token = ++loadToken;
  const keep = roomState.picture?.kind === 'sample' && roomState.picture.roomId === roomId;
  roomState.phase = keep ? roomState.phase : 'loading';
  try {
    const room = (await loadSamples()).find((r) => r.id === roomId);
    const lit = room?.lights.find((l) => l.id === light) ?? room?.lights[0];
    if (!room || !lit) throw new Error(`no sample room ${roomId}`);
    // The light chosen shows as chosen at once; the picture follows.
    if (keep) roomState.picture = { kind: 'sample', roomId, light: lit.id };
    const [photo, labels] = await Promise.all([fetchBlob(lit.src), fetchBlob(room.mask)]);
    const result = await loadPicture({ id: `sample-${room.id}-${lit.id}-${token}`, photo, labels }, displaySide());
    if (token !== loadToken) return dropPicture(result);
    if (!result.ok) throw new Error(`sample room ${roomId}: ${result.reason}`);
    const picture: Picture = { kind: 'sample', roomId: room.id, light: lit.id };
    if (keep && result.width === roomState.width && result.height === roomState.height) {
      roomState.picture = picture;
    } else {
      reset(picture, result.width, result.height);
    }
    roomState.wallsNowId = getCatalogue()?.byId.has(room.wallsNow.id) ? room.wallsNow.id : null;
    roomState.askingWallsNow = false;
    await showPicture(result.picture);
    roomState.announcement = `${room.name}, ${lit.label}.`;
  } catch (error) {
    console.error('room: the sample room did not load', error);
    if (token === loadToken) {
      if (!keep) roomState.phase = roomState.frame ? 'ready' : 'empty';
      fail('That sample room could not be loaded. Check your connection and try again.');
    }
  }
}

/** The picture on its way (another light, another room): a tap made meanwhile waits for it. */
let arriving: Promise<void> | null = null;

function arrival(load: Promise<void>): Promise<void> {
  arriving = load;
  void load.finally(() => {
    if (arriving === load) arriving = null;
  });
  return load;
}

/**
 * A tap (or Enter on the crosshair) at a point of the working copy: the selected surface grows or
 * shrinks. A tap made while the light is changing is not lost: it waits until that picture shows
 * (the picture says it is working) and applies to it, as its surfaces are the same.
 */
async function tapAtNow(x: number, y: number): Promise<void> {
  roomState.selecting++;
  try {
    await tapWhenReady(x, y);
  } finally {
    roomState.selecting--;
  }
}

/**
 * Waits for a picture on its way; false when none is ready or another room came meanwhile (the
 * input was made on the one it replaced).
 */
async function sameRoomArrived(): Promise<boolean> {
  const generation = roomState.generation;
  while (arriving) await arriving;
  return roomState.phase === 'ready' && roomState.generation === generation;
}

async function tapWhenReady(x: number, y: number): Promise<void> {
  // With no picture on its way the job goes to the worker in the tap's own task, before the
  // renders the tap's state changes bring: the worker works while the page renders.
  if (arriving ? !(await sameRoomArrived()) : roomState.phase !== 'ready') return;
  const key = roomState.selected;
  const op: SurfaceOp = {
    kind: 'tap',
    x: Math.round(x),
    y: Math.round(y),
    ...(roomState.erase ? { erase: true } : {}),
  };
  const was = masks[key];
  const wasCovered = roomState.surfaces[key].covered;
  remember();
  roomState.surfaces[key].ops.push(op);
  try {
    // Another picture opened meanwhile: this tap was on the old one.
    if (!(await reselect(key, !op.erase))) return;
  } catch (error) {
    console.error('room: selecting failed', error);
    fail('Selecting that part failed. Try again.');
    return;
  }
  if (!op.erase && !roomState.surfaces[key].covered) {
    undoLast(key, was, wasCovered);
    roomState.announcement = 'Nothing to paint there. Tap a wall, the ceiling or the woodwork.';
    showToast('Nothing to paint there. Tap a wall, the ceiling or the woodwork.');
    return;
  }
  announceSurface(key);
}

/**
 * The selected surface's mask from its ops and the frame showing it, in one trip to the worker (a
 * comparison on screen needs a second picture: then the usual repaint follows). The surface takes
 * the palette's first paint when it has none. With `needsCover`, an empty result is not shown (the
 * caller takes the tap back). False when another picture was opened meanwhile (nothing changes).
 */
async function reselect(key: SurfaceKey, needsCover: boolean): Promise<boolean> {
  const surface = roomState.surfaces[key];
  const paintId = surface.paintId ?? roomState.paletteIds[0] ?? null;
  const color = paint(paintId);
  const nowHex = key === 'walls' || key === 'feature' ? paint(roomState.wallsNowId)?.hexCode : undefined;
  const picture = roomState.picture;
  const generation = roomState.generation;
  const asked = ++frameAsked;
  const hold = nextMask(key);
  const result = await selectAndRender(
    plainOps(key),
    hold,
    SURFACE_KEYS.flatMap<SelectLayer>((k) => {
      if (k === key) return color ? [{ self: true, hex: color.hexCode, ...(nowHex ? { nowHex } : {}) }] : [];
      return layers().filter((layer) => layer.key === k);
    }),
  );
  if (roomState.generation !== generation) {
    result.frame.close();
    return false;
  }
  // Another light of the same room came meanwhile: the mask fits it, the frame (in the old light) is
  // dropped by showFrame and the repaint below draws the new one.
  masks[key] = { ...hold, mask: result.mask };
  surface.covered = result.covered;
  if (needsCover && !result.covered) {
    result.frame.close();
    return true;
  }
  if (!surface.paintId && paintId) surface.paintId = paintId;
  const shown = showFrame(asked, picture, result.frame);
  // A repaint asked for meanwhile used the old mask (whether it landed first or is still under
  // way); a comparison needs its second picture.
  if (!shown || renderRun || (roomState.compareWith !== 'photo' && roomState.split < 100)) await rerender();
  return true;
}

function undoLast(key: SurfaceKey, mask: SurfaceMask | undefined, covered: boolean): void {
  roomState.surfaces[key].ops.pop();
  past.pop();
  syncHistory();
  if (mask) masks[key] = mask;
  else delete masks[key];
  roomState.surfaces[key].covered = covered;
}

/** A brush stroke in working-copy pixels: fixes an edge the taps got wrong. */
async function brushStrokeNow(points: Array<{ x: number; y: number }>, radius: number): Promise<void> {
  if ((arriving ? !(await sameRoomArrived()) : roomState.phase !== 'ready') || points.length === 0) return;
  const key = roomState.selected;
  remember();
  roomState.surfaces[key].ops.push({
    kind: 'brush',
    points: points.map((p) => ({ x: Math.round(p.x), y: Math.round(p.y) })),
    radius,
    ...(roomState.erase ? { erase: true } : {}),
  });
  if (await reselect(key, false)) announceSurface(key);
}

/** A chip: the selected surface takes that paint. */
async function choosePaintNow(colorId: string): Promise<void> {
  const key = roomState.selected;
  if (roomState.surfaces[key].paintId === colorId) return;
  remember();
  roomState.surfaces[key].paintId = colorId;
  if (roomState.compareWith === colorId) roomState.compareWith = 'photo';
  announceSurface(key);
  if (!roomState.surfaces[key].covered) {
    roomState.announcement = `${SURFACE_LABELS[key]}: ${paint(colorId)?.colorName ?? ''}. Tap the picture to choose where.`;
  }
  await rerender();
}

export function selectSurface(key: SurfaceKey): void {
  roomState.selected = key;
  announceSurface(key);
  void working(rerender);
}

async function restore(target: Step): Promise<void> {
  const changed = SURFACE_KEYS.filter(
    (key) => JSON.stringify(target[key].ops) !== JSON.stringify(roomState.surfaces[key].ops),
  );
  for (const key of SURFACE_KEYS) {
    roomState.surfaces[key].paintId = target[key].paintId;
    roomState.surfaces[key].ops = [...target[key].ops];
  }
  for (const key of changed) await recomputeMask(key);
  announceSurface(changed[0] ?? roomState.selected);
  await rerender();
}

async function undoRoomNow(): Promise<void> {
  const target = past.pop();
  if (!target) return;
  future.push(step());
  syncHistory();
  await restore(target);
}

async function redoRoomNow(): Promise<void> {
  const target = future.pop();
  if (!target) return;
  past.push(step());
  syncHistory();
  await restore(target);
}

export function setTool(tool: 'tap' | 'brush'): void {
  roomState.tool = tool;
}

export function setErase(erase: boolean): void {
  roomState.erase = erase;
}

export function setHolding(holding: boolean): void {
  roomState.holding = holding;
}

export function setSplit(split: number): void {
  const wasOff = roomState.split >= 100;
  roomState.split = Math.max(0, Math.min(100, split));
  if (wasOff && roomState.compareWith !== 'photo') void working(rerender);
}

/** Two paints side by side on the selected surface: the second shows right of the split. */
async function compareWithPaintNow(colorId: string): Promise<void> {
  roomState.compareWith = colorId;
  if (colorId !== 'photo' && roomState.split >= 100) roomState.split = 50;
  await rerender();
}

async function applyWallsNow(colorId: string | null): Promise<void> {
  roomState.wallsNowId = colorId;
  roomState.askingWallsNow = false;
  await rerender();
}

export function askWallsNow(): void {
  roomState.askingWallsNow = true;
}

/** Opens the view with the palette (and a paint from its details first, when asked from there). */
export function startRoom(paletteIds: readonly string[], firstPaintId?: string): void {
  warmRoomWorker();
  const ids = [...new Set([...(firstPaintId ? [firstPaintId] : []), ...paletteIds])];
  roomState.paletteIds = ids;
}

/** The caption band's card: the room as its title, a row per painted surface as the palette's PNG has them. */
function card(): CardInput {
  const picture = roomState.picture;
  let title = 'My room';
  if (picture?.kind === 'sample') {
    const room = roomState.samples?.find((r) => r.id === picture.roomId);
    const light = room?.lights.find((l) => l.id === picture.light);
    title = [room?.name ?? 'Sample room', light?.label].filter(Boolean).join(' · ');
  }
  const colors = SURFACE_KEYS.flatMap((key) => {
    const color = paint(roomState.surfaces[key].paintId);
    if (!color || !roomState.surfaces[key].covered) return [];
    return [
      {
        name: `${SURFACE_LABELS[key]}: ${color.colorName}`,
        hex: color.hexCode.toUpperCase(),
        brand: color.brand,
        paintNumber: formatColorNumber(color.brand, color.number),
        textColor: color.textColor,
      },
    ];
  });
  return { title, colors };
}

/** The picture with a caption band, re-encoded (no EXIF or location), as a download or a share. */
export async function exportPicture(type: 'image/jpeg' | 'image/png'): Promise<Blob | null> {
  try {
    return await downloadPicture(layers(), card(), type);
  } catch (error) {
    console.error('room: making the image failed', error);
    fail('Making the image failed. Try again.');
    return null;
  }
}

function roomName(): string {
  const picture = roomState.picture;
  const when = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
  if (picture?.kind === 'sample') {
    const room = roomState.samples?.find((r) => r.id === picture.roomId);
    return `${room?.name ?? 'Sample room'} · ${when}`;
  }
  return `${picture?.name ?? 'My room'} · ${when}`;
}

/** Keeps the room on this device (photo, surfaces, paints and the palette); a second save updates it. */
export async function saveRoom(): Promise<void> {
  const picture = roomState.picture;
  if (!picture || roomState.phase !== 'ready') return;
  try {
    const source: SavedRoom['source'] =
      picture.kind === 'sample'
        ? { kind: 'sample', roomId: picture.roomId, light: picture.light }
        : { kind: 'photo', photo: await keepPhoto() };
    const id = roomState.savedId ?? `room-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    await putRoom({
      id,
      name: roomName(),
      savedAt: new Date().toISOString(),
      paletteIds: [...roomState.paletteIds],
      source,
      width: roomState.width,
      height: roomState.height,
      wallsNowId: roomState.wallsNowId,
      surfaces: SURFACE_KEYS.flatMap((key) => {
        const mask = masks[key]?.mask;
        const surface = roomState.surfaces[key];
        if (!mask && !surface.paintId) return [];
        return [{ key, paintId: surface.paintId, ops: plainOps(key), mask: mask ?? new Uint8Array(0) }];
      }),
    });
    roomState.savedId = id;
    showToast('Room saved on this device');
  } catch (error) {
    console.error('room: saving failed', error);
    fail('Failed to save the room');
  }
}

/** A room kept on this device, as it was saved. */
async function openSavedNow(id: string): Promise<void> {
  const token = ++loadToken;
  roomState.phase = 'loading';
  try {
    const saved = await getRoom(id);
    if (!saved) throw new Error('not found');
    let result: LoadResult;
    let picture: Picture;
    if (saved.source.kind === 'sample') {
      const { roomId, light } = saved.source;
      const room = (await loadSamples()).find((r) => r.id === roomId);
      const lit = room?.lights.find((l) => l.id === light) ?? room?.lights[0];
      if (!room || !lit) throw new Error('sample room gone');
      const [photo, labels] = await Promise.all([fetchBlob(lit.src), fetchBlob(room.mask)]);
      result = await loadPicture({ id: `saved-${id}-${token}`, photo, labels }, displaySide());
      picture = { kind: 'sample', roomId, light: lit.id };
    } else {
      // The kept working copy is loaded at its own size, so the saved masks fit it.
      result = await loadPicture(
        { id: `saved-${id}-${token}`, photo: saved.source.photo },
        Math.max(saved.width, saved.height),
      );
      picture = { kind: 'photo', name: saved.name };
    }
    if (token !== loadToken) return dropPicture(result);
    if (!result.ok) throw new Error(result.reason);
    reset(picture, result.width, result.height);
    roomState.paletteIds = [...new Set([...saved.paletteIds, ...roomState.paletteIds])];
    roomState.wallsNowId = saved.wallsNowId;
    roomState.askingWallsNow = false;
    for (const surface of saved.surfaces) {
      roomState.surfaces[surface.key] = { paintId: surface.paintId, ops: surface.ops, covered: false };
      if (surface.mask.length === result.width * result.height) {
        masks[surface.key] = { ...nextMask(surface.key), mask: surface.mask };
        roomState.surfaces[surface.key].covered = surface.mask.some((v) => v > 0);
      } else if (surface.ops.length > 0) {
        await recomputeMask(surface.key);
      }
    }
    roomState.savedId = id;
    await showPicture(result.picture);
    roomState.announcement = `${saved.name} opened.`;
  } catch (error) {
    console.error('room: opening the saved room failed', error);
    if (token === loadToken) {
      roomState.phase = roomState.frame ? 'ready' : 'empty';
      fail('That saved room could not be opened.');
    }
  }
}

export const tapAt = (x: number, y: number): Promise<void> => working(() => tapAtNow(x, y));
export const brushStroke = (points: Array<{ x: number; y: number }>, radius: number): Promise<void> =>
  working(() => brushStrokeNow(points, radius));
export const choosePaint = (colorId: string): Promise<void> => working(() => choosePaintNow(colorId));
export const undoRoom = (): Promise<void> => working(() => undoRoomNow());
export const redoRoom = (): Promise<void> => working(() => redoRoomNow());
export const compareWithPaint = (colorId: string): Promise<void> => working(() => compareWithPaintNow(colorId));
export const setWallsNow = (colorId: string | null): Promise<void> => working(() => applyWallsNow(colorId));
export const openSample = (roomId: string, light?: string): Promise<void> =>
  arrival(working(() => openSampleNow(roomId, light)));
export const openPhoto = (file: File): Promise<void> => arrival(working(() => openPhotoNow(file)));
export const openSaved = (id: string): Promise<void> => arrival(working(() => openSavedNow(id)));
