// The installable app's web app manifest (/manifest.webmanifest): it opens on /app, standalone, in
// the site's colours; PNG icons for Android (any and maskable) and iOS (apple-touch-icon, linked by the pages).
import type { MetadataRoute } from 'next';
import { getSite } from '@/lib/content';

export default function manifest(): MetadataRoute.Manifest {
  const site = getSite();
  return {
    id: '/app',
    name: site.name,
    short_name: site.name,
    description: "Today's session, the week and your progress; log sets and runs at the gym, also without signal.",
    start_url: '/app',
    scope: '/app',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#0b63c5',
    categories: ['health', 'fitness', 'sports'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
