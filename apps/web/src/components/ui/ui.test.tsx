import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MouseEvent } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Badge } from './badge';
import { Button } from './button';
import { Card, CardHeader, CardTitle } from './card';
import { Checkbox } from './checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from './dialog';
import { Input } from './input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './select';
import { scopedToast } from '@/lib/toast';
import { Toaster } from './sonner';
import { Label } from './label';
import { Spinner } from './spinner';
import { Table, TableBody, TableCell, TableRow } from './table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

describe('Button', () => {
  it('renders a native button with type="button" by default', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'button');
  });

  it('renders its child as the element when asChild is set', () => {
    render(
      <Button asChild variant="outline">
        <a href="/waitlist">Join</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Join' });
    expect(link).toHaveAttribute('href', '/waitlist');
    expect(link).not.toHaveAttribute('type');
    expect(link).toHaveClass('inline-flex', 'border-input');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('does not fire onClick when disabled', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Nope
      </Button>,
    );
    await user.click(screen.getByRole('button', { name: 'Nope' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});

describe('Dialog', () => {
  function Example() {
    return (
      <Dialog>
        <DialogTrigger asChild>
          <Button>Open dialog</Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Edit profile</DialogTitle>
            <DialogDescription>Update your details.</DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    );
  }

  it('opens on trigger click, is labelled by its title and closes with Escape', async () => {
    const user = userEvent.setup();
    render(<Example />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit profile' });
    expect(dialog).toHaveAccessibleDescription('Update your details.');
    expect(screen.getByText('Edit profile')).toBeVisible();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Focus returns to the trigger.
    expect(screen.getByRole('button', { name: 'Open dialog' })).toHaveFocus();
  });

  it('closes with the labelled X button', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Open dialog' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ConfirmDialog', () => {
  function Remove({ onConfirm }: { onConfirm: (event: MouseEvent<HTMLButtonElement>) => void }) {
    return (
      <ConfirmDialog
        trigger={<Button variant="destructive">Delete</Button>}
        title="Delete referral?"
        description="This cannot be undone."
        confirmLabel="Yes, delete"
        destructive
        onConfirm={onConfirm}
      >
        <p>Extra detail</p>
      </ConfirmDialog>
    );
  }

  it('asks first: Cancel (focused on opening) and Escape do not run the action, the confirm button does and closes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Remove onConfirm={onConfirm} />);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete referral?' });
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByText('Extra detail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('button', { name: 'Yes, delete' });
    expect(confirm).toHaveClass('bg-destructive');
    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open when the action prevents the default (waiting for the server), and opens from outside', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Switch plan?"
        description="The new plan starts now."
        cancelLabel="Keep the current plan"
        confirmLabel="Switch plan"
        onConfirm={(event) => event.preventDefault()}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Switch plan' });
    expect(confirm).not.toHaveClass('bg-destructive');
    await user.click(confirm);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Switch plan?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep the current plan' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Tabs', () => {
  it('switches the visible panel when another tab is clicked', async () => {
    const user = userEvent.setup();
    render(
      <Tabs defaultValue="open">
        <TabsList>
          <TabsTrigger value="open">Open</TabsTrigger>
          <TabsTrigger value="closed">Closed</TabsTrigger>
        </TabsList>
        <TabsContent value="open">Open referrals</TabsContent>
        <TabsContent value="closed">Closed referrals</TabsContent>
      </Tabs>,
    );

    expect(screen.getByRole('tab', { name: 'Open' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Open referrals');
    expect(screen.queryByText('Closed referrals')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Closed' }));

    expect(screen.getByRole('tab', { name: 'Closed' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Closed' })).toHaveTextContent('Closed referrals');
    expect(screen.queryByText('Open referrals')).not.toBeInTheDocument();
  });
});

describe('Checkbox', () => {
  it('toggles aria-checked on click and via its label', async () => {
    const user = userEvent.setup();
    const onCheckedChange = vi.fn();
    render(
      <div className="flex items-center gap-2">
        <Checkbox id="terms" onCheckedChange={onCheckedChange} />
        <Label htmlFor="terms">Accept terms</Label>
      </div>,
    );
    const checkbox = screen.getByRole('checkbox', { name: 'Accept terms' });
    expect(checkbox).toHaveAttribute('aria-checked', 'false');

    await user.click(checkbox);
    expect(checkbox).toHaveAttribute('aria-checked', 'true');
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByText('Accept terms'));
    expect(checkbox).toHaveAttribute('aria-checked', 'false');
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });
});

describe('Spinner', () => {
  it('is a status region with a screen-reader label defaulting to "Loading..."', () => {
    render(<Spinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading...');
    expect(screen.getByText('Loading...')).toHaveClass('sr-only');
    expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('can show a custom visible label', () => {
    render(<Spinner label="Loading referrals" showLabel />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading referrals');
    expect(screen.getByText('Loading referrals')).not.toHaveClass('sr-only');
  });
});

describe('Badge', () => {
  it('renders a status variant with its text', () => {
    render(<Badge variant="pending">Pending</Badge>);
    const badge = screen.getByText('Pending');
    expect(badge).toHaveAttribute('data-variant', 'pending');
    expect(badge).toHaveClass('bg-status-pending/15');
  });
});

describe('misc primitives', () => {
  it('CardTitle is an h3 by default and accepts another level', () => {
    render(
      <Card>
        <CardHeader>
          <CardTitle>Default</CardTitle>
          <CardTitle as="h2">Level two</CardTitle>
        </CardHeader>
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Default' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Level two' })).toBeInTheDocument();
  });

  it('Alert has role alert', () => {
    render(
      <Alert variant="destructive">
        <AlertTitle>Error</AlertTitle>
        <AlertDescription>Something went wrong.</AlertDescription>
      </Alert>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong.');
  });

  it('Input merges className and forwards props', () => {
    render(<Input aria-label="Email" type="email" className="max-w-sm" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveClass('max-w-sm', 'w-full');
  });

  it('Table is wrapped in a horizontally scrollable container', () => {
    render(
      <Table>
        <TableBody>
          <TableRow>
            <TableCell>Cell</TableCell>
          </TableRow>
        </TableBody>
      </Table>,
    );
    expect(screen.getByRole('table').parentElement).toHaveClass('overflow-x-auto');
  });

  it('Select trigger renders as a labelled combobox showing its placeholder (closed)', () => {
    render(
      <>
        <Label htmlFor="role">Role</Label>
        <Select>
          <SelectTrigger id="role">
            <SelectValue placeholder="Select your role" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="referrer">Referrer</SelectItem>
          </SelectContent>
        </Select>
      </>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Role' });
    expect(trigger).toHaveTextContent('Select your role');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('Toaster shows toasts raised with scopedToast', async () => {
    render(<Toaster />);
    scopedToast('referral').success('Referral saved');
    expect(await screen.findByText('Referral saved')).toBeInTheDocument();
  });

  it("a scope's new toast replaces its earlier one; other scopes' toasts stay", async () => {
    render(<Toaster />);
    const waitlist = scopedToast('waitlist');
    waitlist.error('Error', { description: 'Please select your role' });
    scopedToast('clipboard').success('Copied');
    expect(await screen.findByText('Please select your role')).toBeInTheDocument();
    waitlist.success('Success!', { description: "You've been added to our waitlist." });
    expect(await screen.findByText("You've been added to our waitlist.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please select your role')).not.toBeInTheDocument());
    expect(screen.getByText('Copied')).toBeInTheDocument();
  });

  it("two modules that share a scope replace each other's toast", async () => {
    render(<Toaster />);
    const form = scopedToast('profile');
    form.error('Error', { description: 'Please add your name' });
    form.success('Resume read');
    expect(await screen.findByText('Resume read')).toBeInTheDocument();
    scopedToast('profile').success('Profile saved');
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    // Gone well before its own 4 s are up.
    await waitFor(() => expect(screen.queryByText('Resume read')).not.toBeInTheDocument(), { timeout: 1_000 });
    expect(screen.queryByText('Please add your name')).not.toBeInTheDocument();
  });

  it("a toast raised just after its scope's earlier toast's action was clicked stays (Undo, then 'Change undone')", async () => {
    render(<Toaster />);
    const toast = scopedToast('pipeline');
    toast.success('Status updated', {
      action: {
        label: 'Undo',
        // The undo's answer comes back while sonner is still removing the clicked toast (200 ms).
        onClick: () =>
          void new Promise((resolve) => setTimeout(resolve, 100)).then(() => toast.success('Change undone')),
      },
    });
    // A click alone: sonner's pointer-down captures the pointer, which jsdom cannot.
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Change undone')).toBeInTheDocument();
    // Past the clicked toast's removal and the frame after it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getByText('Change undone')).toBeInTheDocument();
    expect(screen.queryByText('Status updated')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });
});
