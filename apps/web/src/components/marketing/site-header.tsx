import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandLogo } from '@/components/marketing/brand-logo';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { paths } from '@/lib/paths';
import { cn } from '@/lib/utils';

const siteLinks = [
  { to: paths.pricing.getHref(), label: 'Pricing' },
  { to: paths.screenConnect.getHref(), label: 'Ad Screens' },
] as const;

export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <BrandLogo />

        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {siteLinks.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  isActive && 'text-foreground',
                )
              }
            >
              {link.label}
            </NavLink>
          ))}
          <Button asChild size="sm" className="ml-2">
            <Link to={paths.login.getHref()}>Login</Link>
          </Button>
        </nav>

        <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
          <SheetTrigger asChild>
            <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
              <Menu className="size-5" />
            </Button>
          </SheetTrigger>
          <SheetContent side="right" className="w-72">
            <SheetHeader className="border-b">
              <BrandLogo onClick={() => setMenuOpen(false)} />
              <SheetTitle className="sr-only">Menu</SheetTitle>
              <SheetDescription className="sr-only">Site navigation</SheetDescription>
            </SheetHeader>
            <nav aria-label="Mobile" className="flex flex-col gap-1 px-2">
              {siteLinks.map((link) => (
                <SheetClose asChild key={link.to}>
                  <NavLink
                    to={link.to}
                    className={({ isActive }) =>
                      cn(
                        'rounded-md px-3 py-2.5 text-base font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-foreground',
                        isActive && 'bg-accent text-foreground',
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </SheetClose>
              ))}
              <Separator className="my-3" />
              <SheetClose asChild>
                <Button asChild className="mx-1">
                  <Link to={paths.login.getHref()}>Login</Link>
                </Button>
              </SheetClose>
            </nav>
          </SheetContent>
        </Sheet>
      </div>
    </header>
  );
}
