// Draws the default social sharing image (public/images/og-default.jpg, 1200x630) with
// the system Chromium. Run again after a brand change; the PNG is committed.
import { chromium } from "playwright-core";

const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;padding:0 90px;box-sizing:border-box;
  background:linear-gradient(135deg,#fff7ed 0%,#ffedd5 55%,#fde68a 100%);font-family:'DejaVu Sans',sans-serif;color:#1c1917">
  <svg width="110" height="110" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#c2410c"/><g fill="#fff"><ellipse cx="32" cy="42" rx="13" ry="11"/><circle cx="17" cy="27" r="6"/><circle cx="27" cy="18" r="6"/><circle cx="37" cy="18" r="6"/><circle cx="47" cy="27" r="6"/></g></svg>
  <div style="font-size:88px;font-weight:800;margin-top:30px">Pawsome <span style="color:#c2410c">Picks</span></div>
  <div style="font-size:40px;margin-top:16px;color:#57534e">The best toys for your dog, by breed</div>
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: "public/images/og-default.jpg", type: "jpeg", quality: 85 });
await browser.close();
console.log("wrote public/images/og-default.jpg");
