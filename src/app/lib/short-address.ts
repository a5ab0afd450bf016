/** docs/sign-in.md address display: the first 4 characters, '...', the last 7. Short values are shown whole. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 4)}...${address.slice(-7)}` : address;
}
