// Renders the bundled demo ads (apps/server/assets/demo) from the HTML in scripts/demo-media.
// Needs Debian's chromium and ffmpeg; run by hand only when the demo designs change.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', 'apps', 'server', 'assets', 'demo');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

const image = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
await image.goto(`file://${path.join(here, 'demo-media', 'image-ad.html')}`);
const png = path.join(tmpdir(), 'cold-brew.png');
await image.screenshot({ path: png });

const fps = 24;
const seconds = 6;
const frames = mkdtempSync(path.join(tmpdir(), 'adloop-frames-'));
const video = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await video.goto(`file://${path.join(here, 'demo-media', 'video-ad.html')}`);
for (let frame = 0; frame < fps * seconds; frame += 1) {
  await video.evaluate(
    (ms) => {
      for (const animation of document.getAnimations()) {
        animation.pause();
        animation.currentTime = ms;
      }
    },
    (frame * 1000) / fps,
  );
  await video.screenshot({ path: path.join(frames, `f${String(frame).padStart(4, '0')}.png`) });
}
await browser.close();

const args = ['-y', '-loglevel', 'error', '-framerate', String(fps), '-i', path.join(frames, 'f%04d.png')];
execFileSync('ffmpeg', [
  ...args,
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '42',
  '-pix_fmt',
  'yuv420p',
  '-an',
  path.join(out, 'morning-rush.webm'),
]);
execFileSync('ffmpeg', [
  ...args,
  '-c:v',
  'libx264',
  '-crf',
  '30',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  '-an',
  path.join(out, 'morning-rush.mp4'),
]);
execFileSync('ffmpeg', ['-y', '-loglevel', 'error', '-i', png, '-q:v', '3', path.join(out, 'cold-brew.jpg')]);
rmSync(frames, { recursive: true });
rmSync(png);
console.log(`demo media written to ${out}`);
