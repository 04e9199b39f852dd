/**
 * The easy-read screens, loaded only by those who read in easy read: they
 * bring the Markdown renderer, the check-in card and read-aloud with them,
 * which the usual library's first load does without (the bundle budget,
 * tests/bench/bundle-budget.test.ts).
 */
import { type ComponentProps, type ComponentType, lazy, Suspense } from 'react';
import type * as Easy from './easy-read.tsx';

type Screens = Pick<typeof Easy, 'EasyHome' | 'EasyLibrary' | 'EasyPreference' | 'EasyHistory'>;

const load = () => import('./easy-read.tsx');

/** Starts loading the screens before they are asked for (the person chose easy read). */
export function preloadEasyRead() {
  void load().catch(() => {});
}

function screen<K extends keyof Screens>(name: K) {
  // Each screen's own props, checked where it is used (the signature below).
  const Screen = lazy(() =>
    load().then((m) => ({ default: m[name] as unknown as ComponentType<object> })),
  );
  return (props: ComponentProps<Screens[K]>) => (
    <Suspense fallback={null}>
      <Screen {...(props as object)} />
    </Suspense>
  );
}

export const EasyHome = screen('EasyHome');
export const EasyLibrary = screen('EasyLibrary');
export const EasyPreference = screen('EasyPreference');
export const EasyHistory = screen('EasyHistory');
