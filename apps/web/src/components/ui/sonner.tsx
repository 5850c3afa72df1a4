import { TOAST_DURATION_MS } from '@adloop/contract/constants';
import { CircleCheckIcon, InfoIcon, Loader2Icon, OctagonXIcon, TriangleAlertIcon } from 'lucide-react';
import type * as React from 'react';
import { useEffect } from 'react';
import { Toaster as Sonner, type ToasterProps, toast } from 'sonner';
import { useDocumentTheme } from '@/lib/theme';
import { toasterMounted } from '@/lib/toast';

/**
 * Sonner's light rich colours put their text at 2.8-4.3:1 (warning, info, success) on their own
 * tints; these keep the tints and darken the text to 7:1 or more. Its dark ones already pass.
 */
const LIGHT_RICH_COLORS = {
  '--success-bg': 'oklch(0.982 0.018 155.826)',
  '--success-border': 'oklch(0.925 0.084 155.995)',
  '--success-text': 'oklch(0.448 0.119 151.328)',
  '--info-bg': 'oklch(0.97 0.014 254.604)',
  '--info-border': 'oklch(0.882 0.059 254.128)',
  '--info-text': 'oklch(0.424 0.199 265.638)',
  '--warning-bg': 'oklch(0.987 0.022 95.277)',
  '--warning-border': 'oklch(0.924 0.12 95.746)',
  '--warning-text': 'oklch(0.473 0.137 46.201)',
  '--error-bg': 'oklch(0.971 0.013 17.38)',
  '--error-border': 'oklch(0.885 0.062 18.334)',
  '--error-text': 'oklch(0.444 0.177 26.899)',
};

// Follows the page: dark while the dashboard shows in its dark theme, light everywhere else.
function Toaster({ ...props }: ToasterProps) {
  const theme = useDocumentTheme();
  // Sonner's own Toaster, a child, has subscribed by now: toasts raised before it may show.
  useEffect(() => toasterMounted(toast), []);
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          ...(theme === 'light' ? LIGHT_RICH_COLORS : {}),
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

/** The app's toaster (spec §2): top centre, with a close button, for the spec's duration. */
function AppToaster() {
  return <Toaster position="top-center" closeButton duration={TOAST_DURATION_MS} richColors />;
}

export { AppToaster };
