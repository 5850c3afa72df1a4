// Built by issue 6 (emergency takeover): start and end takeovers of chosen screens.
export function TakeoversPage() {
  return <p className="text-muted-foreground">Emergency takeover</p>;
}
