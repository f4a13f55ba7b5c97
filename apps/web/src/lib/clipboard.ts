import { scopedToast } from '@/lib/toast';

const toast = scopedToast('clipboard');

/** The old way, for browsers that refuse the async clipboard (no permission, insecure origin). */
function copyWithSelection(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  textarea.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
  }
}

/** Copies text and confirms with a toast; says so when the browser refuses. */
export async function copyWithToast(text: string, title: string, description: string): Promise<void> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    copied = copyWithSelection(text);
  }
  if (copied) toast.success(title, { description });
  else toast.error('Could not copy', { description: 'Select the code and copy it yourself.' });
}
