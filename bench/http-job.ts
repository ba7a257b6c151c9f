/**
 * The standard job as a client of the API waits for it: POST /api/views/search (create), POST
 * /api/views/search/{id}/execute, GET /api/views/search/status/{jobId} while the job is not done, each answer read
 * and parsed. Runs against a server process (bench/server-process.ts) over loopback.
 */
import type { StandardJob, StandardJobRunner } from "./search.ts";

const HEADERS = { "Content-Type": "application/json", "X-Requested-By": "bench" };

/** The search the search page sends for the standard job: 150 newest messages and an auto-interval histogram. */
export function standardSearchBody(job: StandardJob): string {
  return JSON.stringify({
    queries: [{
      id: "q1",
      timerange: { type: "absolute", from: new Date(job.fromMs).toISOString(), to: new Date(job.toMs - 1).toISOString() },
      query: { type: "elasticsearch", query_string: job.query },
      search_types: [
        { type: "messages", id: "messages", limit: 150 },
        {
          type: "pivot",
          id: "histogram",
          row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
          series: [{ type: "count", id: "count()" }],
          rollup: true,
        },
      ],
    }],
  });
}

interface JobAnswer {
  id: string;
  execution: { done: boolean };
  results: Record<string, { errors: unknown[]; search_types: Record<string, { type: string; total_results?: number }> }>;
}

async function call<T>(url: string, cookie: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { ...HEADERS, cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url}: ${response.status} ${JSON.stringify(body)}`);
  return body as T;
}

/** Create + execute (+ status polls until done); answers the messages' total. */
export function httpJobRunner(base: string, cookie: string): StandardJobRunner {
  return async (job) => {
    const created = await call<{ id: string }>(`${base}/api/views/search`, cookie, { method: "POST", body: standardSearchBody(job) });
    let answer = await call<JobAnswer>(`${base}/api/views/search/${created.id}/execute`, cookie, { method: "POST", body: "{}" });
    while (!answer.execution.done) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      answer = await call<JobAnswer>(`${base}/api/views/search/status/${answer.id}`, cookie);
    }
    const query = answer.results.q1;
    if (query.errors.length > 0) throw new Error(`http: ${JSON.stringify(query.errors)}`);
    return query.search_types.messages.total_results ?? -1;
  };
}
