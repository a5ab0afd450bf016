import { MESSAGES } from '../../../shared/messages';
import { useCurrentUser } from '../../lib/session';
import { NOT_AVAILABLE_YET, NoticeCard, PageFrame } from '../../components/page-frame';

interface SectionPageProps {
  title: string;
  /** Guests (full_access false) read the logged-in-only message instead (docs/app-shell.md). */
  loggedInOnly?: boolean;
}

function SectionPage({ title, loggedInOnly = false }: SectionPageProps) {
  const user = useCurrentUser();
  const guest = !user?.full_access;
  return (
    <PageFrame title={title}>
      <NoticeCard>
        <p>{loggedInOnly && guest ? MESSAGES.loggedInOnly : NOT_AVAILABLE_YET}</p>
      </NoticeCard>
    </PageFrame>
  );
}

export function TransactionsPage() {
  return <SectionPage title="Transactions" />;
}

export function ContactsPage() {
  return <SectionPage title="Contacts" loggedInOnly />;
}

export function AdminPage() {
  return <SectionPage title="Admin" />;
}
