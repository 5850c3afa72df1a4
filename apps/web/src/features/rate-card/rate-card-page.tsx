// Built by issue 6 (dynamic pricing): the rate card a global admin manages.
export function RateCardPage() {
  return <p className="text-muted-foreground">Rate card</p>;
}
