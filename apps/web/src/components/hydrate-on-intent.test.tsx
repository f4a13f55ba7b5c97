import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, useState, type ReactNode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Form } from '@/components/ui/form';
import { afterPartsHydrate, hydrateOnIntent, type HydrateOnIntent } from './hydrate-on-intent';

const submitted = vi.fn();

/** A prerendered page's form: posted as plain HTML until its part is hydrated. */
function EmailForm() {
  const form = useForm({ defaultValues: { email: '' } });
  return (
    <Form form={form} onValid={submitted} method="post" action="/login">
      <label>
        Email <input type="email" {...form.register('email')} />
      </label>
      <button type="submit">Log in</button>
    </Form>
  );
}

/** The page around the part, re-rendering on its own as a page does once hydrated (the query, the session). */
function Page({ Part }: { Part: HydrateOnIntent }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Page rendered {renders}
      </button>
      <Part />
    </>
  );
}

/** The HTML the prerender writes: the part rendered whole. */
async function prerendered(): Promise<HTMLElement> {
  const server = hydrateOnIntent(async () => ({ default: EmailForm }));
  await server.preload();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Page Part={server} />);
  document.body.append(container);
  return container;
}

/** The browser's copy of the part, whose code arrives when the test says so. */
function browserPart() {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const load = vi.fn(() => arrived.then(() => ({ default: EmailForm })));
  const part: HydrateOnIntent = hydrateOnIntent(load);
  return { part, load, arrive };
}

/** The page's error boundary (the router's, in the app). */
class ErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

let root: Root | undefined;
let idle: (() => void) | undefined;
beforeEach(() => {
  // The browser's idle callback, run when the test says the browser is idle.
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
    idle = callback;
    return 1;
  });
  vi.stubGlobal('cancelIdleCallback', () => {});
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  idle = undefined;
  document.body.innerHTML = '';
  submitted.mockReset();
  vi.unstubAllGlobals();
});

describe('hydrateOnIntent', () => {
  it('leaves the prerendered form as it is until someone reaches for it, keeping what was typed', async () => {
    const container = await prerendered();
    const { part, load, arrive } = browserPart();
    await act(async () => {
      root = hydrateRoot(container, <Page Part={part} />);
    });
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('[data-hydrating]')).not.toBeNull();
    const pageResponds = vi.fn();
    afterPartsHydrate(pageResponds);

    // Typed into the plain form; the page around it re-renders meanwhile.
    input.value = 'ada@example.com';
    await userEvent.click(screen.getByRole('button', { name: 'Page rendered 0' }));
    expect(screen.getByRole('button', { name: 'Page rendered 1' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input);
    expect(load).not.toHaveBeenCalled();

    await act(async () => input.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    expect(pageResponds).not.toHaveBeenCalled();
    await act(async () => arrive());

    // The same element, hydrated: what was typed is the form's value.
    await waitFor(() => expect(container.querySelector('[data-hydrating]')).toBeNull());
    expect(pageResponds).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input);
    expect(input).toHaveValue('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenCalledWith({ email: 'ada@example.com' }, expect.anything());
  });

  it('a submit before the code arrives is left to the browser: the plain form posts', async () => {
    const container = await prerendered();
    const { part } = browserPart();
    await act(async () => {
      root = hydrateRoot(container, <Page Part={part} />);
    });
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    await act(async () => screen.getByRole('button', { name: 'Log in' }).closest('form')?.dispatchEvent(submit));
    expect(submit.defaultPrevented).toBe(false);
    expect(submitted).not.toHaveBeenCalled();
  });

  it('loads the part when the browser is idle if nobody touched it', async () => {
    const container = await prerendered();
    const { part, load, arrive } = browserPart();
    await act(async () => {
      root = hydrateRoot(container, <Page Part={part} />);
    });
    expect(load).not.toHaveBeenCalled();
    act(() => idle?.());
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => arrive());
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenCalledWith({ email: 'grace@example.com' }, expect.anything());
  });

  it('a load that fails leaves the prerendered form as it is, and the next intent loads again', async () => {
    const container = await prerendered();
    const load = vi
      .fn<() => Promise<{ default: typeof EmailForm }>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: EmailForm });
    const part = hydrateOnIntent(load);
    await act(async () => {
      root = hydrateRoot(container, <Page Part={part} />);
    });
    const input = screen.getByRole('textbox', { name: 'Email' }) as HTMLInputElement;
    input.value = 'ada@example.com';
    await act(async () => input.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    // Still the server's form, what was typed in it, posting as plain HTML.
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input);
    expect(input).toHaveValue('ada@example.com');
    expect(container.querySelector('[data-hydrating]')).not.toBeNull();
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    await act(async () => input.closest('form')?.dispatchEvent(submit));
    expect(submit.defaultPrevented).toBe(false);

    await act(async () => input.dispatchEvent(new FocusEvent('focusin', { bubbles: true })));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(container.querySelector('[data-hydrating]')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Email' })).toBe(input);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(submitted).toHaveBeenCalledWith({ email: 'ada@example.com' }, expect.anything());
  });

  it('rendered in the browser, a load that fails is the error of the page around it', async () => {
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const part = hydrateOnIntent(load);
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const caught = vi.fn();
    root = createRoot(container, { onCaughtError: caught });
    await act(async () =>
      root?.render(
        <ErrorBoundary fallback={<p>Something went wrong</p>}>
          <Page Part={part} />
        </ErrorBoundary>,
      ),
    );
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(caught).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/Failed to fetch/) }),
      expect.anything(),
    );
  });

  it('rendered in the browser (a client-side navigation), loads at once with a spinner in between', async () => {
    const { part, load, arrive } = browserPart();
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () => root?.render(<Page Part={part} />));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(async () => arrive());
    expect(await screen.findByRole('textbox', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
