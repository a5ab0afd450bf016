/** Address display of docs/money.md: first 4 characters, '...', last 7. Short values are shown whole. */
export function shortAddress(address: string): string {
  if (address.length <= 14) return address;
  return `${address.slice(0, 4)}...${address.slice(-7)}`;
}
