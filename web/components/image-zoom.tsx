/**
 * A picture that can be expanded to the whole screen (spec §2, §3 Image zoom).
 *
 * States: unloaded → loading → loaded on zoom; unloading → unloaded on unzoom.
 * The expanded picture is a modal <dialog>: the page behind it is inert, focus
 * moves to its "Minimize image" button and comes back to "Expand image" after.
 * Zoom ends by Escape, a click on the overlay or on the picture, the button, a
 * wheel scroll without ctrl (with ctrl it is the browser's own zoom or a
 * pinch), or a vertical swipe of more than SWIPE_THRESHOLD px. The picture
 * moves from its place to the screen and back (a transform, so nothing is laid
 * out again); when transitionend does not come (the tab was hidden, nothing
 * moved), a timer of the transition's length + TRANSITION_FALLBACK_MS moves on.
 * With reduced motion nothing moves.
 */
import {
  type PointerEvent,
  type SyntheticEvent,
  type TouchEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { mediaMessages } from '../messages/media.ts';
import { MediaIcon } from './media-icon.tsx';

const t = mediaMessages;

/** Spec §9: the expanded picture fills the screen, no margin. */
export const ZOOM_MARGIN = 0;
/** Spec §9: a vertical swipe of more than this many pixels ends the zoom. */
export const SWIPE_THRESHOLD = 10;
/** Spec §9: the transition-end fallback timer adds this to the transition's length. */
export const TRANSITION_FALLBACK_MS = 50;
/** How long the picture takes to move. */
export const ZOOM_TRANSITION_MS = 300;
const EASE = 'cubic-bezier(0.2, 0, 0.2, 1)';
/** The picture on the page is at most this tall (viewport %), so the page around it stays in view. */
const MAX_HEIGHT_VH = 70;

export type ZoomState = 'unloaded' | 'loading' | 'loaded' | 'unloading';

type Rect = { left: number; top: number; width: number; height: number };

function motionMs(): number {
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  return reduce ? 0 : ZOOM_TRANSITION_MS;
}

/** Where the picture itself is drawn inside its element (object-fit: contain). */
function pictureRect(img: HTMLImageElement): Rect {
  const box = img.getBoundingClientRect();
  const { naturalWidth: nw, naturalHeight: nh } = img;
  if (!nw || !nh || !box.width || !box.height) return box;
  const scale = Math.min(box.width / nw, box.height / nh);
  const width = nw * scale;
  const height = nh * scale;
  return {
    left: box.left + (box.width - width) / 2,
    top: box.top + (box.height - height) / 2,
    width,
    height,
  };
}

/** The whole screen but ZOOM_MARGIN, keeping the picture's shape. */
function zoomedRect(shown: Rect): Rect {
  const vw = document.documentElement.clientWidth - 2 * ZOOM_MARGIN;
  const vh = document.documentElement.clientHeight - 2 * ZOOM_MARGIN;
  const scale = Math.min(vw / shown.width, vh / shown.height);
  const width = shown.width * scale;
  const height = shown.height * scale;
  return {
    left: ZOOM_MARGIN + (vw - width) / 2,
    top: ZOOM_MARGIN + (vh - height) / 2,
    width,
    height,
  };
}

/** The transform that draws the picture placed at `at` where `shown` is. */
function onto(shown: Rect, at: Rect): string {
  return `translate(${shown.left - at.left}px, ${shown.top - at.top}px) scale(${shown.width / at.width})`;
}

/**
 * Runs `then` once `el` has finished moving: its transitionend, or the
 * fallback timer. Returns a function that cancels it.
 */
function afterTransition(el: HTMLElement, ms: number, then: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    cancel();
    then();
  };
  const onEnd = (e: TransitionEvent) => {
    if (e.target === el && e.propertyName === 'transform') finish();
  };
  const timer = window.setTimeout(finish, ms + TRANSITION_FALLBACK_MS);
  const cancel = () => {
    done = true;
    el.removeEventListener('transitionend', onEnd);
    window.clearTimeout(timer);
  };
  el.addEventListener('transitionend', onEnd);
  return cancel;
}

/** Runs `then` once `img` has its picture. Returns a function that cancels it. */
function afterLoad(img: HTMLImageElement, then: () => void): () => void {
  if (img.complete && img.naturalWidth > 0) {
    then();
    return () => {};
  }
  img.addEventListener('load', then, { once: true });
  return () => img.removeEventListener('load', then);
}

export function ImageZoom({
  src,
  alt,
  width,
  height,
  onLoad,
  onError,
}: {
  /** Undefined until the picture's URL has arrived: "Loading" meanwhile. */
  src: string | undefined;
  alt: string;
  /** The picture's size in pixels, when known: its space is kept while it loads. */
  width: number | null;
  height: number | null;
  onLoad?: () => void;
  onError?: () => void;
}) {
  const [state, setState] = useState<ZoomState>('unloaded');
  // Event handlers read the state as it is now, not as it was when they were made.
  const stateRef = useRef<ZoomState>('unloaded');
  const [natural, setNatural] = useState<{ w: number; h: number } | undefined>();
  const imgRef = useRef<HTMLImageElement>(null);
  const bigRef = useRef<HTMLImageElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const expandRef = useRef<HTMLButtonElement>(null);
  const minimizeRef = useRef<HTMLButtonElement>(null);
  /** Cancels what waits for the current move to end. */
  const pending = useRef<(() => void) | undefined>(undefined);
  const swipe = useRef<{ y: number } | null>(null);

  const go = useCallback((next: ZoomState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const stopWaiting = useCallback(() => {
    pending.current?.();
    pending.current = undefined;
  }, []);

  /** Back to the page: the dialog closes and focus returns to "Expand image". */
  const finishUnzoom = useCallback(() => {
    stopWaiting();
    go('unloaded');
    const dialog = dialogRef.current;
    if (dialog?.open) dialog.close();
    for (const el of [bigRef.current, overlayRef.current]) el?.removeAttribute('style');
    expandRef.current?.focus();
  }, [go, stopWaiting]);

  const zoom = useCallback(() => {
    const img = imgRef.current;
    const big = bigRef.current;
    const overlay = overlayRef.current;
    const dialog = dialogRef.current;
    if (stateRef.current !== 'unloaded' || !img || !big || !overlay || !dialog) return;
    go('loading');
    dialog.showModal();
    minimizeRef.current?.focus();
    const ms = motionMs();
    const shown = pictureRect(img);
    const at = zoomedRect(shown);
    // Placed where it ends, drawn where it starts: only the transform moves.
    Object.assign(big.style, {
      left: `${at.left}px`,
      top: `${at.top}px`,
      width: `${at.width}px`,
      height: `${at.height}px`,
      transition: 'none',
      transform: onto(shown, at),
    });
    Object.assign(overlay.style, { transition: 'none', opacity: '0' });
    // The start is laid out before the move begins.
    big.getBoundingClientRect();
    big.style.transition = ms ? `transform ${ms}ms ${EASE}` : 'none';
    big.style.transform = 'none';
    overlay.style.transition = ms ? `opacity ${ms}ms ${EASE}` : 'none';
    overlay.style.opacity = '1';
    const loaded = () => {
      if (stateRef.current === 'loading') go('loaded');
    };
    if (!ms) {
      pending.current = afterLoad(big, loaded);
      return;
    }
    let waitLoad: (() => void) | undefined;
    const waitMove = afterTransition(big, ms, () => {
      waitLoad = afterLoad(big, loaded);
    });
    pending.current = () => {
      waitMove();
      waitLoad?.();
    };
  }, [go]);

  const unzoom = useCallback(() => {
    const s = stateRef.current;
    const img = imgRef.current;
    const big = bigRef.current;
    const overlay = overlayRef.current;
    if ((s !== 'loading' && s !== 'loaded') || !img || !big || !overlay) return;
    stopWaiting();
    go('unloading');
    const ms = motionMs();
    if (!ms) {
      finishUnzoom();
      return;
    }
    const shown = pictureRect(img);
    big.style.transition = `transform ${ms}ms ${EASE}`;
    big.style.transform = onto(shown, zoomedRect(shown));
    overlay.style.transition = `opacity ${ms}ms ${EASE}`;
    overlay.style.opacity = '0';
    pending.current = afterTransition(big, ms, finishUnzoom);
  }, [go, stopWaiting, finishUnzoom]);

  // The screen changed size while expanded: the picture fills it again, without moving.
  useEffect(() => {
    if (state !== 'loaded') return;
    const refit = () => {
      const img = imgRef.current;
      const big = bigRef.current;
      if (!img || !big) return;
      const at = zoomedRect(pictureRect(img));
      Object.assign(big.style, {
        transition: 'none',
        left: `${at.left}px`,
        top: `${at.top}px`,
        width: `${at.width}px`,
        height: `${at.height}px`,
      });
    };
    window.addEventListener('resize', refit);
    return () => window.removeEventListener('resize', refit);
  }, [state]);

  // Leaving the page while expanded: nothing is left waiting.
  useEffect(() => () => pending.current?.(), []);

  function swipeStart(y: number) {
    swipe.current = { y };
  }
  function swipeMove(y: number) {
    const start = swipe.current;
    if (start && Math.abs(y - start.y) > SWIPE_THRESHOLD) {
      swipe.current = null;
      unzoom();
    }
  }
  const swipeEnd = () => {
    swipe.current = null;
  };

  const ratio = width && height ? { w: width, h: height } : natural;
  const frameStyle = ratio
    ? {
        aspectRatio: `${ratio.w} / ${ratio.h}`,
        maxWidth: `min(100%, calc(${MAX_HEIGHT_VH}vh * ${ratio.w / ratio.h}))`,
      }
    : undefined;
  const ready = src !== undefined && natural !== undefined;

  return (
    <figure className="image-zoom" data-zoom-state={state}>
      <div className="image-zoom-frame" style={frameStyle}>
        {src ? (
          <img
            ref={imgRef}
            src={src}
            alt={alt}
            {...(width && height ? { width, height } : {})}
            decoding="async"
            onLoad={(e: SyntheticEvent<HTMLImageElement>) => {
              const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
              setNatural({ w, h });
              onLoad?.();
            }}
            onError={onError}
          />
        ) : (
          <p className="status image-zoom-loading" role="status">
            {t.loading}
          </p>
        )}
      </div>
      <button
        ref={expandRef}
        type="button"
        className="secondary image-zoom-expand"
        aria-haspopup="dialog"
        disabled={!ready}
        onClick={zoom}
      >
        <MediaIcon name="expand" />
        {t.expand}
      </button>
      {/* Every way out of the zoom is also a key: Escape, and the focused Minimize button. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape (the dialog's cancel) and the Minimize button are its keys. */}
      <dialog
        ref={dialogRef}
        className="image-zoom-dialog"
        aria-label={t.zoomed(alt)}
        onCancel={(e) => {
          // Escape: the picture moves back first; the dialog closes after.
          e.preventDefault();
          unzoom();
        }}
        onClose={(e) => {
          // Closed by the browser itself (a second Escape): back at once. The
          // event is queued, so it can arrive after our own close() and a new
          // zoom's showModal(): an open dialog means it is that stale one.
          if (!e.currentTarget.open && stateRef.current !== 'unloaded') finishUnzoom();
        }}
        onClick={unzoom}
        onWheel={(e) => {
          if (!e.ctrlKey) unzoom();
        }}
        onPointerDown={(e: PointerEvent) => swipeStart(e.clientY)}
        onPointerMove={(e: PointerEvent) => swipeMove(e.clientY)}
        onPointerUp={swipeEnd}
        onPointerCancel={swipeEnd}
        onTouchStart={(e: TouchEvent) => {
          const touch = e.touches[0];
          if (touch) swipeStart(touch.clientY);
        }}
        onTouchMove={(e: TouchEvent) => {
          const touch = e.touches[0];
          if (touch) swipeMove(touch.clientY);
        }}
        onTouchEnd={swipeEnd}
      >
        <div ref={overlayRef} className="image-zoom-overlay" />
        {src ? <img ref={bigRef} className="image-zoom-picture" src={src} alt={alt} /> : null}
        <button
          ref={minimizeRef}
          type="button"
          className="secondary image-zoom-minimize"
          onClick={unzoom}
        >
          <MediaIcon name="minimize" />
          {t.minimize}
        </button>
      </dialog>
    </figure>
  );
}
