import { Mail } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '@/components/marketing/brand-logo';
import { LinkedInIcon, XIcon, YouTubeIcon } from '@/components/marketing/social-icons';
import { Separator } from '@/components/ui/separator';

const footerColumns = [
  {
    title: 'Resources',
    links: [
      { to: '/about', label: 'About' },
      { to: '/careers', label: 'Careers' },
      { to: '/support', label: 'Support' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy' },
      { to: '/terms', label: 'Terms' },
    ],
  },
] as const;

const socialLinks: { href: string; label: string; Icon: (props: React.ComponentProps<'svg'>) => React.ReactNode }[] = [
  { href: 'https://www.linkedin.com/company/adloop', label: 'AdLoop on LinkedIn', Icon: LinkedInIcon },
  { href: 'https://x.com/adloop', label: 'AdLoop on X (Twitter)', Icon: XIcon },
  { href: 'https://www.youtube.com/@adloop', label: 'AdLoop on YouTube', Icon: YouTubeIcon },
];

export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4">
            <BrandLogo linked={false} />
            <p className="max-w-xs text-sm leading-relaxed text-muted-foreground">
              Advertising screens for restaurants, cafes, gyms and salons. Every play counted exactly once.
            </p>
            <a
              href="mailto:hello@adloop.app"
              className="inline-flex items-center gap-2 text-sm font-medium text-foreground underline-offset-4 hover:underline"
            >
              <Mail className="size-4 text-primary" aria-hidden="true" />
              hello@adloop.app
            </a>
            <ul className="flex gap-2 pt-1">
              {socialLinks.map(({ href, label, Icon }) => (
                <li key={href}>
                  <a
                    href={href}
                    aria-label={label}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="grid size-9 place-items-center rounded-md border bg-background text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    <Icon className="size-4" />
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav aria-label="Footer" className="grid grid-cols-2 gap-6 sm:max-w-sm lg:ml-auto lg:w-full">
            {footerColumns.map((column) => (
              <div key={column.title}>
                <h2 className="text-sm font-semibold">{column.title}</h2>
                <ul className="mt-4 space-y-3">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        className="text-sm text-muted-foreground transition-colors hover:text-foreground"
                      >
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        </div>

        <Separator className="my-8" />

        <div className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
          <p>© 2026 AdLoop. All rights reserved.</p>
          <p>Made for screens that never go dark.</p>
        </div>
      </div>
    </footer>
  );
}
