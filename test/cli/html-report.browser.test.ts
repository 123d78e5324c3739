/**
 * The report page in a real browser: Debian's Chromium, driven by playwright-core, loads the
 * pages `render --html` and `call --all --html` write (from file://), with every request that is
 * not file: or loopback blocked and recorded. It checks the text a reader sees, that no server's
 * markup ran, that each native image decoded, that the page raised no CSP or other console error,
 * and that a narrow window has no horizontal overflow; it writes screenshots under reports/.
 * Without Chromium it skips with one line saying how to install it; with BLOCKWISE_CI=1 it fails.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { captureIo, EVERYTHING_ENTRY, projectPath } from './helpers.js';
import { hostileResult, NATIVE_IMAGE } from './report-fixtures.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const SHOTS = projectPath('reports/html-report');
const IN_CI = process.env.BLOCKWISE_CI === '1';
const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** Requests a page may make: its own file, data: images, and loopback (nothing else leaves). */
function isAllowed(url: string): boolean {
  if (url.startsWith('file:') || url.startsWith('data:')) return true;
  try {
    const { hostname } = new URL(url);
    return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
  } catch {
    return false;
  }
}

/** One loaded page and what it tried: requests blocked, console errors, dialogs. */
interface Visit {
  readonly page: Page;
  readonly blocked: string[];
  readonly requests: string[];
  readonly consoleErrors: string[];
  readonly dialogs: string[];
}

if (!HAVE_CHROMIUM && !IN_CI) {
  describe('the report page in Chromium', () => {
    it.skip(`skipped: no Chromium at ${CHROMIUM}; install it with "sudo apt-get install -y chromium" (CI sets BLOCKWISE_CI=1 and installs it)`, () => {});
  });
} else {
  describe('the report page in Chromium', () => {
    let context: BrowserContext;
    let userDataDir: string;
    const dir = mkdtempSync(join(tmpdir(), 'blockwise-browser-'));

    beforeAll(async () => {
      // In CI a missing browser is a failure, never a skip.
      expect(existsSync(CHROMIUM), `Chromium is missing at ${CHROMIUM} (apt-get install -y chromium)`).toBe(true);
      userDataDir = mkdtempSync(join(tmpdir(), 'blockwise-chromium-'));
      context = await chromium.launchPersistentContext(userDataDir, {
        executablePath: CHROMIUM,
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1280, height: 900 },
      });
      mkdirSync(SHOTS, { recursive: true });
    }, 60_000);

    afterAll(async () => {
      await context?.close();
      rmSync(userDataDir, { recursive: true, force: true });
    });

    async function load(file: string): Promise<Visit> {
      const page = await context.newPage();
      const visit: Visit = { page, blocked: [], requests: [], consoleErrors: [], dialogs: [] };
      await page.route('**/*', (route) => {
        const url = route.request().url();
        if (isAllowed(url)) return route.continue();
        visit.blocked.push(url);
        return route.abort('blockedbyclient');
      });
      page.on('request', (request) => visit.requests.push(request.url()));
      page.on('console', (message) => {
        if (message.type() === 'error') visit.consoleErrors.push(message.text());
      });
      page.on('dialog', (dialog) => {
        visit.dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      return visit;
    }

    /** Every <img> on the page, with whether it decoded. */
    async function images(page: Page): Promise<{ src: string; complete: boolean; naturalWidth: number; naturalHeight: number }[]> {
      return page.$$eval('img', (all) =>
        all.map((img) => ({ src: img.src.slice(0, 30), complete: img.complete, naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight })),
      );
    }

    async function expectNoHorizontalOverflow(page: Page, name: string): Promise<void> {
      await page.setViewportSize({ width: 360, height: 780 });
      const widths = await page.evaluate<{ scroll: number; client: number }>(
        '({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth })',
      );
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await page.screenshot({ path: join(SHOTS, `${name}-narrow.png`) });
    }

    function expectQuiet(visit: Visit): void {
      expect(visit.blocked).toEqual([]);
      expect(visit.requests.filter((url) => !isAllowed(url))).toEqual([]);
      expect(visit.consoleErrors).toEqual([]);
      expect(visit.dialogs).toEqual([]);
    }

    it('render --html of a hostile result: its markup is text, its one native image decodes, nothing leaves the machine', async () => {
      const input = join(dir, 'hostile.json');
      const output = join(dir, 'render.html');
      writeFileSync(input, JSON.stringify(hostileResult()));
      const { io } = captureIo();
      expect(await main(['render', '--html', output, input], io)).toBe(0);

      const visit = await load(output);
      const { page } = visit;
      expect(await page.title()).toBe('blockwise render report');
      const text = await page.locator('body').innerText();
      expect(text).toContain('Hi <script>alert(1)</script> "><img src="http://198.51.100.7/pixel.png" onerror="alert(2)">');
      expect(text).toContain("Audio: this host's tool results carry only text and images.");
      expect(text).toContain('The block carried inline data together with a reference claim');
      expect(await page.locator('script').count()).toBe(0);
      expect(await images(page)).toEqual([
        { src: 'data:image/png;base64,iVBORw0K', complete: true, naturalWidth: NATIVE_IMAGE.width, naturalHeight: NATIVE_IMAGE.height },
      ]);
      expectQuiet(visit);
      await page.screenshot({ path: join(SHOTS, 'render.png'), fullPage: true });
      await expectNoHorizontalOverflow(page, 'render');
    }, 60_000);

    it('call --all --html with server-everything: every call and skip shown, its images decode, readable in a narrow window', async () => {
      const output = join(dir, 'call.html');
      const { io, err } = captureIo();
      const code = await main(
        [
          'call',
          '--all',
          '--html',
          output,
          '--args-file',
          projectPath('examples/server-everything-calls.json'),
          '--',
          process.execPath,
          EVERYTHING_ENTRY,
          'stdio',
        ],
        io,
      );
      expect({ code, err: err() }).toEqual({ code: 0, err: '' });

      const visit = await load(output);
      const { page } = visit;
      const text = await page.locator('body').innerText();
      expect(text).toMatch(/blockwise call report\n+server: mcp-servers\/everything/);
      expect(text).toContain('toggle-simulated-logging');
      expect(text).toContain('its annotations say it may change state (readOnlyHint: false)');
      expect(text).toContain("Here's the image you requested:");
      const sections = await page.locator('section.call').count();
      expect(sections).toBeGreaterThan(10);
      const shown = await images(page);
      expect(shown.length).toBeGreaterThan(0);
      for (const image of shown) expect(image).toMatchObject({ complete: true, naturalWidth: expect.any(Number) as number });
      expect(shown.every((image) => image.naturalWidth > 0 && image.src.startsWith('data:image/'))).toBe(true);
      expectQuiet(visit);
      await page.screenshot({ path: join(SHOTS, 'call.png') });
      await page.screenshot({ path: join(SHOTS, 'call-full.png'), fullPage: true });
      await expectNoHorizontalOverflow(page, 'call');
    }, 90_000);

    it('the blocking can fail: a page that asks the network is caught', async () => {
      const file = join(dir, 'leaky.html');
      writeFileSync(file, '<!doctype html><img src="http://198.51.100.7/x.png"><p>leaky</p>');
      const visit = await load(file);
      expect(visit.blocked).toEqual(['http://198.51.100.7/x.png']);
      await visit.page.close();
    }, 30_000);
  });
}
