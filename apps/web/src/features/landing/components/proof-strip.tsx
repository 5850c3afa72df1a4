// Product guarantees rather than customer logos: nothing here is an invented claim about who uses AdLoop.
const proofPoints = [
  { value: 'Exactly once', label: 'Every play carries its own ID, so a retry never bills twice.' },
  { value: 'Offline-first', label: 'Screens keep looping cached ads when the Wi-Fi drops.' },
  { value: 'Seconds', label: 'for an ad change to reach every screen that plays it.' },
  { value: '₹0', label: 'to join as an outlet. Use the screens you already own.' },
] as const;

export function ProofStrip() {
  return (
    <section aria-labelledby="proof-title" className="border-y bg-muted/40">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8">
        <h2 id="proof-title" className="sr-only">
          Why outlets and advertisers trust AdLoop
        </h2>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-8 lg:grid-cols-4">
          {proofPoints.map((point) => (
            <div key={point.value} className="flex flex-col gap-1.5">
              <dt className="text-xl font-semibold tracking-tight text-foreground sm:text-2xl">{point.value}</dt>
              <dd className="text-sm leading-relaxed text-muted-foreground">{point.label}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
