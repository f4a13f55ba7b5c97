import {
  createContext,
  memo,
  Suspense,
  use,
  useEffect,
  useContext,
  useRef,
  type ComponentType,
  type JSX,
  type MemoExoticComponent,
  type ReactPromise,
  type RefObject,
} from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useHydrated } from '@/lib/use-hydrated';

/** What starts loading a part's code before the browser is idle: the person reaching for it. */
const INTENT_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;
/** The longest a part waits for an idle moment once its page is hydrated (ms). */
const IDLE_TIMEOUT_MS = 2_000;

export type HydrateOnIntent = MemoExoticComponent<() => JSX.Element> & {
  /** Loads the part's code now (prerendering, tests); resolves once it can render without suspending. */
  preload(): Promise<void>;
};

const parts = new Set<HydrateOnIntent>();

/**
 * A part's wrapper carries `data-hydrating` (in the prerendered HTML too) until its content has rendered in the
 * browser. Prerendered parts hydrate after the page around them (the layout's Suspense boundary hydrates in a later
 * pass than the app's root), so the page asks the document, not the parts' effects, whether any is still waiting.
 */
const WAITING = '[data-hydrating]';
let whenNoneWaiting: (() => void)[] = [];

/**
 * Runs `callback` once no part on the page waits for its code (at once if none does): the page then responds to
 * input everywhere (app.tsx marks `<html data-hydrated>` so, which the browser tests wait for).
 */
export function afterPartsHydrate(callback: () => void): void {
  if (document.querySelector(WAITING) === null) callback();
  else whenNoneWaiting.push(callback);
}

function stopWaiting(wrapper: HTMLElement) {
  wrapper.removeAttribute('data-hydrating');
  if (document.querySelector(WAITING) !== null) return;
  const callbacks = whenNoneWaiting;
  whenNoneWaiting = [];
  for (const callback of callbacks) callback();
}

/** Tells a part's content its wrapper, whose `data-hydrating` it removes once rendered. */
const WrapperContext = createContext<RefObject<HTMLDivElement | null> | null>(null);

/**
 * Loads every part made with `hydrateOnIntent` that a rendered route has created, so rendering to HTML shows them
 * whole (scripts/prerender.mjs via entry-server.tsx). `renderToString` does not wait for a suspended part.
 */
export function preloadHydrateOnIntentParts(): Promise<void> {
  return Promise.all([...parts].map((part) => part.preload())).then(() => undefined);
}

/**
 * A page part (a prerendered form page's content) whose code is not in the page's first load (ADR 0052): `load`
 * imports the module whose default export is the part. The part takes no props; it reads what it needs itself.
 *
 * - Prerendered: its HTML is in the page. While the page hydrates, the part's Suspense boundary is left as it is (a
 *   plain HTML form that posts without JavaScript, ADR 0017), and its code loads on the first focus, pointer or key
 *   in it, or when the browser is idle, whichever is first; React then hydrates it in place. React keeps what was
 *   typed into it meanwhile (components/hydrate-on-intent.test.tsx, e2e/auth.spec.ts). If the code fails to load, the
 *   plain form stays (it still posts), and the next focus, pointer or key in it tries again.
 * - Rendered in the browser (a client-side navigation): its code loads at once, a spinner in between; a failed load
 *   is the route's error (its boundary offers to reload the page).
 *
 * The returned component is memoised and has no props, so a re-render of the page around it (e.g. the query after
 * hydration, `useHydratedSearchParams`) cannot reach a boundary that is still dehydrated; new props there would make
 * React drop the server HTML and render the spinner instead.
 */
export function hydrateOnIntent(load: () => Promise<{ default: ComponentType }>): HydrateOnIntent {
  // What a prerendered part's boundary waits on: settled once its code arrived, never failed, so a load that fails
  // (a lost connection, a chunk gone with a new release) leaves the server's HTML, whose form still posts, and the
  // next intent tries again. Marked fulfilled as React marks the promises it tracks, so `use` reads it at once from
  // then on (the prerender, a later visit).
  let settle: (part: ComponentType) => void = () => {};
  const ready: ReactPromise<ComponentType> = new Promise<ComponentType>((resolve) => {
    settle = resolve;
  });
  void ready.then((value) => Object.assign(ready, { status: 'fulfilled', value }));
  // The last load: under way, done, or failed (`failed`). Asking again after a failure loads again; a render reads the
  // last one as it is, so React's retry of a failed render does not start another (a promise made during a render).
  let attempt: Promise<ComponentType> | null = null;
  let failed = false;
  const request = (): Promise<ComponentType> => {
    if (attempt && !failed) return attempt;
    failed = false;
    attempt = load().then(
      (module) => {
        settle(module.default);
        return module.default;
      },
      (error: unknown) => {
        failed = true;
        throw error;
      },
    );
    return attempt;
  };
  /** Asks for the code where nothing waits on the answer (intent, idle): a failure is tried again at the next. */
  const ask = () => void request().catch(() => {});

  function Content() {
    const hydrated = useHydrated();
    // A client-side render has nothing on screen to keep: it waits on the load itself, and a failed one goes to the
    // route's error boundary (Reload the page). While hydrating, wait for intent or idle, keeping the server's HTML.
    const Part = use(hydrated && ready.status !== 'fulfilled' ? (attempt ?? request()) : ready);
    const wrapper = useContext(WrapperContext);
    useEffect(() => {
      if (wrapper?.current) stopWaiting(wrapper.current);
    }, [wrapper]);
    return <Part />;
  }

  function Boundary() {
    const ref = useRef<HTMLDivElement>(null);
    useEffect(() => {
      const wrapper = ref.current;
      if (ready.status === 'fulfilled' || !wrapper) return;
      // On the document, capturing: React's own listener on its root stops an event aimed at a dehydrated boundary.
      const start = (event: Event) => {
        if (event.target instanceof Node && wrapper.contains(event.target)) ask();
      };
      for (const type of INTENT_EVENTS) document.addEventListener(type, start, { capture: true });
      const idle =
        typeof window.requestIdleCallback === 'function'
          ? window.requestIdleCallback(ask, { timeout: IDLE_TIMEOUT_MS })
          : window.setTimeout(ask, 1);
      return () => {
        stopWaiting(wrapper);
        for (const type of INTENT_EVENTS) document.removeEventListener(type, start, { capture: true });
        if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
        else window.clearTimeout(idle);
      };
    }, []);
    return (
      // display: contents, so the wrapper that hears the intent adds nothing to the layout.
      <div ref={ref} className="contents" data-hydrating="">
        <WrapperContext value={ref}>
          <Suspense
            fallback={
              <div className="flex justify-center py-24">
                <Spinner />
              </div>
            }
          >
            <Content />
          </Suspense>
        </WrapperContext>
      </div>
    );
  }

  const part: HydrateOnIntent = Object.assign(memo(Boundary), {
    preload: () => request().then(() => undefined),
  });
  parts.add(part);
  return part;
}
