/** Shapes the dashboard reads that the shared contract does not describe yet. */
import type { NftItem } from '../../../shared/contract/nft';

export interface NftSummary {
  results: NftItem[];
  count: number;
}
