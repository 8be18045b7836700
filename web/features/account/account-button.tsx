// Placeholder until issue 8 lands.
export function AccountButton() {
  return null;
}
