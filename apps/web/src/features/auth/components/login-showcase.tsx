import { BarChart3Icon, MonitorPlayIcon, TagsIcon } from 'lucide-react';

const HIGHLIGHTS = [
  { icon: MonitorPlayIcon, text: 'Loop ads on every screen in your outlets, from one place.' },
  { icon: TagsIcon, text: 'Target ads by tags, so each venue plays what fits its audience.' },
  { icon: BarChart3Icon, text: 'See every play as it happens, per ad, screen and outlet.' },
];

/** The brand half of the split-screen sign-in, shown beside the form on wide screens. */
export function LoginShowcase() {
  return (
    <div className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-12">
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-96 rounded-full bg-primary-foreground/10 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-40 -left-24 size-[28rem] rounded-full bg-primary-foreground/10 blur-3xl"
      />
      <p className="relative text-sm font-medium tracking-widest uppercase opacity-90">AdLoop for staff</p>
      <div className="relative space-y-8">
        <h2 className="max-w-md text-4xl font-semibold leading-tight tracking-tight">
          Advertising screens that never go dark.
        </h2>
        <ul className="space-y-4">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary-foreground/15">
                <Icon className="size-4" aria-hidden="true" />
              </span>
              <span className="pt-1 opacity-90">{text}</span>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm opacity-90">Restaurants, cafes, gyms and salons run their screens on AdLoop.</p>
    </div>
  );
}
