import { describe, expect, it } from 'vitest';
import { chatHref, opensInNewTab } from '../../src/app/features/help/help-links';

describe('the help menu chat address (VITE_CHAT_URL)', () => {
  it('uses a configured web chat or mailto address', () => {
    expect(chatHref('https://chat.example.com/ledgerloop', 'help@example.com')).toBe('https://chat.example.com/ledgerloop');
    expect(chatHref('  http://localhost:9000/chat ', 'help@example.com')).toBe('http://localhost:9000/chat');
    expect(chatHref('mailto:chat@example.com', 'help@example.com')).toBe('mailto:chat@example.com');
  });

  it('falls back to the contact e-mail when unset, empty, not a URL or of another scheme', () => {
    for (const configured of [undefined, '', '   ', 'chat.example.com', 'javascript:alert(1)', 'ftp://example.com/x']) {
      expect(chatHref(configured, 'help@example.com')).toBe('mailto:help@example.com');
    }
  });

  it('opens a web chat in a new tab and hands a mailto link to the mail app', () => {
    expect(opensInNewTab('https://chat.example.com/')).toBe(true);
    expect(opensInNewTab('mailto:help@example.com')).toBe(false);
  });
});
