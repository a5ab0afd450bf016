import { useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../../lib/session';
import { FungibleTokensSection } from './fungible-tokens-section';
import { GuestCard } from './guest-card';
import { InvoicingSection } from './invoicing-section';
import { LastActivity } from './last-activity';
import { NftSection } from './nft-section';
import { NoWalletState } from './no-wallet-state';
import { shouldShowWelcome } from './overview-rules';
import { PlanUsageBox } from './plan-usage-box';
import { PortfolioSection } from './portfolio-section';
import { SuggestionCard } from './suggestion-card';
import { TotalAssetsCard } from './total-assets-card';
import { WelcomeDialog } from './welcome-dialog';
import styles from './overview.module.css';

/** The dashboard (docs/overview.md). Guests read it too; invoicing is for full-access users. */
export function OverviewPage() {
  const user = useCurrentUser();
  const tutorialRunning = useRouterState({ select: (state) => state.location.state.tutorial !== undefined });
  if (!user) return null;

  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>Dashboard</h1>
      </header>
      <SuggestionCard user={user} />
      {user.has_wallet ? (
        <div className={styles.grid}>
          {user.full_access ? (
            <>
              <InvoicingSection />
              <PlanUsageBox user={user} />
            </>
          ) : (
            <GuestCard />
          )}
          <TotalAssetsCard user={user} />
          <LastActivity />
          <PortfolioSection user={user} />
          <FungibleTokensSection user={user} />
          <NftSection />
        </div>
      ) : (
        <div className={styles.grid}>
          {user.full_access ? null : <GuestCard />}
          <NoWalletState user={user} />
        </div>
      )}
      {shouldShowWelcome(user, tutorialRunning) ? <WelcomeDialog user={user} /> : null}
    </div>
  );
}
