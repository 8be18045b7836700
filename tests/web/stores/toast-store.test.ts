import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  holdToast,
  releaseToast,
  runToastAction,
  showToast,
  TOAST_MS,
  toastState,
} from '../../../web/stores/toast-store';

const messages = () => toastState.toasts.map((t) => t.message);
/** A toast's time starts once a frame has painted it: the fake clock paints every 16 ms. */
const FRAME = 16;

describe('toasts with an action (Undo)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastState.toasts = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stay three times as long as plain toasts, and run their action once', () => {
    const run = vi.fn();
    showToast('Palette deleted', 'info', { label: 'Undo', run });
    showToast('Copied #ffffff');
    vi.advanceTimersByTime(FRAME + TOAST_MS + 1);
    expect(messages()).toEqual(['Palette deleted']);
    expect(toastState.toasts[0]?.actionLabel).toBe('Undo');
    const id = toastState.toasts[0]?.id as number;
    runToastAction(id);
    runToastAction(id);
    expect(run).toHaveBeenCalledTimes(1);
    expect(messages()).toEqual([]);
  });

  it('do not vanish while hovered or focused, and go a little after being left', () => {
    showToast('Palette deleted', 'info', { label: 'Undo', run: () => {} });
    const id = toastState.toasts[0]?.id as number;
    holdToast(id);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['Palette deleted']);
    releaseToast(id);
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(messages()).toEqual(['Palette deleted']);
    vi.advanceTimersByTime(2);
    expect(messages()).toEqual([]);
  });

  it('are gone after 6 s when left alone, taking their action with them', () => {
    const run = vi.fn();
    showToast('Deleted 2 palette(s)', 'info', { label: 'Undo', run });
    const id = toastState.toasts[0]?.id as number;
    vi.advanceTimersByTime(FRAME + 6_001);
    expect(messages()).toEqual([]);
    runToastAction(id);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('a sticky toast (a new version waiting)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toastState.toasts = [];
  });
  afterEach(() => vi.useRealTimers());

  it('stays until its button is pressed, however long and however many toasts come after it', () => {
    const run = vi.fn();
    showToast('A new version is ready — Reload', 'info', { label: 'Reload', run, sticky: true });
    const id = toastState.toasts[0]?.id as number;
    for (const text of ['Colour added', 'Colour removed', 'Copied #ffffff', 'Palette saved!']) showToast(text);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(messages()).toEqual(['A new version is ready — Reload']);
    holdToast(id);
    releaseToast(id);
    vi.advanceTimersByTime(60_000);
    expect(messages()).toEqual(['A new version is ready — Reload']);
    runToastAction(id);
    expect(run).toHaveBeenCalledTimes(1);
    expect(messages()).toEqual([]);
  });
});

describe('a plain toast on a busy page', () => {
  /** Frames the page has asked for and not yet painted: the page is busy until `paint()`. */
  let frames: Array<() => void> = [];
  const paint = () => {
    const due = frames;
    frames = [];
    for (const frame of due) frame();
  };
  beforeEach(() => {
    vi.useFakeTimers();
    toastState.toasts = [];
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('counts its 2 s from the frame that paints it, not from when it was asked for', () => {
    showToast('New palette from Lick only');
    // Seconds of work before the page paints again (a slow phone becoming live): it is still to be seen.
    vi.advanceTimersByTime(5_000);
    expect(messages()).toEqual(['New palette from Lick only']);
    paint();
    vi.advanceTimersByTime(TOAST_MS - 1);
    expect(messages()).toEqual(['New palette from Lick only']);
    vi.advanceTimersByTime(2);
    expect(messages()).toEqual([]);
  });
});
