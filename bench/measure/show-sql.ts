/** `deno run -A bench/measure/show-sql.ts DB QUERY`: the WHERE clause the compiler makes of QUERY over DB's catalog. */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { compileQuery, parseQuery } from "../../mock-backend/query/mod.ts";
const db = await Database.open({ path: Deno.args[0] });
const store = await MessageStore.open(db, { nodeId: "bench" });
const compiled = compileQuery(parseQuery(Deno.args[1]), store.catalog(), { now: Date.now() });
console.log(compiled.sql, JSON.stringify(compiled.params));
db.close();
