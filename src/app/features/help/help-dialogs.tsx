import { Dialog } from '../../components/dialog';
import { AboutText, LegalText } from './help-content';

export type HelpDialog = 'about' | 'legal';

/** The help menu's 'About us' and 'Legal' dialogs, downloaded when one is first opened. */
export function HelpDialogs({ dialog, onClose }: { dialog: HelpDialog | null; onClose: () => void }) {
  return (
    <>
      <Dialog open={dialog === 'about'} onClose={onClose} title="About us">
        <AboutText />
      </Dialog>
      <Dialog open={dialog === 'legal'} onClose={onClose} title="Legal">
        <LegalText />
      </Dialog>
    </>
  );
}
