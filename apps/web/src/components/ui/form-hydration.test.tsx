import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Form } from './form';

const empty = { name: '', role: '' };
type Values = typeof empty;

/** A prerendered form as the waitlist page has one: posted as plain HTML until the script runs. */
function PrerenderedForm({ onValid }: { onValid: (values: Values) => void }) {
  const form = useForm<Values>({ defaultValues: empty });
  return (
    <Form form={form} onValid={onValid} method="post" action="/join-us">
      <label>
        Name <input {...form.register('name')} />
      </label>
      <label>
        Role
        <select {...form.register('role')}>
          <option value="">Select your role</option>
          <option value="nurse">Nurse</option>
        </select>
      </label>
      <button type="submit">Join</button>
    </Form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/**
 * React 19 keeps what was typed into a server-rendered field through hydration, and react-hook-form takes it as the
 * field's value: nothing typed before the page script ran is lost (the browser test in e2e/waitlist.spec.ts shows
 * the same on the real page).
 */
describe('a prerendered form', () => {
  it('keeps what the visitor typed before the page script ran, and submits it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PrerenderedForm onValid={() => {}} />);
    document.body.append(container);
    // Typed into the plain HTML form while the script was still loading.
    (screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value = 'Ada Lovelace';
    (screen.getByRole('combobox', { name: 'Role' }) as HTMLSelectElement).value = 'nurse';

    const onValid = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, <PrerenderedForm onValid={onValid} />);
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('nurse');
    await userEvent.click(screen.getByRole('button', { name: 'Join' }));
    expect(onValid).toHaveBeenCalledWith({ name: 'Ada Lovelace', role: 'nurse' }, expect.anything());
  });

  it('starts empty when nothing was typed', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<PrerenderedForm onValid={() => {}} />);
    document.body.append(container);
    await act(async () => {
      root = hydrateRoot(container, <PrerenderedForm onValid={() => {}} />);
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('');
  });
});
