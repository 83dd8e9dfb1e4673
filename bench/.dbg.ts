import { chromium } from 'playwright';
import { chromiumArgs, chromiumPath } from '../scripts/chromium';
import { startServerProcess } from './server-process';
const server = await startServerProcess(new URL('..', import.meta.url).pathname, { captcha: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs });
try {
  for (let i = 0; i < 4; i++) {
    const ctx = await browser.newContext();
    await ctx.addInitScript({ content: `window.__lt=[];new PerformanceObserver(l=>{for(const e of l.getEntries())window.__lt.push([Math.round(e.startTime),Math.round(e.duration)])}).observe({type:'longtask',buffered:true});` });
    const page = await ctx.newPage();
    await page.goto(server.baseUrl + '/login');
    await page.waitForTimeout(1500);
    console.log(await page.evaluate(`JSON.stringify({nav: (({requestStart,responseStart,responseEnd,domInteractive,domContentLoadedEventEnd,loadEventEnd})=>({requestStart,responseStart,responseEnd,domInteractive,domContentLoadedEventEnd,loadEventEnd}))(performance.getEntriesByType('navigation')[0]), paint: performance.getEntriesByType('paint').map(e=>[e.name,Math.round(e.startTime)]), lt: window.__lt, res: performance.getEntriesByType('resource').map(e=>[new URL(e.name).pathname.slice(0,30),Math.round(e.startTime),Math.round(e.responseEnd)])})`));
    await ctx.close();
  }
} finally { await browser.close(); await server.stop(); }
