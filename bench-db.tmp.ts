import { sql } from "drizzle-orm";
import { openDatabase } from "./server/db/client.ts";
const url = process.env.PG;
const db0 = url ? await openDatabase({ url }) : await openDatabase({ dataDir: "memory://" });
if (!url) await db0.migrate();
const db = db0.db;
const rows = (from: number, n: number) => Array.from({ length: n }, (_, k) => {
  const i = from + k;
  return { fingerprint: `fp${i}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx#1`, kind: "earnings", day: "2026-10-03", item_id: `B0S${i % 2000}`, item_name: 'Toy, "size" L\\', tracking_id: "pawsome-1-20", device: "PHONE", items: 1, returns: 0, revenue_cents: 1299, earnings_cents: 39, currency: "USD" };
});
async function run(label: string, batch: number, stmt: (r: ReturnType<typeof rows>) => any) {
  await db.execute(sql`truncate earnings_rows`);
  const t = performance.now();
  for (let i = 0; i < 100_000; i += batch) await db.execute(stmt(rows(i, batch)));
  console.log(label, batch, Math.round(performance.now() - t), "ms");
}
const json = (r: any[]) => sql`insert into earnings_rows (fingerprint, kind, day, item_id, item_name, tracking_id, device, items, returns, revenue_cents, earnings_cents, currency)
  select fingerprint, kind, day, item_id, item_name, tracking_id, device, items, returns, revenue_cents, earnings_cents, currency
  from jsonb_to_recordset(${JSON.stringify(r)}::jsonb) as b(fingerprint text, kind text, day date, item_id text, item_name text, tracking_id text, device text, items integer, returns integer, revenue_cents integer, earnings_cents integer, currency text)
  on conflict (fingerprint) do nothing`;
const col = (r: any[], k: string) => sql.param(r.map((x) => x[k]));
const arrays = (r: any[]) => sql`insert into earnings_rows (fingerprint, kind, day, item_id, item_name, tracking_id, device, items, returns, revenue_cents, earnings_cents, currency)
  select * from unnest(${col(r,"fingerprint")}::text[], ${col(r,"kind")}::text[], ${col(r,"day")}::date[], ${col(r,"item_id")}::text[], ${col(r,"item_name")}::text[], ${col(r,"tracking_id")}::text[], ${col(r,"device")}::text[], ${col(r,"items")}::int[], ${col(r,"returns")}::int[], ${col(r,"revenue_cents")}::int[], ${col(r,"earnings_cents")}::int[], ${col(r,"currency")}::text[])
  on conflict (fingerprint) do nothing`;
await run("jsonb", 1000, json);
await run("arrays", 1000, arrays);
await run("jsonb", 1000, json);
await run("arrays", 1000, arrays);
const { rows: check } = await db.execute(sql`select item_name, day::text, items from earnings_rows limit 1`);
console.log(check);
await db0.close();
