import { MESSAGES } from '../../shared/messages';
import { toast } from './toast';

/** Copies text to the clipboard and confirms with 'Text copied to the clipboard' (docs/README.md). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
    } else {
      const area = document.createElement('textarea');
      area.value = text;
      area.setAttribute('readonly', '');
      area.style.position = 'fixed';
      area.style.opacity = '0';
      document.body.append(area);
      area.select();
      const copied = document.execCommand('copy');
      area.remove();
      if (!copied) throw new Error('Copy command refused');
    }
    toast(MESSAGES.textCopied, 'success');
    return true;
  } catch {
    toast('Could not copy to the clipboard', 'error');
    return false;
  }
}
