import { MarketingShell } from '@/components/marketing/marketing-shell';
import { ContactSection } from '@/features/landing/components/contact-section';
import { HeroSection } from '@/features/landing/components/hero-section';
import { HowItWorksSection } from '@/features/landing/components/how-it-works-section';
import { ProofStrip } from '@/features/landing/components/proof-strip';
import { SolutionsSection } from '@/features/landing/components/solutions-section';

export function LandingPage() {
  return (
    <MarketingShell>
      <HeroSection />
      <ProofStrip />
      <SolutionsSection />
      <HowItWorksSection />
      <ContactSection />
    </MarketingShell>
  );
}
