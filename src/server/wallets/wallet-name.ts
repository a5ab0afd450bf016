/** Default wallet name: 'Wallet ' + the address shortened as the product shows it (first 4, '...', last 7). */
export function defaultWalletName(address: string): string {
  return `Wallet ${shortAddress(address)}`;
}

export function shortAddress(address: string): string {
  return address.length <= 11 ? address : `${address.slice(0, 4)}...${address.slice(-7)}`;
}
