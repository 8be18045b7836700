// Placeholder until issue 4 lands: the virtualised results list, loaded only when a filter is active.
export default function ResultsList() {
  return null;
}
